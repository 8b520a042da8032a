import { PAGE_SIZES, type ProgressItem } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Gamepad2, RefreshCw } from 'lucide-react';
import { activeOffers, PROGRESS_LABELS, progressPercent } from '../../../../lib/dashboard';
import { timeAgo } from '../../../../lib/display';
import { progressQuery } from '../../../../lib/offers/queries';
import { Badge, type BadgeTone } from '../../../../ui/Badge';
import { Button, buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';

const STATUS_TONES: Record<ProgressItem['status'], BadgeTone> = {
  in_progress: 'warning',
  completed: 'success',
  verified: 'info',
  failed: 'danger',
};

/** Dashboard panel "Your Active Offers": the member's offer progress, up to 6, with a Refresh button. */
export function ActiveOffers({ uid }: { uid: string }) {
  const { data, isPending, isError, isFetching, refetch } = useQuery(progressQuery(uid, 1, PAGE_SIZES.progressDashboard));
  const items = data ? activeOffers(data.data) : [];
  return (
    <Card className="p-6 sm:p-7" data-testid="dashboard-active-offers">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-display text-lg font-bold text-white">Your Active Offers</h2>
        <Button variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw size={15} className={isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
        </Button>
      </div>
      {isPending ? (
        <ul className="mt-4 space-y-2" aria-hidden>
          {[0, 1].map((row) => (
            <li key={row} className="h-16 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </ul>
      ) : isError ? (
        <p className="mt-4 text-sm text-slate-400">Your offers could not be loaded just now.</p>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-white/10 px-5 py-8 text-center">
          <p className="font-semibold text-white">No active offers yet</p>
          <p className="mt-1 text-sm text-slate-400">Start a gaming offer and your progress shows up here.</p>
          <Link to="/offers" className={buttonClass('secondary', 'mt-4')}>
            <Gamepad2 size={16} aria-hidden /> Browse Offers
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {items.map((item) => {
            const percent = progressPercent(item);
            return (
              <li key={item.id} data-testid="active-offer">
                <Link
                  to="/offers/$offerId"
                  params={{ offerId: item.offer_id }}
                  className="block rounded-2xl border border-white/10 bg-white/[0.03] p-4 transition hover:border-white/25 hover:bg-white/[0.06]"
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="min-w-0 truncate font-semibold text-white">{item.offer_title}</span>
                    <Badge tone={STATUS_TONES[item.status]} className="shrink-0">
                      {PROGRESS_LABELS[item.status]}
                    </Badge>
                  </span>
                  <span
                    className="mt-3 block h-2 overflow-hidden rounded-full bg-white/10"
                    role="progressbar"
                    aria-label={`${item.offer_title} progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                  >
                    <span
                      className="block h-full rounded-full bg-linear-to-r from-quid-400 to-grape-400"
                      style={{ width: `${percent}%` }}
                    />
                  </span>
                  <span className="mt-2 flex justify-between text-xs text-slate-400">
                    <span>Started {timeAgo(item.started_at).toLowerCase()}</span>
                    <span className="tabular-nums">{percent}%</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
