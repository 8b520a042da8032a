import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CLAIM_LIMITS, type ClaimStatus } from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { NoFormatCharacters, PageParam, PerPageParam, Text, toDisplayText, trimToUndefined } from '../common/validators';

const CLAIM_STATUSES: readonly ClaimStatus[] = ['open', 'waiting_partner', 'approved', 'declined'];
/** Optional display text: NFC and trimmed, and blank is the same as absent. */
const toOptionalDisplayText = (params: { value: unknown }) => {
  const value = toDisplayText(params);
  return value === '' ? undefined : value;
};

/** A member's claim: the offer and task, a short note and optional evidence text (no files). */
export class CreateClaimDto {
  @ApiProperty({ type: String, maxLength: 128, description: 'The offer (our id or its BitLabs id) the member started' })
  @Transform(trimToUndefined)
  @Text('offer_id', 128)
  offer_id = '';

  @ApiProperty({ type: String, maxLength: 128, description: "The task (the offer's event id) whose credit is missing" })
  @Transform(trimToUndefined)
  @Text('task_id', 128)
  task_id = '';

  @ApiProperty({ type: String, maxLength: CLAIM_LIMITS.noteMaxChars, description: 'What the member did and when (shown to admins and the partner)' })
  @Transform(toDisplayText)
  @Text('note', CLAIM_LIMITS.noteMaxChars)
  @NoFormatCharacters('note')
  note = '';

  @ApiPropertyOptional({ type: String, maxLength: CLAIM_LIMITS.evidenceMaxChars, nullable: true, description: 'Optional evidence as text (an order number, a level reached, a receipt id)' })
  @IsOptional()
  @Transform(toOptionalDisplayText)
  @Text('evidence', CLAIM_LIMITS.evidenceMaxChars)
  @NoFormatCharacters('evidence')
  evidence?: string;
}

/** An admin's decision: the reason is recorded on the event (and shown to the member on a decline). */
export class ClaimDecisionDto {
  @ApiProperty({ type: String, maxLength: CLAIM_LIMITS.reasonMaxChars, description: 'Why (required)' })
  @Transform(toDisplayText)
  @Text('reason', CLAIM_LIMITS.reasonMaxChars)
  @NoFormatCharacters('reason')
  reason = '';
}

export class ClaimWaitingDto {
  @ApiPropertyOptional({ type: String, maxLength: CLAIM_LIMITS.reasonMaxChars, description: 'What was asked of the partner (optional)' })
  @IsOptional()
  @Transform(toOptionalDisplayText)
  @Text('note', CLAIM_LIMITS.reasonMaxChars)
  @NoFormatCharacters('note')
  note?: string;
}

export class MemberClaimsQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(CLAIM_LIMITS.memberPageSize)
  per_page: number = CLAIM_LIMITS.memberPageSize;
}

export class AdminClaimsQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(CLAIM_LIMITS.adminPageSize)
  per_page: number = CLAIM_LIMITS.adminPageSize;

  @ApiPropertyOptional({ enum: CLAIM_STATUSES })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsIn(CLAIM_STATUSES, { message: `status must be one of ${CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ description: 'Exact member uid' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('user_id', 128)
  user_id?: string;

  @ApiPropertyOptional({ description: 'Exact offer id (ours or BitLabs)' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('offer_id', 128)
  offer_id?: string;

  @ApiPropertyOptional({ description: "Offer title, task name or the member's email (case-insensitive, partial)" })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('search', 200)
  search?: string;
}
