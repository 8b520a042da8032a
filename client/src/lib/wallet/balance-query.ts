import type { Balance } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { liveRefetchInterval } from './stream-state';

/**
 * How often a visible page asks for the balance when the member events stream is not open (the
 * stream tells the page when to refetch; polling is the fallback).
 */
export const BALANCE_REFRESH_MS = 3_000;

export const balanceQuery = (uid: string) =>
  queryOptions({
    queryKey: ['balance', uid],
    queryFn: async ({ signal }) => (await api.get<Balance>('/api/users/balance', signal)).data,
    staleTime: 0,
    // Only while the tab is visible (TanStack Query pauses intervals in the background) and on focus.
    refetchInterval: liveRefetchInterval(BALANCE_REFRESH_MS),
    refetchOnWindowFocus: 'always',
  });

