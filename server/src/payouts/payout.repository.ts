import { Inject, Injectable } from '@nestjs/common';
import type { DB, PayoutRow } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

export type AdminPayoutRow = PayoutRow & { username: string | null; user_email: string | null };

@Injectable()
export class PayoutRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /** Whose wallet stream a payout lives on: admin commands are routed by it, then decided on the stream. */
  async ownerOf(payoutId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('payouts').select('uid').where('id', '=', payoutId).executeTakeFirst();
    return row?.uid;
  }

  async pageForMember(uid: string, limit: number, offset: number): Promise<{ rows: PayoutRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('payouts').selectAll().where('uid', '=', uid).orderBy('requested_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      this.db.selectFrom('payouts').select((eb) => eb.fn.countAll<string>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async pageForAdmin(status: string | undefined, limit: number, offset: number): Promise<{ rows: AdminPayoutRow[]; total: number }> {
    const base = this.db.selectFrom('payouts').$if(status !== undefined, (qb) => qb.where('payouts.status', '=', status!));
    const [rows, count] = await Promise.all([
      base
        .leftJoin('users', 'users.uid', 'payouts.uid')
        .selectAll('payouts')
        .select(['users.username as username', 'users.email as user_email'])
        .orderBy('payouts.requested_at', 'desc')
        .orderBy('payouts.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Totals for the member's stats: how many payouts, and how much has been paid out. */
  async totalsForMember(uid: string): Promise<{ count: number; paidOutPence: number }> {
    const row = await this.db
      .selectFrom('payouts')
      .where('uid', '=', uid)
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('status', '=', 'completed').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0)).as('paid'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), paidOutPence: Number(row.paid) };
  }
}
