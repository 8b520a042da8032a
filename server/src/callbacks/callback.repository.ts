import { Inject, Injectable } from '@nestjs/common';
import type { CallbackReviewStatus, CallbackState } from '@playquid/contracts';
import type { CallbackLogRow, DB } from '@playquid/read-db';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { readCounters } from '../common/counters';
import { likeContains } from '../common/like-pattern';
import { countUpTo, PageAnchors } from '../common/list-pages';
import { READ_DB } from '../infra/tokens';
import type { ActivityRow, CallbackCounts } from './callback-stats';

/** The console's filters; an absent one does not apply. */
export interface CallbackFilters {
  state?: CallbackState;
  processed?: boolean;
  userId?: string;
  offerId?: string;
  /** Case-insensitive substring of the transaction id, user id or offer name. */
  search?: string;
  /** Credits under review: held (waiting for an admin), approved or rejected. */
  review?: CallbackReviewStatus;
}

/** One WHERE for the list, the export and the per-user / per-offer pages, so they never disagree. */
export function matchesFilters(f: CallbackFilters) {
  return (eb: ExpressionBuilder<DB, 'callback_log'>) => {
    const conditions = [];
    // A callback without a state parameter is stored as NONE; a rejected one may have none at all.
    if (f.state === 'NONE') conditions.push(eb.or([eb('offer_state', '=', 'NONE'), eb('offer_state', 'is', null)]));
    else if (f.state) conditions.push(eb('offer_state', '=', f.state));
    if (f.processed !== undefined) conditions.push(eb('is_processed', '=', f.processed));
    if (f.userId) conditions.push(eb('user_id', '=', f.userId));
    if (f.offerId) conditions.push(eb('offer_id', '=', f.offerId));
    if (f.review) conditions.push(eb('review_status', '=', f.review));
    if (f.search) {
      const pattern = likeContains(f.search);
      conditions.push(eb.or([eb('transaction_id', 'ilike', pattern), eb('user_id', 'ilike', pattern), eb('offer_name', 'ilike', pattern)]));
    }
    return eb.and(conditions);
  };
}

const EXPORT_BATCH = 1_000;

const CALLBACK_PAGES = new PageAnchors();

@Injectable()
export class CallbackRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /**
   * One page, newest first. A page after one this process served starts after that page's last row
   * (keyset on (created_at, id), which both halves of the view index); others skip at most
   * MAX_OFFSET rows. The total of the whole log is the callbacks projection's counter plus the
   * unsigned ring; a filtered one is counted up to a cap.
   */
  async page(filters: CallbackFilters, limit: number, offset: number): Promise<{ rows: CallbackLogRow[]; total: number; estimated: boolean }> {
    const signature = JSON.stringify([filters, limit]);
    const start = await CALLBACK_PAGES.startOf(signature, offset);
    const base = this.db.selectFrom('callback_log').where(matchesFilters(filters));
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .select(sql<string>`created_at::text`.as('anchor_key'))
        .$if(start.after !== undefined, (qb) =>
          qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql<Date>`${start.after!.key}::timestamptz`, start.after!.id))),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(start.offset)
        .execute(),
      this.total(filters),
    ]);
    const last = rows[rows.length - 1];
    await CALLBACK_PAGES.remember(signature, offset, rows.length, last && { key: last.anchor_key, id: last.id });
    return { rows: rows.map(({ anchor_key: _, ...row }) => row), ...count };
  }

  private async total(filters: CallbackFilters): Promise<{ total: number; estimated: boolean }> {
    if (Object.values(filters).every((value) => value === undefined || value === '')) {
      const [signed, unsigned] = await Promise.all([
        readCounters(this.db, 'callback_counters', ['total']),
        this.db.selectFrom('unsigned_callback_rejects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { total: signed.get('total')! + Number(unsigned.n), estimated: false };
    }
    return countUpTo(this.db, this.db.selectFrom('callback_log').where(matchesFilters(filters)).select(sql`1`.as('one')).compile());
  }

  findById(id: string): Promise<CallbackLogRow | undefined> {
    return this.db.selectFrom('callback_log').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Every matching row, newest first, a batch at a time. Keyset paging on (created_at, id) rather
   * than OFFSET: rows arriving during a long export cannot shift a page and repeat or skip a row.
   */
  async count(filters: CallbackFilters): Promise<number> {
    const row = await this.db.selectFrom('callback_log').where(matchesFilters(filters)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async *batches(filters: CallbackFilters): AsyncGenerator<CallbackLogRow[]> {
    let after: { created_at: Date; id: string } | undefined;
    for (;;) {
      const rows = await this.db
        .selectFrom('callback_log')
        .selectAll()
        .where(matchesFilters(filters))
        .$if(after !== undefined, (qb) =>
          qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after!.created_at, after!.id))),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EXPORT_BATCH)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      after = { created_at: new Date(last.created_at), id: last.id };
    }
  }

  /**
   * The console's figures: the signed callbacks' from the callbacks projection's counters (primary-key
   * reads), the unsigned ring's (a fixed number of rows) and the last 24 hours' (the created_at
   * indexes of both) counted.
   */
  async counts(recentSince: Date): Promise<CallbackCounts> {
    const keys = ['total', 'processed', 'failed', 'unprocessed', 'rejected', 'completed', 'pending', 'reconciled', 'held'] as const;
    const [signed, unsigned, recent] = await Promise.all([
      readCounters(this.db, 'callback_counters', keys),
      this.db.selectFrom('unsigned_callback_rejects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('callback_log').where('created_at', '>', recentSince).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const c = Object.fromEntries(keys.map((key) => [key, signed.get(key)!])) as Record<(typeof keys)[number], number>;
    // An unsigned request is a rejected callback, never processed and without a processing error.
    const ring = Number(unsigned.n);
    return { ...c, total: c.total + ring, rejected: c.rejected + ring, unsigned: ring, recent24h: Number(recent.n) };
  }

  /** Callbacks since `from`, grouped by UTC hour (hours since the epoch, independent of the session time zone). */
  async activity(from: Date): Promise<ActivityRow[]> {
    const hour = sql<number>`floor(extract(epoch from created_at) / 3600)::bigint`;
    const failed = sql<boolean>`(processing_error is not null)`;
    const rows = await this.db
      .selectFrom('callback_log')
      .select((eb) => [hour.as('hour_index'), 'accepted', 'offer_state', 'is_processed', failed.as('failed'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .groupBy([hour, 'accepted', 'offer_state', 'is_processed', failed])
      .execute();
    return rows.map((r) => ({ ...r, hour_index: Number(r.hour_index), n: Number(r.n) }));
  }

  async lastReceivedAt(): Promise<Date | null> {
    // Signed callbacks only: a forger's request says nothing about whether BitLabs still reaches us.
    const row = await this.db.selectFrom('callbacks').select((eb) => eb.fn.max('created_at').as('at')).executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }
}
