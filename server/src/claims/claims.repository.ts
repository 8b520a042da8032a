import { Inject, Injectable } from '@nestjs/common';
import type { ClaimRow, DB } from '@playquid/read-db';
import { pageOffset } from '@playquid/domain';
import { type ExpressionBuilder, type Kysely } from 'kysely';
import { likeContains } from '../common/like-pattern';
import { oneSnapshot } from '../common/list-pages';
import { READ_DB } from '../infra/tokens';

export interface ClaimFilters {
  uid?: string;
  status?: string;
  offerId?: string;
  search?: string;
}

export type AdminClaimRow = ClaimRow & { user_email: string | null; username: string | null };

const EXPORT_BATCH = 1000;

function matches(filters: ClaimFilters) {
  return (eb: ExpressionBuilder<DB & { c: DB['claims']; u: DB['users'] }, 'c' | 'u'>) => {
    const conditions = [];
    if (filters.uid) conditions.push(eb('c.uid', '=', filters.uid));
    if (filters.status) conditions.push(eb('c.status', '=', filters.status));
    if (filters.offerId) conditions.push(eb.or([eb('c.offer_id', '=', filters.offerId), eb('c.api_id', '=', filters.offerId)]));
    if (filters.search) {
      const pattern = likeContains(filters.search);
      conditions.push(eb.or([eb('c.offer_title', 'ilike', pattern), eb('c.task_name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
    }
    return eb.and(conditions);
  };
}

/** Reads of the claims read table and the evidence beside it (read tables only). */
@Injectable()
export class ClaimsRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  private base(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('claims as c')
      .leftJoin('users as u', 'u.uid', 'c.uid')
      .selectAll('c')
      .select(['u.email as user_email', 'u.username as username']);
  }

  async page(filters: ClaimFilters, page: number, perPage: number): Promise<{ rows: AdminClaimRow[]; total: number }> {
    const [rows, count] = await oneSnapshot(this.db, (db) =>
      Promise.all([
        this.base(db)
          .where(matches(filters))
          .orderBy('c.opened_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(perPage)
          .offset(pageOffset(page, perPage))
          .execute(),
        this.count(filters, db),
      ]),
    );
    return { rows, total: count };
  }

  async count(filters: ClaimFilters, db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('claims as c')
      .leftJoin('users as u', 'u.uid', 'c.uid')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(matches(filters))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async *batches(filters: ClaimFilters): AsyncGenerator<AdminClaimRow[]> {
    let after: { opened_at: Date; id: string } | undefined;
    for (;;) {
      const rows = await this.base()
        .where(matches(filters))
        .$if(after !== undefined, (qb) =>
          qb.where((eb) => eb(eb.refTuple('c.opened_at', 'c.id'), '<', eb.tuple(after!.opened_at, after!.id))),
        )
        .orderBy('c.opened_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(EXPORT_BATCH)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      after = { opened_at: new Date(last.opened_at), id: last.id };
    }
  }

  find(id: string): Promise<AdminClaimRow | undefined> {
    return this.base().where('c.id', '=', id).executeTakeFirst();
  }

  forMemberOffer(uid: string, offerId: string): Promise<ClaimRow[]> {
    return this.db.selectFrom('claims').selectAll().where('uid', '=', uid).where('offer_id', '=', offerId).execute();
  }

  /** The member's earnings of one offer (BitLabs id), with a reversal's time and reason from the statement. */
  memberOfferEarnings(uid: string, apiId: string) {
    return this.db
      .selectFrom('earnings as e')
      .leftJoin('statement_entries as s', (join) =>
        join.onRef('s.uid', '=', 'e.uid').onRef('s.earning_id', '=', 'e.id').on('s.kind', '=', 'earning_reversed'),
      )
      .leftJoin('statement_entries as p', (join) =>
        join.onRef('p.uid', '=', 'e.uid').onRef('p.earning_id', '=', 'e.id').on('p.kind', '=', 'earning_pending'),
      )
      .select([
        'e.id',
        'e.task_id',
        'e.task_name',
        'e.status',
        'e.amount_pence',
        'e.created_at',
        'e.updated_at',
        's.at as reversed_at',
        's.reason as reversal_reason',
        'p.expected_clear_at',
      ])
      .where('e.uid', '=', uid)
      .where('e.kind', '=', 'offer')
      .where('e.offer_id', '=', apiId)
      .execute();
  }

  /** Accepted callbacks of the member for the offer (BitLabs id), newest first. */
  memberOfferCallbacks(uid: string, apiId: string, limit = 50) {
    return this.db
      .selectFrom('callbacks')
      .select(['id', 'transaction_id', 'task_id', 'task_name', 'offer_state', 'reward_pence', 'created_at', 'is_processed'])
      .where('user_id', '=', uid)
      .where('offer_id', '=', apiId)
      .where('accepted', '=', true)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  offerStart(uid: string, offerId: string) {
    return this.db
      .selectFrom('offer_starts')
      .select(['first_started_at', 'last_started_at', 'start_count'])
      .where('uid', '=', uid)
      .where('offer_id', '=', offerId)
      .executeTakeFirst();
  }

  /** Other members' credits of the same task (not reversed), newest first, and how many there are. */
  async otherCompletions(uid: string, apiId: string, taskId: string, limit = 10) {
    const base = this.db
      .selectFrom('earnings')
      .where('offer_id', '=', apiId)
      .where('task_id', '=', taskId)
      .where('uid', '!=', uid)
      .where('status', '!=', 'rejected');
    const [recent, count] = await Promise.all([
      base.select(['uid', 'status', 'amount_pence', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { recent, completions: Number(count.n) };
  }
}
