import { type Balance, type Earning, type EarningsPage, PAGE_SIZES, type UserEnvelopeData } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** Spec 3, "Site stats"; the endpoint arrives with the offers work (contracts has no type for it yet). */
export interface SiteStats {
  total_earnings_amount: number;
  active_users_count: number;
  total_challenges_completed: number;
}

/**
 * Query option factories shared by route loaders (`ensureQueryData`) and components
 * (`useSuspenseQuery` / `useQuery`), so the cache keys always match.
 */

/** How often a visible page asks for the balance: a partner credit shows up within seconds. */
export const BALANCE_REFRESH_MS = 3_000;

export const balanceQuery = (uid: string) =>
  queryOptions({
    queryKey: ['balance', uid],
    queryFn: async ({ signal }) => (await api.get<Balance>('/api/users/balance', signal)).data,
    staleTime: 0,
    // Only while the tab is visible (TanStack Query pauses intervals in the background) and on focus.
    refetchInterval: BALANCE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: ['profile', uid],
    queryFn: async ({ signal }) => (await api.get<UserEnvelopeData>('/api/users/profile', signal)).data.user,
    refetchInterval: 15_000,
  });

export const recentEarningsQuery = (uid: string, limit = 5) =>
  queryOptions({
    queryKey: ['earnings', uid, 'recent', limit],
    queryFn: async ({ signal }) => (await api.get<Earning[]>(`/api/users/earnings/recent?limit=${limit}`, signal)).data,
    refetchInterval: 15_000,
  });

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: ['site-stats'],
    queryFn: async ({ signal }) => (await api.get<SiteStats>('/api/offers/sitestats', signal)).data,
    staleTime: 5 * 60_000,
    // Spec 8: a failure is only logged; the counters keep their placeholders.
    retry: false,
  });

export const earningsPageQuery = (uid: string, page: number) =>
  queryOptions({
    queryKey: ['earnings', uid, 'page', page],
    // Paged lists keep `page`, `total_pages` and `summary` beside `data` in the body itself.
    queryFn: async ({ signal }) =>
      (await api.get<Earning[]>(`/api/users/earnings?page=${page}&per_page=${PAGE_SIZES.earnings}`, signal)) as EarningsPage,
  });
