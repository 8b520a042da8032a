import { formatPence } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Coins, Gift } from 'lucide-react';
import { timeAgo } from '../../../lib/display';
import { recentEarningsQuery } from '../../../lib/wallet/queries';
import { EarningStatusBadge } from '../../../ui/StatusBadge';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

/** Dashboard panel: the member's latest earnings, refreshed with the balance's rhythm. */
export function RecentEarnings({ uid, testId = 'dashboard-recent-earnings' }: { uid: string; testId?: string }) {
  const { data, isPending, isError } = useQuery(recentEarningsQuery(uid));
  return (
    <Card className="p-6 sm:p-7" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-display text-lg font-bold text-white">Recent Earnings</h2>
        <Link to="/earnings" className={buttonClass('ghost')}>
          View All <ArrowRight size={15} aria-hidden />
        </Link>
      </div>
      {isPending ? (
        <ul className="mt-4 space-y-2" aria-hidden>
          {[0, 1, 2].map((row) => (
            <li key={row} className="h-14 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </ul>
      ) : isError ? (
        <p className="mt-4 text-sm text-slate-400">Recent earnings could not be loaded just now.</p>
      ) : data.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-white/10 px-5 py-8 text-center">
          <p className="font-semibold text-white">No earnings found</p>
          <p className="mt-1 text-sm text-slate-400">Complete some offers to start earning!</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-white/5">
          {data.map((earning) => (
            <li key={earning.id} className="flex items-center gap-3 py-3" data-testid="recent-earning">
              <span className="grid h-10 w-10 shrink-0 place-items-center overflow-hidden rounded-xl bg-white/5 text-quid-300" aria-hidden>
                {earning.is_bonus ? <Gift size={18} /> : <Coins size={18} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-white">{earning.display_title}</span>
                <span className="block text-xs text-slate-400">{timeAgo(earning.created_at)}</span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span className="font-bold tabular-nums text-white">+{formatPence(earning.amount_pence)}</span>
                <EarningStatusBadge status={earning.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
