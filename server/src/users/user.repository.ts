import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { AdminUserSortField, AdminUserStats, AdminUserStatus, Role } from '@playquid/contracts';
import type { DB, UsersTable } from '@playquid/read-db';
import { type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { dayKeys, nextUtcDay, readCounters, sumOf, throughTomorrow } from '../common/counters';
import { likeContains } from '../common/like-pattern';
import { afterAnchor, countUpTo, MAX_OFFSET, PAGE_TOO_DEEP, PageAnchors, type PageStart } from '../common/list-pages';
import { READ_DB } from '../infra/tokens';

/** A member's users row with the figures every view of them shows (a member without a balances row has zeros). */
export type UserRecord = Selectable<UsersTable> & {
  total_earned_pence: number;
  pending_pence: number;
  available_pence: number;
  paid_out_pence: number;
  completed_offers: number;
  referral_count: number;
};

export interface AdminUsersFilter {
  search?: string;
  role?: Role;
  status?: AdminUserStatus;
  sortBy: AdminUserSortField;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Money sorts treat a member without a balance row as zero, not as "unknown". */
const SORT_COLUMNS: Record<AdminUserSortField, RawBuilder<unknown>> = {
  created_at: sql`users.created_at`,
  last_login: sql`users.last_login`,
  email: sql`lower(users.email)`,
  username: sql`lower(users.username)`,
  role: sql`upper(users.role)`,
  total_earned: sql`coalesce(balances.total_earned_pence, 0)`,
  pending_earnings: sql`coalesce(balances.pending_pence, 0)`,
  completed_offers: sql`coalesce(balances.completed_offers, 0)`,
};

const NULLABLE_SORTS: ReadonlySet<AdminUserSortField> = new Set(['last_login']);

/** The sorts a page may start after the previous page's last row (keyset), with their key's type. */
const KEYSET_SORTS: Partial<Record<AdminUserSortField, string>> = { created_at: 'timestamptz', email: 'text', username: 'text', role: 'text' };

/** Status filters the users projection counts: a counter, or `-counter` for members less it. */
const STATUS_COUNTERS: Record<AdminUserStatus | 'all', string> = {
  all: 'members',
  banned: 'banned',
  active: '-banned',
  verified: 'verified',
  unverified: '-verified',
};

const USER_PAGES = new PageAnchors();

/** The money sorts: read in the order of a balances index (migration 1796300000002-MoneySortIndexes). */
const MONEY_SORTS: Partial<Record<AdminUserSortField, string>> = {
  total_earned: 'total_earned_pence',
  pending_earnings: 'pending_pence',
  completed_offers: 'completed_offers',
};

/** The users read table: one member with their figures (profile, admin view) and the admin console's list. */
@Injectable()
export class UserRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  private filtered(filter: Pick<AdminUsersFilter, 'search' | 'role' | 'status'>) {
    const { search, role, status } = filter;
    return this.db
      .selectFrom('users')
      .leftJoin('balances', 'balances.uid', 'users.uid')
      .$if(search !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('users.email', 'ilike', likeContains(search!)),
            eb('users.username', 'ilike', likeContains(search!)),
            eb('users.uid', 'ilike', likeContains(search!)),
          ]),
        ),
      )
      // The legacy lower-case 'admin' counts as ADMIN.
      .$if(role !== undefined, (qb) => qb.where(sql<string>`upper(users.role)`, '=', role!))
      .$if(status === 'banned', (qb) => qb.where('users.is_banned', '=', true))
      .$if(status === 'active', (qb) => qb.where('users.is_banned', '=', false))
      .$if(status === 'verified', (qb) => qb.where('users.is_verified', '=', true))
      .$if(status === 'unverified', (qb) => qb.where('users.is_verified', '=', false));
  }

  private withFigures() {
    return this.db
      .selectFrom('users')
      .leftJoin('balances', 'balances.uid', 'users.uid')
      .selectAll('users')
      .select((eb) => [
        eb.fn.coalesce('balances.total_earned_pence', eb.lit(0)).as('total_earned_pence'),
        eb.fn.coalesce('balances.pending_pence', eb.lit(0)).as('pending_pence'),
        eb.fn.coalesce('balances.available_pence', eb.lit(0)).as('available_pence'),
        eb.fn.coalesce('balances.paid_out_pence', eb.lit(0)).as('paid_out_pence'),
        eb.fn.coalesce('balances.completed_offers', eb.lit(0)).as('completed_offers'),
        // The users projection counts each member's referrals (a primary-key read).
        eb
          .selectFrom('user_counters as referrals')
          .select('referrals.n')
          .whereRef('referrals.key', '=', sql<string>`'referrals:' || users.uid`)
          .as('referral_count'),
      ]);
  }

  /**
   * One page of the admin list. The page's uids are chosen first, on the users (and balances) rows
   * alone, so an index on the sort key serves the sort; the figures, the referral count among them,
   * are then read for those rows only. A page after one this process served starts after that
   * page's last row (keyset), others skip at most MAX_OFFSET rows (`common/list-pages.ts`). The total
   * is a counter when the filter is one the users projection counts, else counted up to a cap.
   */
  async page(filter: AdminUsersFilter): Promise<{ rows: UserRecord[]; total: number; estimated: boolean }> {
    const sortColumn = SORT_COLUMNS[filter.sortBy];
    const direction = filter.sortOrder === 'asc' ? sql`asc` : sql`desc`;
    // Only last_login can be null; on the other keys "nulls last" changes nothing, and leaving it
    // out lets one index serve both directions (read backward for the other one).
    const nulls = NULLABLE_SORTS.has(filter.sortBy) ? sql` nulls last` : sql``;
    const keysetCast = KEYSET_SORTS[filter.sortBy];
    const signature = JSON.stringify([filter.search, filter.role, filter.status, filter.sortBy, filter.sortOrder, filter.limit]);
    const start: PageStart = keysetCast ? await USER_PAGES.startOf(signature, filter.offset) : { offset: filter.offset };
    if (!keysetCast && filter.offset > MAX_OFFSET) throw new BadRequestException(PAGE_TOO_DEEP);
    const money = MONEY_SORTS[filter.sortBy];
    // Both shapes give the page's uid, sort key and anchor text.
    type PageIds = SelectQueryBuilder<DB, 'users', { uid: string; sort_key: unknown; anchor_key: string | null }>;
    const pageIds: PageIds = money
      ? (this.moneyPageIds(filter, money, direction) as unknown as PageIds)
      : this.filtered(filter)
      .select(['users.uid', sql`${sortColumn}`.as('sort_key'), sql<string | null>`(${sortColumn})::text`.as('anchor_key')])
      .$if(start.after !== undefined, (qb) => qb.where(afterAnchor(sortColumn, filter.sortOrder, sql`users.uid`, start.after!, keysetCast!)))
      // Never-signed-in members sort last either way; uid keeps pages stable between equal values.
      .orderBy(sql`${sortColumn} ${direction}${nulls}`)
      .orderBy('users.uid')
      .limit(filter.limit)
      .offset(start.offset);
    const [rows, count] = await Promise.all([
      this.withFigures()
        .innerJoin(pageIds.as('page'), 'page.uid', 'users.uid')
        .select('page.anchor_key')
        .orderBy(sql`page.sort_key ${direction} nulls last`)
        .orderBy('users.uid')
        .execute(),
      this.total(filter),
    ]);
    const last = rows[rows.length - 1];
    if (keysetCast) await USER_PAGES.remember(signature, filter.offset, rows.length, last && { key: last.anchor_key, id: last.uid });
    return { rows: rows.map(({ anchor_key: _, ...row }) => numeric(row)), ...count };
  }

  /**
   * A money sort's page: the members with a non-zero figure in the balances index's order, and the
   * rest (zero, or no balances row) by uid, each cut at the page's depth, merged and paged. Every
   * part stops at the depth, so none sorts every member.
   */
  private moneyPageIds(filter: AdminUsersFilter, column: string, direction: RawBuilder<unknown>) {
    const figure = sql.ref(`balances.${column}`);
    const depth = filter.offset + filter.limit;
    const nonZero = this.filtered(filter)
      .where(figure, '<>', 0)
      .select(['users.uid', sql<number>`${figure}`.as('sort_key'), sql<string | null>`null`.as('anchor_key')])
      .orderBy(sql`${figure} ${direction}`)
      .orderBy('balances.uid')
      .limit(depth);
    // The zeros: balances rows at 0 (the index's range at 0, in uid order), and members without a
    // balances row (an anti join of the two primary keys, in uid order).
    const zero = this.filtered(filter)
      .where(figure, '=', 0)
      .select(['users.uid', sql<number>`0`.as('sort_key'), sql<string | null>`null`.as('anchor_key')])
      .orderBy('balances.uid')
      .limit(depth);
    const none = this.filtered(filter)
      .where('balances.uid', 'is', null)
      .select(['users.uid', sql<number>`0`.as('sort_key'), sql<string | null>`null`.as('anchor_key')])
      .orderBy('users.uid')
      .limit(depth);
    return this.db
      .selectFrom(sql<{ uid: string; sort_key: number; anchor_key: string | null }>`((${nonZero}) union all (${zero}) union all (${none}))`.as('m'))
      .select(['m.uid', 'm.sort_key', 'm.anchor_key'])
      .orderBy(sql`m.sort_key ${direction}`)
      .orderBy('m.uid')
      .limit(filter.limit)
      .offset(filter.offset);
  }

  /** How many members match: a users-projection counter for no filter, one role or one status; else counted up to a cap. */
  private async total(filter: AdminUsersFilter): Promise<{ total: number; estimated: boolean }> {
    const { search, role, status } = filter;
    if (search === undefined && (role === undefined || status === undefined)) {
      const key = role === 'ADMIN' ? 'admins' : role === undefined ? STATUS_COUNTERS[status ?? 'all'] : undefined;
      if (key) {
        const c = await readCounters(this.db, 'user_counters', ['members', 'admins', 'verified', 'banned']);
        const members = c.get('members')!;
        const total = key.startsWith('-') ? members - c.get(key.slice(1))! : key === 'members' ? members : c.get(key)!;
        return { total, estimated: false };
      }
    }
    return countUpTo(this.db, this.filtered(filter).select(sql`1`.as('one')).compile());
  }

  async find(uid: string): Promise<UserRecord | undefined> {
    const row = await this.withFigures().where('users.uid', '=', uid).executeTakeFirst();
    return row ? numeric(row) : undefined;
  }

  /** The stat cards, over every member, from the users projection's counters; "this week" is the last seven days. */
  async stats(now: Date): Promise<AdminUserStats> {
    const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
    const [c, newThisWeek] = await Promise.all([
      readCounters(this.db, 'user_counters', ['members', 'admins', 'verified', 'banned']),
      this.joinedSince(weekAgo, now),
    ]);
    return { total_users: c.get('members')!, admins: c.get('admins')!, verified: c.get('verified')!, banned: c.get('banned')!, new_this_week: newThisWeek };
  }

  /** Members who joined at or after `since`: whole UTC days from the counters, the first partial day from the created_at index. */
  async joinedSince(since: Date, now: Date): Promise<number> {
    const firstDayEnd = nextUtcDay(since);
    const keys = dayKeys('signups', firstDayEnd, throughTomorrow(now));
    const [days, partial] = await Promise.all([
      readCounters(this.db, 'user_counters', keys),
      this.db
        .selectFrom('users')
        .where('created_at', '>=', since)
        .where('created_at', '<', firstDayEnd)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return sumOf(days, keys) + Number(partial.n);
  }
}

/** pg returns bigint sums and counts as strings; pence stay far below 2^53. */
function numeric<T extends Record<string, unknown>>(row: T): UserRecord {
  const r = row as unknown as UserRecord;
  return {
    ...r,
    total_earned_pence: Number(r.total_earned_pence),
    pending_pence: Number(r.pending_pence),
    available_pence: Number(r.available_pence),
    paid_out_pence: Number(r.paid_out_pence),
    completed_offers: Number(r.completed_offers),
    referral_count: Number(r.referral_count ?? 0),
  };
}
