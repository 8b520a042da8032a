import type { UserEnvelopeData, UserStats } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { liveRefetchInterval } from '../wallet/stream-state';

/** The member's profile and the statistics beside it (referral earnings, success rate). */

export const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: ['profile', uid],
    queryFn: async ({ signal }) => (await api.get<UserEnvelopeData>('/api/users/profile', signal)).data.user,
    // Its totals move with the wallet: the member events stream refreshes it; polling only without one.
    refetchInterval: liveRefetchInterval(15_000),
  });

export const userStatsQuery = (uid: string) =>
  queryOptions({
    queryKey: ['stats', uid],
    queryFn: async ({ signal }) => (await api.get<{ stats: UserStats }>('/api/users/stats', signal)).data.stats,
  });
