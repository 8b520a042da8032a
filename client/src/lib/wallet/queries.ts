import { type DetailedBalance, type Earning, type EarningsPage, PAGE_SIZES, type StatementData } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { queryString } from '../query-string';
import { asOfIso, localDay } from '../statement';
import { liveRefetchInterval } from './stream-state';

/**
 * The member's money: balance, earnings and statement. Query option factories shared by route
 * loaders (`ensureQueryData`) and components (`useSuspenseQuery` / `useQuery`), so the cache keys
 * always match. Keys start with what a command changes (`balance`, `earnings`, `statement`) and the
 * uid, so one prefix invalidates every variant of it (see `memberMoneyKeys`).
 */

// The balance (Navbar, in every page's shell) is in ./balance-query, without the statement helpers.
export { BALANCE_REFRESH_MS, balanceQuery } from './balance-query';

export const detailedBalanceQuery = (uid: string, asOf?: string) =>
  queryOptions({
    queryKey: ['balance', uid, 'detailed', asOf ?? 'now'],
    queryFn: async ({ signal }) =>
      (await api.get<DetailedBalance>(`/api/users/balance/detailed${queryString({ as_of: asOf })}`, signal)).data,
    // A past moment never changes; the present one follows the plain balance's rhythm loosely.
    staleTime: asOf ? Infinity : 0,
    refetchInterval: asOf ? false : liveRefetchInterval(15_000),
  });

/** Statement entries per page (the API's default): page 1 holds the newest. */
export const STATEMENT_PAGE_SIZE = 50;

/**
 * One page of the statement, now or as of the end of a local day (`YYYY-MM-DD`). The key holds the
 * day, not the moment: 'as of today' means as of the time of the fetch, which must not give every
 * render a new key.
 */
export const statementQuery = (uid: string, asOfDay?: string, page = 1) =>
  queryOptions({
    queryKey: ['statement', uid, asOfDay ?? 'now', page],
    queryFn: async ({ signal }) => {
      const asOf = asOfDay && asOfIso(asOfDay);
      return (await api.get<StatementData>(`/api/users/statement${queryString({ as_of: asOf, page, per_page: STATEMENT_PAGE_SIZE })}`, signal)).data;
    },
    // A past day never changes; today's figures follow the present.
    staleTime: asOfDay && asOfDay < localDay() ? Infinity : 10_000,
  });

export const recentEarningsQuery = (uid: string, limit = 5) =>
  queryOptions({
    queryKey: ['earnings', uid, 'recent', limit],
    queryFn: async ({ signal }) => (await api.get<Earning[]>(`/api/users/earnings/recent?limit=${limit}`, signal)).data,
    refetchInterval: liveRefetchInterval(15_000),
  });

export const earningsPageQuery = (uid: string, page: number) =>
  queryOptions({
    queryKey: ['earnings', uid, 'page', page],
    // Paged lists keep `page`, `total_pages` and `summary` beside `data` in the body itself.
    queryFn: async ({ signal }) =>
      (await api.get<Earning[]>(`/api/users/earnings?page=${page}&per_page=${PAGE_SIZES.earnings}`, signal)) as EarningsPage,
  });

/** Approved earnings not yet in a payout. */
export const availableEarningsQuery = (uid: string) =>
  queryOptions({
    queryKey: ['earnings', uid, 'available'],
    queryFn: async ({ signal }) =>
      (await api.get<Earning[]>(
        `/api/users/earnings${queryString({ page: 1, per_page: PAGE_SIZES.availableEarnings, status: 'approved', available_for_payout: true })}`,
        signal,
      )) as EarningsPage,
  });

/**
 * What a payout command changes besides the payout lists (those are settled separately, see
 * `settlePayoutLists`, which patches them at once).
 */
export const memberMoneyKeys = (uid: string) => [
  ['balance', uid],
  ['earnings', uid],
  ['statement', uid],
  ['stats', uid],
  ['profile', uid],
];
