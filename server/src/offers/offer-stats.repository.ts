import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { dayKeys, nextUtcDay, readCounters, sumOf, throughTomorrow, utcDay } from '../common/counters';
import { READ_DB } from '../infra/tokens';

/** Members who signed in or joined in this many days count as active (site and admin stats). */
export const ACTIVE_USER_DAYS = 30;

export interface Periods {
  today: Date;
  yesterday: Date;
  weekStart: Date;
  monthStart: Date;
  activeSince: Date;
}

/** Period starts in UTC: today, yesterday, Monday of this week, the 1st of this month. */
export function periodsOf(now: Date): Periods {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = 86_400_000;
  return {
    today,
    yesterday: new Date(today.getTime() - day),
    weekStart: new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * day),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    activeSince: new Date(now.getTime() - ACTIVE_USER_DAYS * day),
  };
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Figures across members and offers for the landing counters and the admin dashboard, from the
 * counters the projections keep (primary-key reads). A rolling window ("active in 30 days", "new in
 * 7 days") adds whole UTC days from the day counters to an index count of its first, partial day.
 */
@Injectable()
export class OfferStatsRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /** Members who joined or signed in at or after `since`. */
  async activeSince(since: Date, now: Date): Promise<number> {
    const firstDayEnd = nextUtcDay(since);
    const keys = dayKeys('active', firstDayEnd, throughTomorrow(now));
    const active = sql<Date>`greatest(created_at, last_login)`;
    const [days, partial] = await Promise.all([
      readCounters(this.db, 'user_counters', keys),
      this.db
        .selectFrom('users')
        .where(active, '>=', since)
        .where(active, '<', firstDayEnd)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return sumOf(days, keys) + n(partial.n);
  }

  async siteStats(now: Date) {
    const { activeSince } = periodsOf(now);
    const [wallet, active] = await Promise.all([
      readCounters(this.db, 'wallet_counters', ['total_earned_pence', 'offer_completions']),
      this.activeSince(activeSince, now),
    ]);
    return {
      totalEarnedPence: wallet.get('total_earned_pence')!,
      activeUsers: active,
      challengesCompleted: wallet.get('offer_completions')!,
    };
  }

  async signups(p: Periods, now: Date) {
    const to = throughTomorrow(now);
    const today = dayKeys('signups', p.today, to);
    const month = dayKeys('signups', p.monthStart, to);
    const week = dayKeys('signups', p.weekStart, to);
    const yesterday = `signups:${utcDay(p.yesterday)}`;
    const [counters, active] = await Promise.all([
      readCounters(this.db, 'user_counters', ['members', yesterday, ...month, ...week]),
      this.activeSince(p.activeSince, now),
    ]);
    return {
      total: counters.get('members')!,
      active_users: active,
      today: sumOf(counters, today),
      yesterday: counters.get(yesterday)!,
      month_to_date: sumOf(counters, month),
      this_week: sumOf(counters, week),
    };
  }

  /**
   * What BitLabs pays us, USD ten-thousandths, from the accepted callbacks: the latest state of each
   * transaction counts (a stateful PENDING later COMPLETED counts once); a non-stateful reversal is
   * its own negative transaction, a stateful one leaves its transaction RECONCILED (counted as 0).
   * The callbacks projection keeps each transaction's latest callback and these sums.
   */
  async companyRevenueUsd() {
    const c = await readCounters(this.db, 'callback_counters', ['company_completed_usd', 'company_pending_usd']);
    return { completed: c.get('company_completed_usd')!, pending: c.get('company_pending_usd')! };
  }

  /** What members earned on offers (pence): confirmed, pending, and by period of crediting. */
  async clientRevenuePence(p: Periods, now: Date) {
    const month = dayKeys('earned', p.monthStart, throughTomorrow(now));
    const yesterday = `earned:${utcDay(p.yesterday)}`;
    const c = await readCounters(this.db, 'wallet_counters', [
      'offer_completed_pence',
      'offer_pending_pence',
      'offer_rejected',
      'member_offer_pairs',
      yesterday,
      ...month,
    ]);
    return {
      completed: c.get('offer_completed_pence')!,
      pending: c.get('offer_pending_pence')!,
      yesterday: c.get(yesterday)!,
      monthToDate: sumOf(c, month),
      rejected: c.get('offer_rejected')!,
      completions: c.get('member_offer_pairs')!,
    };
  }

  /**
   * Member-offer pairs started on PlayQuid, and how many of them already have a confirmed credit
   * (the wallet projection's counters, read-db migration 1796900000000-OfferStartCounters).
   */
  async starts() {
    const c = await readCounters(this.db, 'wallet_counters', ['offer_starts', 'converted_starts']);
    return { starts: c.get('offer_starts')!, converted: c.get('converted_starts')! };
  }

  async offerCounts() {
    const row = await this.db
      .selectFrom('offers')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where status = 'active')`.as('active'),
        sql<string>`count(*) filter (where featured)`.as('featured'),
      ])
      .executeTakeFirstOrThrow();
    return { total_offers: n(row.total), active_offers: n(row.active), featured_offers: n(row.featured) };
  }

  /**
   * The offers with the most confirmed task credits (the wallet's per-offer counters, read in their
   * index's order), named from the catalogue, else from their latest callback.
   */
  async topOffers(limit: number) {
    const rows = await this.db
      .selectFrom('offer_completions as c')
      .select((eb) => [
        'c.offer_id',
        'c.completions',
        'c.pence',
        eb
          .selectFrom('offers as o')
          .whereRef('o.api_id', '=', 'c.offer_id')
          .select(sql<string>`max(o.title)`.as('t'))
          .as('title'),
        eb
          .selectFrom('offers as o')
          .whereRef('o.api_id', '=', 'c.offer_id')
          .select(sql<string>`max(o.icon_url)`.as('i'))
          .as('icon_url'),
        eb
          .selectFrom('callbacks as cb')
          .whereRef('cb.offer_id', '=', 'c.offer_id')
          .where('cb.offer_name', 'is not', null)
          .select('cb.offer_name')
          .orderBy('cb.created_at', 'desc')
          .limit(1)
          .as('callback_name'),
      ])
      .orderBy(sql`c.completions desc, c.pence desc, c.offer_id`)
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      offerId: r.offer_id,
      name: r.title ?? r.callback_name ?? `Offer ${r.offer_id}`,
      iconUrl: r.icon_url ?? null,
      completions: n(r.completions),
      pence: n(r.pence),
    }));
  }
}
