import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { READ_DB } from '../infra/tokens';

/** Members who signed in or joined in this many days count as active (site and admin stats). */
export const ACTIVE_USER_DAYS = 30;
const COMPLETED = ['approved', 'paid'];

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

/** Figures across members and offers for the landing counters and the admin dashboard. */
@Injectable()
export class OfferStatsRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  async siteStats(now: Date) {
    const { activeSince } = periodsOf(now);
    const [earned, active, completed] = await Promise.all([
      this.db.selectFrom('balances').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('total_earned_pence'), sql<string>`0`).as('pence')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('users')
        .where((eb) => eb.or([eb('last_login', '>=', activeSince), eb('created_at', '>=', activeSince)]))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('earnings')
        .where('kind', '=', 'offer')
        .where('status', 'in', COMPLETED)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { totalEarnedPence: n(earned.pence), activeUsers: n(active.n), challengesCompleted: n(completed.n) };
  }

  async signups(p: Periods) {
    const row = await this.db
      .selectFrom('users')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where created_at >= ${p.today})`.as('today'),
        sql<string>`count(*) filter (where created_at >= ${p.yesterday} and created_at < ${p.today})`.as('yesterday'),
        sql<string>`count(*) filter (where created_at >= ${p.monthStart})`.as('month_to_date'),
        sql<string>`count(*) filter (where created_at >= ${p.weekStart})`.as('this_week'),
        sql<string>`count(*) filter (where last_login >= ${p.activeSince} or created_at >= ${p.activeSince})`.as('active_users'),
      ])
      .executeTakeFirstOrThrow();
    return { total: n(row.total), active_users: n(row.active_users), today: n(row.today), yesterday: n(row.yesterday), month_to_date: n(row.month_to_date), this_week: n(row.this_week) };
  }

  /**
   * What BitLabs pays us, USD ten-thousandths, from the accepted callbacks: the latest state of each
   * transaction counts (a stateful PENDING later COMPLETED counts once); a non-stateful reversal is
   * its own negative transaction, a stateful one leaves its transaction RECONCILED (counted as 0).
   */
  async companyRevenueUsd() {
    const row = await this.db
      .selectFrom(
        this.db
          .selectFrom('callbacks')
          .distinctOn('transaction_id')
          .select(['offer_state', 'raw_payment_usd'])
          .where('accepted', '=', true)
          .where('transaction_id', 'is not', null)
          .where('raw_payment_usd', 'is not', null)
          .orderBy('transaction_id')
          .orderBy('created_at', 'desc')
          .as('latest'),
      )
      .select([
        sql<string>`coalesce(sum(raw_payment_usd) filter (where offer_state = 'PENDING'), 0)`.as('pending'),
        sql<string>`coalesce(sum(raw_payment_usd) filter (where offer_state in ('COMPLETED', 'NONE') or (offer_state = 'RECONCILED' and raw_payment_usd < 0)), 0)`.as('completed'),
      ])
      .executeTakeFirstOrThrow();
    return { completed: n(row.completed), pending: n(row.pending) };
  }

  /** What members earned on offers (pence): confirmed, pending, and by period of crediting. */
  async clientRevenuePence(p: Periods) {
    const row = await this.db
      .selectFrom('earnings')
      .where('kind', '=', 'offer')
      .select([
        sql<string>`coalesce(sum(amount_pence) filter (where status in ('approved', 'paid')), 0)`.as('completed'),
        sql<string>`coalesce(sum(amount_pence) filter (where status = 'pending'), 0)`.as('pending'),
        sql<string>`coalesce(sum(amount_pence) filter (where status != 'rejected' and created_at >= ${p.yesterday} and created_at < ${p.today}), 0)`.as('yesterday'),
        sql<string>`coalesce(sum(amount_pence) filter (where status != 'rejected' and created_at >= ${p.monthStart}), 0)`.as('month_to_date'),
        sql<string>`count(*) filter (where status = 'rejected')`.as('rejected'),
        sql<string>`count(distinct (uid, offer_id)) filter (where status in ('approved', 'paid'))`.as('completions'),
      ])
      .executeTakeFirstOrThrow();
    return {
      completed: n(row.completed),
      pending: n(row.pending),
      yesterday: n(row.yesterday),
      monthToDate: n(row.month_to_date),
      rejected: n(row.rejected),
      completions: n(row.completions),
    };
  }

  /** Member-offer pairs started on PlayQuid, and how many of them already have a confirmed credit. */
  async starts() {
    const row = await this.db
      .selectFrom('offer_starts as s')
      .select([
        sql<string>`count(*)`.as('starts'),
        sql<string>`count(*) filter (where exists (
          select 1 from earnings e where e.uid = s.uid and e.offer_id = s.api_id and e.kind = 'offer' and e.status in ('approved', 'paid')))`.as('converted'),
      ])
      .executeTakeFirstOrThrow();
    return { starts: n(row.starts), converted: n(row.converted) };
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

  /** The offers with the most confirmed task credits, named from the catalogue when it knows them. */
  async topOffers(limit: number) {
    const rows = await this.db
      .selectFrom('earnings as e')
      .leftJoin('offers as o', 'o.api_id', 'e.offer_id')
      .where('e.kind', '=', 'offer')
      .where('e.status', 'in', COMPLETED)
      .where('e.offer_id', 'is not', null)
      .groupBy('e.offer_id')
      .select([
        sql<string>`e.offer_id`.as('offer_id'),
        sql<string | null>`coalesce(max(o.title), max(e.offer_name))`.as('name'),
        sql<string | null>`max(o.icon_url)`.as('icon_url'),
        sql<string>`count(*)`.as('completions'),
        sql<string>`sum(e.amount_pence)`.as('pence'),
      ])
      .orderBy('completions', 'desc')
      .orderBy('pence', 'desc')
      .orderBy('offer_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ offerId: r.offer_id, name: r.name ?? `Offer ${r.offer_id}`, iconUrl: r.icon_url, completions: n(r.completions), pence: n(r.pence) }));
  }
}
