import { Inject, Injectable } from '@nestjs/common';
import type { DB, PayoutRow } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { afterAnchor, countUpTo, oneSnapshot, PageAnchors } from '../common/list-pages';
import { READ_DB } from '../infra/tokens';

const PAYOUT_PAGES = new PageAnchors();

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
    const [rows, count] = await oneSnapshot(this.db, (db) =>
      Promise.all([
        db
          .selectFrom('payouts')
          .selectAll()
          .where('uid', '=', uid)
          .orderBy('requested_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('payouts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('uid', '=', uid)
          .executeTakeFirstOrThrow(),
      ]),
    );
    return { rows, total: Number(count.n) };
  }

  /**
   * The admin list, newest request first: after the previous page's last row when this process
   * served it (keyset on requested_at, id), else at most MAX_OFFSET rows skipped; the total counted
   * up to a cap.
   */
  async pageForAdmin(
    status: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminPayoutRow[]; total: number; estimated: boolean }> {
    const signature = JSON.stringify([status, limit]);
    const start = await PAYOUT_PAGES.startOf(signature, offset);
    const [rows, count] = await oneSnapshot(this.db, (db) => {
      const base = db.selectFrom('payouts').$if(status !== undefined, (qb) => qb.where('payouts.status', '=', status!));
      return Promise.all([
        base
          .leftJoin('users', 'users.uid', 'payouts.uid')
          .selectAll('payouts')
          .select(['users.username as username', 'users.email as user_email', sql<string>`payouts.requested_at::text`.as('anchor_key')])
          .$if(start.after !== undefined, (qb) =>
            qb.where(afterAnchor(sql`payouts.requested_at`, 'desc', sql`payouts.id`, start.after!, 'timestamptz')),
          )
          .orderBy('payouts.requested_at', 'desc')
          .orderBy('payouts.id')
          .limit(limit)
          .offset(start.offset)
          .execute(),
        countUpTo(db, base.select(sql`1`.as('one')).compile()),
      ]);
    });
    const last = rows[rows.length - 1];
    await PAYOUT_PAGES.remember(signature, offset, rows.length, last && { key: last.anchor_key, id: last.id });
    return { rows: rows.map(({ anchor_key: _, ...row }) => row), ...count };
  }

  /** Totals for the member's stats: how many payouts, and how much has been paid out. */
  async totalsForMember(uid: string): Promise<{ count: number; paidOutPence: number }> {
    const row = await this.db
      .selectFrom('payouts')
      .where('uid', '=', uid)
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn
          .coalesce(eb.fn.sum<string>(eb.case().when('status', '=', 'completed').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0))
          .as('paid'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), paidOutPence: Number(row.paid) };
  }
}
