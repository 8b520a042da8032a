import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type AdminPayoutApproveBody,
  type AdminPayoutCancelBody,
  type AdminPayoutProcessBody,
  type AdminPayoutRejectBody,
  PAGE_SIZES,
  type PayoutCancelBody,
  type PayoutMethod,
  type PayoutRequestBody,
  type PayoutStatus,
} from '@playquid/contracts';
import { Transform, Type } from 'class-transformer';
import { Equals, IsBoolean, IsDefined, IsEmail, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PageParam, PerPageParam, trim, trimToUndefined } from '../common/validators';

const PAYOUT_STATUSES: PayoutStatus[] = ['pending', 'approved', 'completed', 'rejected', 'cancelled'];

class PaymentDetailsDto {
  @ApiProperty({ enum: ['email'] })
  @Equals('email', { message: "payment_details.delivery_method must be 'email'" })
  delivery_method!: 'email';
}

export class PayoutRequestDto implements PayoutRequestBody {
  @ApiProperty({ enum: ['tremendous_reward'] })
  @IsIn(['tremendous_reward'], { message: "method must be 'tremendous_reward'" })
  method!: PayoutMethod;

  @ApiProperty({ type: PaymentDetailsDto })
  @IsDefined({ message: 'payment_details is required' })
  @IsObject({ message: 'payment_details must be an object' })
  @ValidateNested()
  @Type(() => PaymentDetailsDto)
  payment_details!: PaymentDetailsDto;
}

export class PayoutReasonDto implements PayoutCancelBody, AdminPayoutCancelBody {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}

export class RejectPayoutDto implements AdminPayoutRejectBody {
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString({ message: 'reason must be text' })
  @IsNotEmpty({ message: 'A reason is required to reject a payout' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;
}

export class ApprovePayoutDto implements AdminPayoutApproveBody {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'notes must be text' })
  @MaxLength(1000, { message: 'notes must be at most 1000 characters' })
  notes?: string;

  @ApiPropertyOptional({ default: false, description: 'Confirms a reversal that landed while the payout was open was reviewed' })
  @IsOptional()
  @IsBoolean({ message: 'acknowledge_reversal must be true or false' })
  acknowledge_reversal?: boolean;
}

export class ProcessPayoutDto implements AdminPayoutProcessBody {
  @ApiProperty({ description: 'Reward reference (the reward order or processor reference the payout was paid with)', maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'Transaction ID is required' })
  @IsNotEmpty({ message: 'Transaction ID is required' })
  @MaxLength(200, { message: 'Transaction ID must be at most 200 characters' })
  transaction_id!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'notes must be text' })
  @MaxLength(1000, { message: 'notes must be at most 1000 characters' })
  notes?: string;

  @ApiPropertyOptional({ default: false, description: 'Confirms a reversal that landed while the payout was open was reviewed' })
  @IsOptional()
  @IsBoolean({ message: 'acknowledge_reversal must be true or false' })
  acknowledge_reversal?: boolean;
}

class PagingDto {
  @PageParam()
  page = 1;
}

export class PayoutsQueryDto extends PagingDto {
  @PerPageParam(PAGE_SIZES.userPayouts)
  per_page: number = PAGE_SIZES.userPayouts;
}

export class AdminPayoutsQueryDto extends PagingDto {
  @PerPageParam(PAGE_SIZES.adminPayouts)
  per_page: number = PAGE_SIZES.adminPayouts;

  @ApiPropertyOptional({ enum: PAYOUT_STATUSES, description: 'Omit for all' })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsIn(PAYOUT_STATUSES, { message: `status_filter must be one of ${PAYOUT_STATUSES.join(', ')}` })
  status_filter?: PayoutStatus;
}

/** A resend after a failed delivery: a corrected email, or none to use the same one. */
export class ResendRewardDto {
  @ApiPropertyOptional({ description: 'A corrected email for the new reward order; the same email when absent' })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email?: string;
}

/** Returning an undelivered reward's money to the member's balance; the reason shows on their statement. */
export class ReturnPayoutDto {
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString({ message: 'reason must be text' })
  @IsNotEmpty({ message: 'A reason is required to return a payout to the balance' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;
}
