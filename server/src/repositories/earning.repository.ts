import { Inject, Injectable } from '@nestjs/common';
import type { DB, EarningRow } from '@playquid/read-db';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

export interface EarningsFilter {
  status?: string;
  availableForPayout?: boolean;
}

/** Reusable filter: the member's earnings, optionally by status or "available for payout". */
const matching = (uid: string, filter: EarningsFilter) => (eb: ExpressionBuilder<DB, 'earnings'>) =>
  eb.and([
    eb('uid', '=', uid),
    ...(filter.status ? [eb('status', '=', filter.status)] : []),
    ...(filter.availableForPayout ? [eb('status', '=', 'approved'), eb('payout_id', 'is', null)] : []),
  ]);

@Injectable()
export class EarningRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  page(uid: string, filter: EarningsFilter, limit: number, offset: number): Promise<EarningRow[]> {
    return this.db
      .selectFrom('earnings')
      .selectAll()
      .where(matching(uid, filter))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Count of the filtered earnings and their money totals in pence (reversed ones count for nothing). */
  async summary(uid: string, filter: EarningsFilter): Promise<{ count: number; total: number; approved: number; pending: number }> {
    const row = await this.db
      .selectFrom('earnings')
      .where(matching(uid, filter))
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('status', '!=', 'rejected').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0)).as('total'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('status', '=', 'approved').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0)).as('approved'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0)).as('pending'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), total: Number(row.total), approved: Number(row.approved), pending: Number(row.pending) };
  }
}
