import { ApiPropertyOptional } from '@nestjs/swagger';
import { type EarningStatusFilter, LIMITS, PAGE_SIZES } from '@playquid/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageParam, PerPageParam, trimToUndefined } from '../common/validators';

const EARNING_STATUSES = ['pending', 'approved', 'paid', 'rejected'];

export class EarningsQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.earnings)
  per_page: number = PAGE_SIZES.earnings;

  @ApiPropertyOptional({ enum: EARNING_STATUSES })
  @IsOptional()
  @IsIn(EARNING_STATUSES, { message: 'status must be one of pending, approved, paid, rejected' })
  status?: EarningStatusFilter;

  @ApiPropertyOptional({ description: 'Only approved earnings not yet in a payout' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'available_for_payout must be true or false' })
  available_for_payout?: boolean;
}

export class RecentEarningsQueryDto {
  @ApiPropertyOptional({ default: LIMITS.recentEarnings, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @Max(50, { message: 'limit must be between 1 and 50' })
  limit: number = LIMITS.recentEarnings;
}

export class AdminEarningsQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(50)
  per_page = 50;

  @ApiPropertyOptional({ enum: EARNING_STATUSES })
  @IsOptional()
  @IsIn(EARNING_STATUSES, { message: 'status must be one of pending, approved, paid, rejected' })
  status?: string;

  @ApiPropertyOptional({ description: 'Only this member' })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(128)
  user_id?: string;
}
