import { formatPence, LIMITS, type Offer } from '@playquid/contracts';
import { selectDashboardOffers } from '@playquid/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { OfferCard, OfferCardSkeleton } from '../../../../components/offers/OfferCard';
import { OfferIcon } from '../../../../components/offers/OfferIcon';
import { useDevice } from '../../../../components/offers/use-device';
import { offerPlatformOf } from '../../../../lib/device';
import { offerLinkId, offerTitle } from '../../../../lib/offers';
import { featuredOffersQuery } from '../../../../lib/offers/queries';
import { buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';

/**
 * The dashboard's featured offers: 12 asked for, then the device filter and one
 * pick per anchor group, richest first. Drawn once per answer and device, so the welcome overlay
 * and the block show the same offers and re-renders do not reshuffle them.
 */
export function useDashboardFeatured() {
  const platform = offerPlatformOf(useDevice());
  const query = useQuery(featuredOffersQuery(LIMITS.featuredOffersDashboard));
  const offers = useMemo(() => (query.data ? selectDashboardOffers(query.data, platform, Math.random) : []), [query.data, platform]);
  return { offers, isPending: query.isPending, isError: query.isError };
}

/** Dashboard "Featured Offers": 4 cards and View All; failures leave a quiet note. */
export function DashboardFeaturedOffers({ offers, isPending, isError }: ReturnType<typeof useDashboardFeatured>) {
  return (
    <Card className="p-6 sm:p-7" data-testid="dashboard-featured-offers">
      <div className="flex items-center justify-between gap-3">
        <h2 className="inline-flex items-center gap-2 font-display text-lg font-bold text-white">
          <Sparkles size={18} className="text-amber-300" aria-hidden /> Featured Offers
        </h2>
        <Link to="/offers" className={buttonClass('ghost')}>
          View All <ArrowRight size={15} aria-hidden />
        </Link>
      </div>
      {isPending ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading featured offers">
          {[0, 1].map((slot) => (
            <OfferCardSkeleton key={slot} />
          ))}
        </div>
      ) : offers.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-white/10 px-5 py-8 text-center text-sm text-slate-400">
          {isError
            ? 'Featured offers could not be loaded just now.'
            : 'No featured offers right now: browse every game on the offers page.'}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {offers.map((offer) => (
            <li key={offer.id} data-testid="dashboard-featured-offer">
              <OfferCard offer={offer} showDescription={false} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Up to three of the same offers, compact, for the welcome overlay. */
export function WelcomeOfferList({ offers, onPick }: { offers: Offer[]; onPick: () => void }) {
  if (offers.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-col gap-2 text-left" aria-label="Featured offers to start with" data-testid="welcome-offers">
      {offers.slice(0, 3).map((offer) => (
        <li key={offer.id}>
          <Link
            to="/offers/$offerId"
            params={{ offerId: offerLinkId(offer) }}
            onClick={onPick}
            className="flex items-center gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-2.5 pr-4 transition hover:border-quid-300/40 hover:bg-white/[0.06]"
          >
            <OfferIcon src={offer.icon_url} size="sm" />
            <span className="min-w-0 flex-1 truncate text-sm font-semibold text-white">{offerTitle(offer)}</span>
            <span className="shrink-0 text-sm font-bold text-quid-300 tabular-nums">{formatPence(offer.reward_pence)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
