import { Injectable } from '@nestjs/common';
import { type AdminStats, penceToPounds } from '@playquid/contracts';
import { OfferStatsRepository, periodsOf } from './offer-stats.repository';

const TOP_OFFERS = 6;
/** USD ten-thousandths to dollars with 2 decimals (the dashboard shows cents, not fractions of them). */
const usd = (units: number) => Math.round(units / 100) / 100;

/** GET /admin/stats, from the read tables; periods are UTC days. */
@Injectable()
export class AdminStatsService {
  constructor(private readonly repository: OfferStatsRepository) {}

  async stats(now = new Date()): Promise<AdminStats> {
    const periods = periodsOf(now);
    const [signups, company, client, starts, general, top] = await Promise.all([
      this.repository.signups(periods, now),
      this.repository.companyRevenueUsd(),
      this.repository.clientRevenuePence(periods, now),
      this.repository.starts(),
      this.repository.offerCounts(),
      this.repository.topOffers(TOP_OFFERS),
    ]);
    return {
      currency: { company: 'USD', client: 'GBP', time_periods: 'GBP', top_performing_offers: 'GBP' },
      revenue: {
        company: { total: usd(company.completed + company.pending), completed: usd(company.completed), pending: usd(company.pending) },
        client: { total: penceToPounds(client.completed + client.pending), completed: penceToPounds(client.completed), pending: penceToPounds(client.pending) },
        time_periods: { yesterday: penceToPounds(client.yesterday), month_to_date: penceToPounds(client.monthToDate) },
      },
      signups,
      conversion: {
        // Of the member-offer pairs started here, the share with a confirmed credit, in percent.
        conversion_rate: starts.starts === 0 ? 0 : Math.round((starts.converted * 1000) / starts.starts) / 10,
        total_completions: client.completions,
        total_starts: starts.starts,
        in_progress: starts.starts - starts.converted,
        rejected: client.rejected,
      },
      general,
      top_performing_offers: top.map((o) => ({
        offer_id: o.offerId,
        name: o.name,
        icon_url: o.iconUrl,
        completion_count: o.completions,
        total_revenue: penceToPounds(o.pence),
      })),
    };
  }
}
