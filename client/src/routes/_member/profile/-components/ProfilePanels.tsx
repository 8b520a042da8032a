import { type Balance, formatPence, type Pence, type UserProfile, type UserStats } from '@playquid/contracts';
import { memberSuccessRate as successRate } from '@playquid/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { RecentEarnings } from '../../-components/RecentEarnings';
import { accountAge } from '../../../../lib/display';
import { payoutsQuery } from '../../../../lib/payouts/queries';
import { PayoutStatusBadge } from '../../../../ui/StatusBadge';
import { buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { shortDateTime } from '../../../../lib/format';

const money = (pence: Pence | undefined) => (pence === undefined ? '–' : formatPence(pence));

/** A titled card of label/value rows. */
export function FactCard({ title, rows, testId }: { title: string; rows: Array<[label: string, value: ReactNode]>; testId?: string }) {
  return (
    <Card className="p-6" data-testid={testId}>
      <h2 className="font-display text-lg font-bold text-white">{title}</h2>
      <dl className="mt-4 space-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-400">{label}</dt>
            <dd className="text-right font-semibold tabular-nums text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Overview tab: Activity Summary, Balance Overview and the latest earnings. */
export function OverviewPanel({ profile, stats, balance }: { profile: UserProfile; stats?: UserStats; balance?: Balance }) {
  const rate = stats?.success_rate ?? successRate(profile.completed_offers);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6">
        <FactCard
          title="Activity Summary"
          testId="profile-activity"
          rows={[
            ['Account Age', accountAge(profile.created_at)],
            ['Last Login', profile.last_login ? shortDateTime.format(new Date(profile.last_login)) : 'Never'],
            ['Offers Completed', stats?.completed_offers ?? profile.completed_offers],
            ['Success Rate', `${rate.toFixed(1)}%`],
          ]}
        />
        <FactCard
          title="Balance Overview"
          testId="profile-balance"
          rows={[
            ['Available for Payout', money(balance?.withdrawable_pence ?? stats?.available_pence)],
            ...(balance && balance.locked_bonus_pence > 0
              ? [['Locked bonus', `${formatPence(balance.locked_bonus_pence)} (until your first offer is approved)`] as [string, string]]
              : []),
            ['Pending Earnings', money(balance?.pending_pence ?? profile.pending_earnings_pence)],
            ['Total Earned', formatPence(profile.total_earned_pence)],
          ]}
        />
      </div>
      <div className="lg:col-span-2">
        <RecentEarnings uid={profile.uid} testId="profile-recent-earnings" />
      </div>
    </div>
  );
}

/** Earnings tab: totals, average per offer and the three latest payouts. */
export function EarningsPanel({ profile, stats }: { profile: UserProfile; stats?: UserStats }) {
  const { data: payouts, isPending, isError } = useQuery(payoutsQuery(profile.uid, 1, 3));
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <FactCard
        title="Earnings"
        testId="profile-earnings"
        rows={[
          ['Total Earned', formatPence(stats?.total_earned_pence ?? profile.total_earned_pence)],
          ['Pending Earnings', formatPence(stats?.pending_pence ?? profile.pending_earnings_pence)],
          ['Average per Offer', money(stats?.average_per_offer_pence)],
        ]}
      />
      <Card className="p-6 lg:col-span-2" data-testid="profile-recent-payouts">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-display text-lg font-bold text-white">Recent Payouts</h2>
          <Link to="/payments" search={{ tab: 'history' }} className={buttonClass('ghost')}>
            View All <ArrowRight size={15} aria-hidden />
          </Link>
        </div>
        {isPending ? (
          <div className="mt-4 h-24 animate-pulse rounded-2xl bg-white/5" aria-hidden />
        ) : isError ? (
          <p className="mt-4 text-sm text-slate-400">Your payouts could not be loaded just now.</p>
        ) : payouts.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-400">No payouts yet. Once your balance reaches the minimum you can cash it out.</p>
        ) : (
          <ul className="mt-4 divide-y divide-white/5">
            {payouts.data.map((payout) => (
              <li key={payout.id} className="flex items-center justify-between gap-3 py-3">
                <span>
                  <span className="block font-bold tabular-nums text-white">{formatPence(payout.amount_pence)}</span>
                  <span className="block text-xs text-slate-400">{shortDateTime.format(new Date(payout.requested_at))}</span>
                </span>
                <PayoutStatusBadge status={payout.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
