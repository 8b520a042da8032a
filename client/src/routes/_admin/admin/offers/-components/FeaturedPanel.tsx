import { FEATURED_OFFERS_MAX, FEATURED_OFFERS_WARNING_ABOVE, LIMITS } from '@playquid/contracts';
import { Star, XCircle } from 'lucide-react';
import { featuredLevel } from '../../../../../lib/admin-offers';
import { Button } from '../../../../../ui/Button';
import { Card } from '../../../../../ui/Card';

const LEVEL_STYLE = {
  ok: { bar: 'bg-quid-300', text: 'text-quid-300', note: 'Room for more featured groups.' },
  warning: {
    bar: 'bg-amber-400',
    text: 'text-amber-300',
    note: `Over ${FEATURED_OFFERS_WARNING_ABOVE}: the landing page only shows ${LIMITS.featuredOffersLandingShown}, choose carefully.`,
  },
  full: { bar: 'bg-red-400', text: 'text-red-300', note: 'Limit reached: unfeature a group before featuring another.' },
} as const;

/** Featured management: how many offers are featured against the limit of 16, and Clear All Featured. */
export function FeaturedPanel({
  count,
  anchored,
  onClear,
  clearing,
}: {
  count: number;
  anchored: number;
  onClear: () => void;
  clearing: boolean;
}) {
  const level = featuredLevel(count);
  const style = LEVEL_STYLE[level];
  return (
    <Card as="section" className="p-6" aria-labelledby="featured-panel" data-testid="featured-panel" data-level={level}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="featured-panel" className="flex items-center gap-2 font-display text-lg font-bold text-white">
            <Star size={18} className="text-amber-300" fill="currentColor" aria-hidden /> Featured offers
          </h2>
          <p className="mt-1 max-w-xl text-sm text-slate-400">
            Featuring works per anchor: every offer sharing an anchor (one game on Android and iOS) is featured together. {anchored} offers
            have an anchor.
          </p>
        </div>
        <Button variant="secondary" className="py-2 text-sm" onClick={onClear} disabled={clearing} data-testid="clear-featured">
          <XCircle size={16} aria-hidden /> {clearing ? 'Clearing...' : 'Clear All Featured'}
        </Button>
      </div>
      <div className="mt-5 flex items-end justify-between gap-3">
        <p className={`font-display text-3xl font-extrabold tabular-nums ${style.text}`} data-testid="featured-count">
          {count}
          <span className="text-lg text-slate-500"> / {FEATURED_OFFERS_MAX}</span>
        </p>
        <p className={`text-sm ${level === 'ok' ? 'text-slate-400' : style.text}`}>{style.note}</p>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-white/5"
        role="meter"
        aria-label="Featured offers"
        aria-valuemin={0}
        aria-valuemax={FEATURED_OFFERS_MAX}
        aria-valuenow={count}
      >
        <div
          className={`h-full rounded-full transition-[width] ${style.bar}`}
          style={{ width: `${Math.min(100, (count / FEATURED_OFFERS_MAX) * 100)}%` }}
        />
      </div>
    </Card>
  );
}
