import { ADMIN_STATS_REFRESH_MS, type AdminStats } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';

/** The admin Analytics figures: revenue, sign-ups, conversion and top offers, refreshed on a timer. */
export const adminStatsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: async ({ signal }) => (await api.get<{ stats: AdminStats }>('/api/admin/stats', signal)).data.stats,
    refetchInterval: ADMIN_STATS_REFRESH_MS,
  });
