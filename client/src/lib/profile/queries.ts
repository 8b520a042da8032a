import type { UserEnvelopeData, UserStats } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';

/** The member's profile and the statistics beside it (referral earnings, success rate). */

export const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: ['profile', uid],
    queryFn: async ({ signal }) => (await api.get<UserEnvelopeData>('/api/users/profile', signal)).data.user,
    refetchInterval: 15_000,
  });

export const userStatsQuery = (uid: string) =>
  queryOptions({
    queryKey: ['stats', uid],
    queryFn: async ({ signal }) => (await api.get<{ stats: UserStats }>('/api/users/stats', signal)).data.stats,
  });
