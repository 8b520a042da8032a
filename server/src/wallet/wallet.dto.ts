import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
import { PageParam, PerPageParam, Rfc3339 } from '../common/validators';

/**
 * A member's clock may run a little ahead of ours; "now" from such a client must not be refused as
 * the future. Anything later than this is a request for figures that do not exist yet.
 */
export const AS_OF_CLOCK_SKEW_MS = 60_000;

/** Statement entries per page when a page is asked for. */
export const STATEMENT_PAGE_SIZE = 50;

const IsNotInFuture = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNotInFuture',
      // Unparseable values are left to Rfc3339, so a bad value gets one clear message.
      validator: { validate: (value: unknown) => typeof value !== 'string' || !(Date.parse(value) > Date.now() + AS_OF_CLOCK_SKEW_MS) },
    },
    options,
  );

/** `?as_of=`: figures as they stood at that moment, rebuilt from the event log. */
export class AsOfQueryDto {
  @ApiPropertyOptional({ description: 'RFC 3339 timestamp (date, time with seconds, offset), not in the future', example: '2026-11-22T10:00:00Z' })
  @IsOptional()
  @Rfc3339('as_of')
  @IsNotInFuture({ message: 'as_of must not be in the future' })
  as_of?: string;
}

/**
 * `GET /api/users/statement`: `?as_of=`, and optionally one page of entries (`page`, counted from the
 * newest, `per_page` default 50). Without `page` the whole statement comes back, as before.
 */
export class StatementQueryDto extends AsOfQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam(STATEMENT_PAGE_SIZE)
  per_page?: number;
}
