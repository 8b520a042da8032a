import { Inject, Injectable } from '@nestjs/common';
import { EARNED_STATUSES } from '@playquid/contracts';
import type { DB, EarningRow } from '@playquid/read-db';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { afterAnchor, countUpTo, oneSnapshot, PageAnchors } from '../common/list-pages';
import { READ_DB } from '../infra/tokens';

const EARNING_PAGES = new PageAnchors();

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

  page(uid: string, filter: EarningsFilter, limit: number, offset: number, db: Kysely<DB> = this.db): Promise<EarningRow[]> {
    return db
      .selectFrom('earnings')
      .selectAll()
      .where(matching(uid, filter))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A page of the member's earnings and the summary of all of them, read on one snapshot so the two agree. */
  pageWithSummary(uid: string, filter: EarningsFilter, limit: number, offset: number) {
    return oneSnapshot(this.db, async (db) => {
      const [rows, summary] = await Promise.all([this.page(uid, filter, limit, offset, db), this.summary(uid, filter, db)]);
      return { rows, summary };
    });
  }

  /** Count of the filtered earnings and their money totals in pence; `total` is Total Earned (EARNED_STATUSES). */
  async summary(
    uid: string,
    filter: EarningsFilter,
    db: Kysely<DB> = this.db,
  ): Promise<{ count: number; total: number; approved: number; pending: number }> {
    const row = await db
      .selectFrom('earnings')
      .where(matching(uid, filter))
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when('status', 'in', [...EARNED_STATUSES])
                .then(eb.ref('amount_pence'))
                .else(0)
                .end(),
            ),
            eb.lit(0),
          )
          .as('total'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.case().when('status', '=', 'approved').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0))
          .as('approved'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(eb.ref('amount_pence')).else(0).end()), eb.lit(0))
          .as('pending'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), total: Number(row.total), approved: Number(row.approved), pending: Number(row.pending) };
  }

  /** Every member's earnings for the admin screen, newest first, with who earned them. */
  /** The admin list, newest first: keyset after the previous page when this process served it, else at most MAX_OFFSET rows skipped. */
  async adminPage(filter: { status?: string; uid?: string }, limit: number, offset: number) {
    const signature = JSON.stringify([filter.status, filter.uid, limit]);
    const start = await EARNING_PAGES.startOf(signature, offset);
    const [rows, count] = await oneSnapshot(this.db, (db) => {
      const base = db
        .selectFrom('earnings')
        .$if(filter.status !== undefined, (qb) => qb.where('earnings.status', '=', filter.status!))
        .$if(filter.uid !== undefined, (qb) => qb.where('earnings.uid', '=', filter.uid!));
      return Promise.all([
        base
          .leftJoin('users', 'users.uid', 'earnings.uid')
          .selectAll('earnings')
          .select(['users.username as username', 'users.email as user_email', sql<string>`earnings.created_at::text`.as('anchor_key')])
          .$if(start.after !== undefined, (qb) =>
            qb.where(afterAnchor(sql`earnings.created_at`, 'desc', sql`earnings.id`, start.after!, 'timestamptz')),
          )
          .orderBy('earnings.created_at', 'desc')
          .orderBy('earnings.id')
          .limit(limit)
          .offset(start.offset)
          .execute(),
        countUpTo(db, base.select(sql`1`.as('one')).compile()),
      ]);
    });
    const last = rows[rows.length - 1];
    await EARNING_PAGES.remember(signature, offset, rows.length, last && { key: last.anchor_key, id: last.id });
    return { rows: rows.map(({ anchor_key: _, ...row }) => row), total: count.total, estimated: count.estimated };
  }

  /**
   * One row per offer the member has earned on or started, newest first: when it started (first
   * credit, or the start for an offer not credited yet), when a task was last confirmed, and how
   * its credits stand.
   */
  async offerProgress(uid: string, limit: number, offset: number): Promise<{ rows: OfferProgressRow[]; total: number }> {
    const [rows, count] = await oneSnapshot(this.db, (db) => {
      const grouped = db
        .selectFrom('earnings')
        .where('uid', '=', uid)
        .where('kind', '=', 'offer')
        .where('offer_id', 'is not', null)
        .groupBy('offer_id')
        .select((eb) => [
          eb.ref('offer_id').$notNull().as('offer_id'),
          eb.fn.max('offer_name').as('offer_name'),
          eb.fn.min('created_at').as('started_at'),
          eb.fn.max(eb.case().when('status', 'in', ['approved', 'paid']).then(eb.ref('updated_at')).end()).as('completed_at'),
          eb.fn.countAll<string>().as('tasks'),
          eb.fn.count<string>(eb.case().when('status', 'in', ['approved', 'paid']).then(1).end()).as('completed'),
          eb.fn.count<string>(eb.case().when('status', '=', 'pending').then(1).end()).as('pending'),
        ]);
      // Offers started here that BitLabs has not credited yet: in progress, no tasks (0%).
      const startedOnly = db
        .selectFrom('offer_starts as s')
        .where('s.uid', '=', uid)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('earnings as e')
                .select('e.id')
                .whereRef('e.offer_id', '=', 's.api_id')
                .where('e.uid', '=', uid)
                .where('e.kind', '=', 'offer'),
            ),
          ),
        )
        .select([
          's.api_id as offer_id',
          sql<string | null>`s.offer_title`.as('offer_name'),
          's.first_started_at as started_at',
          sql<Date | null>`null::timestamptz`.as('completed_at'),
          sql<string>`0::bigint`.as('tasks'),
          sql<string>`0::bigint`.as('completed'),
          sql<string>`0::bigint`.as('pending'),
        ]);
      const progress = db.selectFrom(grouped.unionAll(startedOnly).as('p'));
      return Promise.all([
        progress.selectAll().orderBy('started_at', 'desc').orderBy('offer_id').limit(limit).offset(offset).execute(),
        progress.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
    });
    return {
      rows: rows.map((r) => ({ ...r, tasks: Number(r.tasks), completed: Number(r.completed), pending: Number(r.pending) })),
      total: Number(count.n),
    };
  }
}

export interface OfferProgressRow {
  offer_id: string;
  offer_name: string | null;
  started_at: Date | string;
  completed_at: Date | string | null;
  tasks: number;
  completed: number;
  pending: number;
}
