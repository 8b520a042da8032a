import { LIMITS, type OfferDevice } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchX, Star } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { EmptyState, PageHeader } from '../../components/PageHeader';
import { OfferCard } from '../../components/offers/OfferCard';
import { currentDevice, offerPlatformOf } from '../../lib/device';
import { NO_OFFER_FILTERS, type OfferFilters, offersLoadError, type OfferSort } from '../../lib/offers';
import { type OffersListParams, offersListQuery } from '../../lib/offers/queries';
import { pageHead } from '../../lib/page';
import { briefly } from '../../lib/route-options';
import { OFFERS_HEADER } from '../../lib/page-headers';
import { releaseShell } from '../../lib/shell';
import { useDebounced } from '../../lib/use-debounced';
import { Button } from '../../ui/Button';
import { NumberedPager } from '../../ui/Pager';
import { pageWidth } from '../../ui/styles';
import { OffersGridSkeleton, OffersLoadError, OffersNone } from './-components/OffersStates';
import { OffersStatsChips, OffersToolbar } from './-components/OffersToolbar';

/** Games per page of the offers grid. */
export const OFFERS_PER_PAGE = 12;
const SEARCH_DEBOUNCE_MS = 300;

/** The visitor's device as the offers list names it: a phone gets its own store's games. */
export function offerDevice(): OfferDevice {
  const platform = offerPlatformOf(currentDevice());
  return platform === 1 ? 'android' : platform === 2 ? 'ios' : 'desktop';
}

const firstPage = (device: OfferDevice): OffersListParams => ({
  device,
  ...NO_OFFER_FILTERS,
  platform: 'all',
  sort: 'highest_reward',
  page: 1,
  perPage: OFFERS_PER_PAGE,
});
const featuredParams = (device: OfferDevice): OffersListParams => ({
  ...firstPage(device),
  featured: true,
  perPage: LIMITS.featuredOffersDefault,
});

export const Route = createFileRoute('/offers/')({
  // Start the requests with the route chunk; the page renders its own loading and error states.
  // With its lists when the API answers within a moment (route-options' briefly); a failure is the page's to show.
  loader: ({ context: { queryClient } }) => {
    const device = offerDevice();
    return briefly(
      Promise.all([queryClient.prefetchQuery(offersListQuery(firstPage(device))), queryClient.prefetchQuery(offersListQuery(featuredParams(device)))]),
    );
  },
  head: () => pageHead('Gaming Offers', 'Play mobile games, reach their milestones and earn real money in pounds.'),
  component: OffersPage,
});

const grid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function OffersPage() {
  // The page's first render takes the prerendered shell's place (lib/shell.ts).
  useLayoutEffect(() => releaseShell(), []);
  const [device] = useState(offerDevice);
  const [filters, setFiltersState] = useState<OfferFilters & { platform: string }>({ ...NO_OFFER_FILTERS, platform: 'all' });
  const [sort, setSortState] = useState<OfferSort>('highest_reward');
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const setFilters = (next: OfferFilters & { platform: string }) => {
    setFiltersState(next);
    setPage(1);
  };
  const setSort = (next: OfferSort) => {
    setSortState(next);
    setPage(1);
  };

  const params: OffersListParams = { ...firstPage(device), ...filters, search, sort, page };
  const list = useQuery(offersListQuery(params));
  // The featured games and the page's facts come from the unfiltered first page, so they stay put while filtering.
  const all = useQuery(offersListQuery(firstPage(device)));
  const featured = useQuery(offersListQuery(featuredParams(device)));
  const filtered = filters.search.trim() !== '' || filters.category !== 'all' || filters.difficulty !== 'all' || filters.platform !== 'all';
  const facets = all.data?.facets ?? { categories: [], difficulties: [], platforms: [] };
  const featuredGames = (!filtered && page === 1 ? featured.data?.data : undefined) ?? [];

  return (
    <>
      <PageHeader
        {...OFFERS_HEADER}
        actions={
          <OffersStatsChips
            active={all.data?.total}
            featured={featured.data?.total}
            categories={all.data ? facets.categories.length : undefined}
          />
        }
      />
      <section className={`${pageWidth} py-10`}>
        {/* Both lists first: featured games arriving after the rest would push the page down (layout shift). */}
        {all.isPending || (featured.isPending && !filtered && page === 1) ? (
          <OffersGridSkeleton />
        ) : all.isError ? (
          <OffersLoadError message={offersLoadError(all.error)} onRetry={() => void all.refetch()} retrying={all.isFetching} />
        ) : all.data.total === 0 ? (
          <OffersNone onRefresh={() => void all.refetch()} refreshing={all.isFetching} />
        ) : (
          <>
            <OffersToolbar filters={filters} onFilters={setFilters} sort={sort} onSort={setSort} facets={facets} />

            {featuredGames.length > 0 && (
              <section className="mt-10" aria-labelledby="featured-offers" data-testid="offers-featured">
                <h2 id="featured-offers" className="flex items-center gap-2 font-display text-2xl font-bold text-white">
                  <Star size={20} className="text-amber-300" fill="currentColor" aria-hidden /> Featured Offers
                </h2>
                <ul className={`${grid} mt-5`}>
                  {featuredGames.map((offer) => (
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
                  {list.data ? `${list.data.total} of ${all.data.total} games` : ' '}
                </p>
              </div>
              {list.isError ? (
                <div className="mt-6">
                  <OffersLoadError message={offersLoadError(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
                </div>
              ) : !list.data ? (
                <div className="mt-5">
                  <OffersGridSkeleton count={4} />
                </div>
              ) : list.data.total === 0 ? (
                <div className="mt-6">
                  <EmptyState
                    icon={<SearchX />}
                    title="No offers found"
                    text="No offers match your search or filters."
                    testId="offers-no-match"
                  >
                    <Button
                      variant="secondary"
                      onClick={() => setFilters({ ...NO_OFFER_FILTERS, platform: 'all' })}
                      disabled={!filtered}
                    >
                      Clear filters
                    </Button>
                  </EmptyState>
                </div>
              ) : (
                <>
                  <ul className={`${grid} mt-5`} data-testid="offers-grid" aria-busy={list.isPlaceholderData || undefined}>
                    {list.data.data.map((offer) => (
                      <li key={offer.id}>
                        <OfferCard offer={offer} showPopularity />
                      </li>
                    ))}
                  </ul>
                  <NumberedPager
                    className="mt-8"
                    page={list.data.page}
                    totalPages={list.data.total_pages}
                    onPage={(next) => {
                      setPage(next);
                      document.getElementById('all-offers')?.scrollIntoView({ block: 'start' });
                    }}
                    label="Offer pages"
                    testId="offers-pager"
                  />
                </>
              )}
            </section>
          </>
        )}
      </section>
    </>
  );
}
