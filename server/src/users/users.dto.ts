import { ApiProperty } from '@nestjs/swagger';
import { PAGE_SIZES, USERNAME_MAX_LENGTH } from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageParam, PerPageParam } from '../common/validators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto {
  @ApiProperty({ maxLength: USERNAME_MAX_LENGTH })
  @Transform(trim)
  @IsString({ message: 'username must be text' })
  @IsNotEmpty({ message: 'Username cannot be empty' })
  @MaxLength(USERNAME_MAX_LENGTH, { message: `username must be at most ${USERNAME_MAX_LENGTH} characters` })
  username!: string;
}

export class ProgressQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.progress)
  per_page: number = PAGE_SIZES.progress;
}
