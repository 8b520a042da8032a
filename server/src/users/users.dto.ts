import { ApiProperty } from '@nestjs/swagger';
import { PAGE_SIZES, USERNAME_MAX_LENGTH } from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NoFormatCharacters, PageParam, PerPageParam, toDisplayText } from '../common/validators';

export class UpdateProfileDto {
  @ApiProperty({ maxLength: USERNAME_MAX_LENGTH })
  @Transform(toDisplayText)
  @IsString({ message: 'username must be text' })
  @NoFormatCharacters('username')
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
