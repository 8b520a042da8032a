import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type CallbackReviewStatus, type CallbackState, LIMITS, PAGE_SIZES } from '@playquid/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageParam, PerPageParam, Text, trim, trimToUndefined, upperTrimToUndefined, WholeNumber } from '../common/validators';
import { CALLBACK_STATES } from './callback-stats';

/** Query strings carry text: 'true'/'false' become booleans, anything else is left for the validator to refuse. */
const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  return text === 'true' ? true : text === 'false' ? false : value;
};
const REVIEW_STATUSES: readonly CallbackReviewStatus[] = ['held', 'approved', 'rejected', 'covered_by_claim', 'account_closed'];
const STATE_MESSAGE = `state must be one of ${CALLBACK_STATES.join(', ')}`;

export class CallbacksQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.callbacks)
  per_page: number = PAGE_SIZES.callbacks;

  @ApiPropertyOptional({ enum: CALLBACK_STATES, description: 'BitLabs offer state; NONE also matches callbacks without one' })
  @IsOptional()
  @Transform(upperTrimToUndefined)
  @IsIn(CALLBACK_STATES, { message: STATE_MESSAGE })
  state?: CallbackState;

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: "processed must be 'true' or 'false'" })
  processed?: boolean;

  @ApiPropertyOptional({ description: 'Exact member uid' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('user_id', 128)
  user_id?: string;

  @ApiPropertyOptional({ description: 'Exact BitLabs offer id' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('offer_id', 128)
  offer_id?: string;

  @ApiPropertyOptional({ description: 'Transaction id, user id or offer name (case-insensitive, partial)' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('search', 200)
  search?: string;

  @ApiPropertyOptional({ enum: REVIEW_STATUSES, description: 'Credits above the review threshold: held (waiting), approved or rejected' })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsIn(REVIEW_STATUSES, { message: `review must be one of ${REVIEW_STATUSES.join(', ')}` })
  review?: CallbackReviewStatus;
}

/** An admin's approval or rejection of a held credit: the reason is recorded on the event. */
export class ReviewCallbackDto {
  @ApiProperty({ type: String, maxLength: 500, description: 'Why the credit is released or refused (required)' })
  @Transform(trim)
  @IsString({ message: 'reason must be text' })
  @IsNotEmpty({ message: 'A reason is required to review a held credit' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  // A missing reason is '' so the one message that applies is the one shown.
  reason = '';
}

export class ActivityQueryDto {
  @ApiPropertyOptional({ default: LIMITS.callbackActivityHours, minimum: 1, maximum: 168 })
  @IsOptional()
  @Type(() => Number)
  @WholeNumber('hours', 1, 168)
  hours: number = LIMITS.callbackActivityHours;
}

/** BitLabs sends 2 to 4 decimals; a reversal in default mode is negative. */
export const CALLBACK_AMOUNT = /^-?\d{1,7}\.\d{2,4}$/;
const AMOUNT_MESSAGE = 'amount must be a decimal string with 2 to 4 decimals, e.g. "1.25" or "-1.25" for a reversal';

export class TriggerCallbackDto {
  @ApiProperty({ description: 'Member uid the callback credits', maxLength: 65 })
  @Transform(trimToUndefined)
  @Text('uid', 65)
  uid!: string;

  @ApiProperty({ example: '1.25', description: 'User reward (val); negative for a default-mode reversal' })
  @Matches(CALLBACK_AMOUNT, { message: AMOUNT_MESSAGE })
  amount!: string;

  @ApiPropertyOptional({ description: 'Transaction id; generated ("o…", or "or…" for a reversal) when omitted', maxLength: 128 })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('tx', 128)
  tx?: string;

  @ApiPropertyOptional({ enum: CALLBACK_STATES, description: 'Default COMPLETED, or RECONCILED for a negative amount' })
  @IsOptional()
  @Transform(upperTrimToUndefined)
  @IsIn(CALLBACK_STATES, { message: STATE_MESSAGE })
  state?: CallbackState;

  @ApiPropertyOptional({ maxLength: 64 })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('offer_id', 64)
  offer_id?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('offer_name', 200)
  offer_name?: string;

  @ApiPropertyOptional({ description: 'For a reversal: the original transaction id', maxLength: 128 })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('ref', 128)
  ref?: string;
}
