import { LIMITS } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchX, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState, PageHeader } from '../../components/PageHeader';
import { OfferCard } from '../../components/offers/OfferCard';
import {
  filterOffers,
  isActiveOffer,
  NO_OFFER_FILTERS,
  offerCategories,
  type OfferFilters,
  offersLoadError,
  type OfferSort,
  sortOffers,
} from '../../lib/offers';
import { allOffersQuery } from '../../lib/offers/queries';
import { pageHead } from '../../lib/page';
import { Button } from '../../ui/Button';
import { pageWidth } from '../../ui/styles';
import { OffersGridSkeleton, OffersLoadError, OffersNone } from './-components/OffersStates';
import { OffersStatsChips, OffersToolbar } from './-components/OffersToolbar';

export const Route = createFileRoute('/offers/')({
  // Start the request with the route chunk; the page renders its own loading and error states.
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(allOffersQuery()),
  head: () => pageHead('Gaming Offers', 'Play mobile games, reach their milestones and earn real money in pounds.'),
  component: OffersPage,
});

const grid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function OffersPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(allOffersQuery());
  const [filters, setFilters] = useState<OfferFilters>(NO_OFFER_FILTERS);
  const [sort, setSort] = useState<OfferSort>('highest_reward');

  const active = useMemo(() => (data ?? []).filter(isActiveOffer), [data]);
  const categories = useMemo(() => offerCategories(active), [active]);
  const shown = useMemo(() => sortOffers(filterOffers(active, filters), sort), [active, filters, sort]);
  const featured = shown.filter((offer) => offer.featured).slice(0, LIMITS.featuredOffersDefault);
  const filtered = filters.search.trim() !== '' || filters.category !== 'all' || filters.difficulty !== 'all';

  return (
    <>
      <PageHeader
        eyebrow="Play & earn"
        title="Gaming Offers"
        lead="Pick a game, reach its milestones and earn real money in pounds for every level you complete."
        actions={
          data && (
            <OffersStatsChips
              active={active.length}
              featured={active.filter((offer) => offer.featured).length}
              categories={categories.length}
            />
          )
        }
      />
      <section className={`${pageWidth} py-10`}>
        {isPending ? (
          <OffersGridSkeleton />
        ) : isError ? (
          <OffersLoadError message={offersLoadError(error)} onRetry={() => void refetch()} retrying={isFetching} />
        ) : active.length === 0 ? (
          <OffersNone onRefresh={() => void refetch()} refreshing={isFetching} />
        ) : (
          <>
            <OffersToolbar filters={filters} onFilters={setFilters} sort={sort} onSort={setSort} categories={categories} />

            {featured.length > 0 && (
              <section className="mt-10" aria-labelledby="featured-offers" data-testid="offers-featured">
                <h2 id="featured-offers" className="flex items-center gap-2 font-display text-2xl font-bold text-white">
                  <Star size={20} className="text-amber-300" fill="currentColor" aria-hidden /> Featured Offers
                </h2>
                <ul className={`${grid} mt-5`}>
                  {featured.map((offer) => (
                    <li key={offer.id}>
                      <OfferCard offer={offer} showPopularity />
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <section className="mt-12" aria-labelledby="all-offers">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h2 id="all-offers" className="font-display text-2xl font-bold text-white">
                  All Offers
                </h2>
                <p className="text-sm text-slate-400" aria-live="polite" data-testid="offers-count">
                  {shown.length} of {active.length} offers
                </p>
              </div>
              {shown.length === 0 ? (
                <div className="mt-6">
                  <EmptyState
                    icon={<SearchX />}
                    title="No offers found"
                    text="No offers match your search or filters."
                    testId="offers-no-match"
                  >
                    <Button variant="secondary" onClick={() => setFilters(NO_OFFER_FILTERS)} disabled={!filtered}>
                      Clear filters
                    </Button>
                  </EmptyState>
                </div>
              ) : (
                <ul className={`${grid} mt-5`} data-testid="offers-grid">
                  {shown.map((offer) => (
                    <li key={offer.id}>
                      <OfferCard offer={offer} showPopularity />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </section>
    </>
  );
}
