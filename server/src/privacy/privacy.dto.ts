import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CloseAccountBody, PrivacyRequestKind, RecordPrivacyRequestBody } from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { Text, trim } from '../common/validators';

const KINDS: PrivacyRequestKind[] = ['export', 'closure', 'erasure'];

export class CloseAccountDto implements CloseAccountBody {
  @ApiPropertyOptional({ description: 'Required when money is available: the member gives it up' })
  @IsOptional()
  @IsBoolean({ message: 'confirm_forfeit must be true or false' })
  confirm_forfeit?: boolean;
}

export class RecordPrivacyRequestDto implements RecordPrivacyRequestBody {
  @ApiProperty()
  @IsString({ message: 'uid is required' })
  @Length(1, 128, { message: 'uid is required' })
  uid!: string;

  @ApiProperty({ enum: KINDS })
  @IsIn(KINDS, { message: 'kind must be export, closure or erasure' })
  kind!: PrivacyRequestKind;

  @ApiProperty({ maxLength: 500, description: 'The written request: where it came from and what it asks' })
  @Transform(trim)
  @Text('reason', 500)
  reason!: string;
}

export class ActOnPrivacyRequestDto {
  @ApiPropertyOptional({ description: "Closure or erasure: the member's written confirmation that they give up their balance" })
  @IsOptional()
  @IsBoolean({ message: 'confirm_forfeit must be true or false' })
  confirm_forfeit?: boolean;
}
