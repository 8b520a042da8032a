import { Inject, Injectable } from '@nestjs/common';
import type { AdminUserSortField, AdminUserStats, AdminUserStatus, Role } from '@playquid/contracts';
import type { DB, UsersTable } from '@playquid/read-db';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { dayKeys, nextUtcDay, readCounters, sumOf, throughTomorrow } from '../common/counters';
import { likeContains } from '../common/like-pattern';
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
   * alone, so an index on the sort key serves the sort and OFFSET; the figures, the referral count
   * among them, are then read for those rows only, never for the rows OFFSET skips.
   */
  async page(filter: AdminUsersFilter): Promise<{ rows: UserRecord[]; total: number }> {
    const sortColumn = SORT_COLUMNS[filter.sortBy];
    const direction = filter.sortOrder === 'asc' ? sql`asc` : sql`desc`;
    // Only last_login can be null; on the other keys "nulls last" changes nothing, and leaving it
    // out lets one index serve both directions (read backward for the other one).
    const nulls = NULLABLE_SORTS.has(filter.sortBy) ? sql` nulls last` : sql``;
    const pageIds = this.filtered(filter)
      .select(['users.uid', sql`${sortColumn}`.as('sort_key')])
      // Never-signed-in members sort last either way; uid keeps pages stable between equal values.
      .orderBy(sql`${sortColumn} ${direction}${nulls}`)
      .orderBy('users.uid')
      .limit(filter.limit)
      .offset(filter.offset);
    const [rows, count] = await Promise.all([
      this.withFigures()
        .innerJoin(pageIds.as('page'), 'page.uid', 'users.uid')
        .orderBy(sql`page.sort_key ${direction} nulls last`)
        .orderBy('users.uid')
        .execute(),
      this.filtered(filter)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(numeric), total: Number(count.n) };
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
