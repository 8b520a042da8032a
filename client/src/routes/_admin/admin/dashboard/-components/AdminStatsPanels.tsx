import type { AdminStats } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Banknote, Percent, Trophy, UserPlus, Wallet } from 'lucide-react';
import { OfferIcon } from '../../../../../components/offers/OfferIcon';
import { buttonClass } from '../../../../../ui/Button';
import { Card } from '../../../../../ui/Card';
import { StatCard } from '../../../../../ui/StatCard';
import { StatGrid } from '../../../../../ui/StatGrid';
import { formatCount, formatCurrency } from '../../../../../lib/format';

/** An amount in its currency: AdminStats says which (company revenue USD, members' money GBP). */
export const money = (amount: number | null | undefined, currency = 'GBP'): string => formatCurrency(amount ?? 0, currency);
export const count = (n: number | null | undefined) => formatCount(n ?? 0);
/** Rates arrive as percentages (as the callbacks success rate does). */
export const percent = (rate: number | null | undefined) => `${(rate ?? 0).toFixed(1)}%`;

/** The four headline cards. */
export function HeadlineCards({ stats }: { stats: AdminStats }) {
  const { revenue, signups, conversion } = stats;
  const company = stats.currency?.company ?? 'USD';
  const client = stats.currency?.client ?? 'GBP';
  return (
    <StatGrid>
      <StatCard
        label="Company Revenue"
        value={money(revenue.company.total, company)}
        hint={`${money(revenue.company.completed, company)} completed · ${money(revenue.company.pending, company)} pending`}
        icon={Banknote}
        testId="admin-stat-revenue"
      />
      <StatCard
        label="Member Earnings"
        value={money(revenue.client.total, client)}
        hint={`${money(revenue.client.completed, client)} completed · ${money(revenue.client.pending, client)} pending`}
        icon={Wallet}
        accent="grape"
        testId="admin-stat-member-earnings"
      />
      <StatCard
        label="Total Users"
        value={count(signups.total)}
        hint={`${count(signups.today)} today · ${count(signups.this_week)} this week`}
        icon={UserPlus}
        accent="amber"
        testId="admin-stat-users"
      />
      <StatCard
        label="Conversion Rate"
        value={percent(conversion.conversion_rate)}
        // The rate is started offers that reached a credit, of all started: say exactly that (credits
        // of offers started elsewhere are completions, not conversions of our starts).
        hint={`${count(conversion.total_starts - conversion.in_progress)} of ${count(conversion.total_starts)} started offers credited`}
        icon={Percent}
        accent="flare"
        testId="admin-stat-conversion"
      />
    </StatGrid>
  );
}

function Tile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.03] px-4 py-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="mt-1 font-display text-xl font-bold text-white tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The remaining figures, grouped: revenue by period, sign-ups, offer progress, the catalogue. */
export function DetailTiles({ stats }: { stats: AdminStats }) {
  const periods = stats.currency?.time_periods ?? 'GBP';
  const groups = [
    {
      title: 'Member earnings',
      tiles: [
        { label: 'Yesterday', value: money(stats.revenue.time_periods.yesterday, periods) },
        { label: 'Month to date', value: money(stats.revenue.time_periods.month_to_date, periods) },
      ],
    },
    {
      title: 'Sign-ups',
      tiles: [
        { label: 'Active users', value: count(stats.signups.active_users), testId: 'admin-stat-active-users' },
        { label: 'Yesterday', value: count(stats.signups.yesterday) },
        { label: 'Month to date', value: count(stats.signups.month_to_date) },
      ],
    },
    {
      title: 'Offer progress',
      tiles: [
        { label: 'In progress', value: count(stats.conversion.in_progress) },
        { label: 'Rejected', value: count(stats.conversion.rejected) },
      ],
    },
    {
      title: 'Offers',
      tiles: [
        { label: 'Active', value: count(stats.general.active_offers), testId: 'admin-stat-active-offers' },
        { label: 'Total', value: count(stats.general.total_offers) },
        { label: 'Featured', value: count(stats.general.featured_offers) },
      ],
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {groups.map((group) => (
        <Card as="section" key={group.title} className="p-5" aria-label={group.title}>
          <h2 className="text-xs font-bold tracking-wider text-grape-300 uppercase">{group.title}</h2>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            {group.tiles.map((tile) => (
              <Tile key={tile.label} {...tile} />
            ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}

/** Top Performing Offers: up to 6, with View All to /admin/offers. */
export function TopOffers({ offers, currency = 'GBP' }: { offers: AdminStats['top_performing_offers']; currency?: string }) {
  const top = offers.slice(0, 6);
  return (
    <Card as="section" className="p-6" aria-labelledby="top-offers" data-testid="admin-top-offers">
      <div className="flex items-center justify-between gap-3">
        <h2 id="top-offers" className="flex items-center gap-2 font-display text-lg font-bold text-white">
          <Trophy size={18} className="text-amber-300" aria-hidden /> Top Performing Offers
        </h2>
        <Link to="/admin/offers" className={buttonClass('ghost')}>
          View All <ArrowRight size={15} aria-hidden />
        </Link>
      </div>
      {top.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-white/10 px-5 py-8 text-center text-sm text-slate-400">
          No completions yet: offers appear here once members complete them.
        </p>
      ) : (
        <ol className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {top.map((offer, index) => (
            <li
              key={offer.offer_id}
              className="flex items-center gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-3"
              data-testid="admin-top-offer"
            >
              <span className="w-6 text-center font-display text-lg font-extrabold text-slate-500">{index + 1}</span>
              <OfferIcon src={offer.icon_url} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-white" title={offer.name}>
                  {offer.name || offer.offer_id}
                </span>
                <span className="block text-xs text-slate-400">
                  {count(offer.completion_count)} {offer.completion_count === 1 ? 'completion' : 'completions'}
                </span>
              </span>
              <span className="font-display font-bold text-quid-300 tabular-nums">{money(offer.total_revenue, currency)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
