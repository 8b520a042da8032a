import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type MoneyHealthData, PAYOUT_STUCK_HOURS } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { AdminRoute } from '../auth/auth.decorators';
import { ok } from '../common/envelope';
import { READ_DB } from '../infra/tokens';

const ageSeconds = (oldest: Date | string | null, now: Date) =>
  oldest === null ? null : Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000));

/**
 * GET /api/admin/health: what the money pipeline still owes, for admins and alerting. Each figure
 * is one indexed count over the read model (partial indexes keep the waiting rows few to scan).
 */
@ApiTags('admin')
@Controller('admin/health')
export class MoneyHealthController {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  @Get()
  @AdminRoute()
  async money() {
    const now = new Date();
    const stuckBefore = new Date(now.getTime() - PAYOUT_STUCK_HOURS * 3_600_000);
    const [unprocessed, failed, reversals, stuck] = await Promise.all([
      this.db
        .selectFrom('callbacks')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('accepted', '=', true)
        .where('is_processed', '=', false)
        .where('processing_error', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('callbacks')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('is_processed', '=', false)
        .where('processing_error', 'is not', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('callbacks')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('awaiting_credit', '=', true)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('payouts')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(approved_at)`.as('oldest')])
        .where('status', '=', 'approved')
        .where('reward_status', '<>', 'sent')
        .where('approved_at', '<', stuckBefore)
        .executeTakeFirstOrThrow(),
    ]);
    return ok<MoneyHealthData>(
      {
        unprocessed_callbacks: { count: unprocessed.count, oldest_age_seconds: ageSeconds(unprocessed.oldest, now) },
        failed_callbacks: failed.count,
        unmatched_reversals: { count: reversals.count, oldest_age_seconds: ageSeconds(reversals.oldest, now) },
        stuck_payouts: { count: stuck.count, oldest_age_seconds: ageSeconds(stuck.oldest, now), after_hours: PAYOUT_STUCK_HOURS },
      },
      'Money pipeline health loaded',
    );
  }
}
