import { type AdminPayout, type AdminPayoutsPage, PAGE_SIZES, type Payout, type PayoutsPage } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { AdminStatusFilter } from '../payouts';
import { queryString } from '../query-string';

/** Payout lists: the member's own (`payouts`, uid) and the admin console's (`admin`, `payouts`). */

export const payoutsQuery = (uid: string, page = 1, perPage: number = PAGE_SIZES.userPayouts) =>
  queryOptions({
    queryKey: ['payouts', uid, page, perPage],
    queryFn: async ({ signal }) =>
      (await api.get<Payout[]>(`/api/users/payouts${queryString({ page, per_page: perPage })}`, signal)) as PayoutsPage,
  });

export const ADMIN_PAYOUTS_KEY = ['admin', 'payouts'] as const;

export const adminPayoutsQuery = (page: number, status?: AdminStatusFilter) =>
  queryOptions({
    queryKey: [...ADMIN_PAYOUTS_KEY, page, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (await api.get<AdminPayout[]>(
        `/api/admin/payouts${queryString({ page, per_page: PAGE_SIZES.adminPayouts, status_filter: status })}`,
        signal,
      )) as AdminPayoutsPage,
  });
