import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const STATEMENT_EXPORT_FORMATS = ['json', 'csv'] as const;

/** `?format=` of the signed statement download. */
export class StatementExportQueryDto {
  @ApiPropertyOptional({ enum: STATEMENT_EXPORT_FORMATS, default: 'json', description: 'json (default) or csv; both carry the same Ed25519 signature' })
  @IsOptional()
  @IsIn(STATEMENT_EXPORT_FORMATS, { message: 'format must be json or csv' })
  format?: (typeof STATEMENT_EXPORT_FORMATS)[number];
}

export class StatementPublicKeyDto {
  @ApiProperty({ example: 'ed25519-3f1c2a9b7d4e5f60' })
  key_id!: string;

  @ApiProperty({ enum: ['Ed25519'] })
  algorithm!: 'Ed25519';

  @ApiProperty({ description: 'base64 of the 32-byte raw Ed25519 public key' })
  public_key!: string;

  @ApiProperty({ enum: ['active', 'retired'], description: 'retired keys signed older statements and still verify them' })
  status!: 'active' | 'retired';
}

export class StatementKeysDto {
  @ApiProperty({ type: [StatementPublicKeyDto] })
  keys!: StatementPublicKeyDto[];
}
