import { formatPence, LIMITS, type Offer } from '@playquid/contracts';
import { selectLandingOffers } from '@playquid/domain';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Gamepad2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { OfferCard, OfferCardSkeleton } from '../../components/offers/OfferCard';
import { useDevice } from '../../components/offers/use-device';
import { ApiError } from '../../lib/api-client';
import { offerPlatformOf } from '../../lib/device';
import { featuredOffersQuery } from '../../lib/offers/queries';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { eyebrowClass, pageWidth } from '../../ui/styles';
import { CountUp } from './CountUp';
import { usePublicQuery } from '../../lib/query/public-query';

/** The desktop carousel (and Swiper with it) loads only where it is shown: phones get the grid. */
const FeaturedCarousel = lazy(() => import('./FeaturedCarousel').then((m) => ({ default: m.FeaturedCarousel })));

// rewards count up after 500 ms, each card 300 ms after the one before.
const COUNT_START_MS = 500;
const COUNT_STAGGER_MS = 300;

/**
 * Landing "Featured Gaming Challenges": 16 featured offers asked for, at most 8 shown after the
 * landing selection (one offer per anchor group, random). Loading shows placeholders; a failure is only logged and leaves the
 * section empty.
 */
export function FeaturedChallenges() {
  const device = useDevice();
  const platform = offerPlatformOf(device);
  const { data, isPending, error } = usePublicQuery({ ...featuredOffersQuery(LIMITS.featuredOffersLanding), retry: false });

  useEffect(() => {
    if (error) console.error(error instanceof ApiError && error.detail ? error.detail : 'Failed to load offers', error);
  }, [error]);

  // Drawn once per answer and platform, so re-renders (resizing, scrolling) do not reshuffle the cards.
  const offers = useMemo(() => (data ? selectLandingOffers(data, platform, Math.random) : []), [data, platform]);

  return (
    <section className={`${pageWidth} py-20 sm:py-24`} aria-labelledby="featured-challenges" data-testid="featured-challenges">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className={eyebrowClass}>Play &amp; earn</p>
          <h2 id="featured-challenges" className="mt-2 font-display text-4xl font-extrabold text-white">
            Featured Gaming Challenges
          </h2>
          <p className="mt-3 max-w-xl text-slate-400">
            Hand-picked games paying the most right now. Tap one to see its levels and rewards.
          </p>
        </div>
        <Link to="/offers" className={buttonClass('secondary')}>
          View all offers <ArrowRight size={16} aria-hidden />
        </Link>
      </div>

      <div className="mt-10">
        {isPending ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading featured offers">
            {[0, 1, 2, 3].map((slot) => (
              <OfferCardSkeleton key={slot} />
            ))}
          </div>
        ) : offers.length === 0 ? (
          <Card className="flex flex-col items-center px-6 py-12 text-center" data-testid="featured-empty">
            <span className="grid h-14 w-14 place-items-center rounded-2xl bg-white/5 text-grape-300" aria-hidden>
              <Gamepad2 />
            </span>
            <p className="mt-4 font-display text-xl font-bold text-white">New challenges are on their way</p>
            <p className="mt-1 text-slate-400">Browse every game available right now on the offers page.</p>
            <Link to="/offers" className={buttonClass('primary', 'mt-6')}>
              Browse Gaming Offers
            </Link>
          </Card>
        ) : (
          <ChallengeList offers={offers} mobile={device.isMobile} />
        )}
      </div>
    </section>
  );
}

/** Mounted once the offers are in, so the count-up stagger is timed from when the cards appear. */
function ChallengeList({ offers, mobile }: { offers: Offer[]; mobile: boolean }) {
  const [shownAt] = useState(() => performance.now());
  // Each card starts counting when it is half visible, but never before its place in the stagger:
  // the cards on screen at first count up one after another, later ones as they scroll or slide in.
  const renderCard = (offer: Offer, index: number) => (
    <OfferCard
      offer={offer}
      showDescription={false}
      reward={<CountUp value={offer.reward_pence} format={formatPence} notBefore={shownAt + COUNT_START_MS + index * COUNT_STAGGER_MS} />}
    />
  );
  if (mobile) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="featured-grid">
        {offers.slice(0, LIMITS.featuredOffersLandingShown).map((offer, index) => (
          <li key={offer.id}>{renderCard(offer, index)}</li>
        ))}
      </ul>
    );
  }
  return (
    // While the carousel loads, placeholders hold its place (no shift when it arrives).
    <Suspense
      fallback={
        <div className="grid gap-5 pb-[4.75rem] sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading featured offers">
          {[0, 1, 2, 3].map((slot) => (
            <OfferCardSkeleton key={slot} />
          ))}
        </div>
      }
    >
      <FeaturedCarousel offers={offers} renderCard={renderCard} />
    </Suspense>
  );
}
