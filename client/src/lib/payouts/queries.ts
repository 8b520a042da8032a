import {
  type AdminPayout,
  type AdminPayoutsPage,
  type ApiEnvelope,
  PAGE_SIZES,
  type Payout,
  type PayoutActionData,
  type PayoutsPage,
} from '@playquid/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { type AdminPayoutCommand, adminPayoutCommand } from '../commands';
import type { CommandCallbacks } from '../mutations';
import { settlePayoutLists } from '../payout-cache';
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

export interface AdminPayoutCommandCall {
  payout: AdminPayout;
  command: AdminPayoutCommand;
}

/**
 * An admin's command on a payout (process, approve, reject, cancel, resend, return): once done, the
 * console's lists show the new status at once and are read again (`settlePayoutLists`).
 */
export function useAdminPayoutCommand(callbacks: CommandCallbacks<ApiEnvelope<PayoutActionData>, AdminPayoutCommandCall> = {}) {
  const queryClient = useQueryClient();
  return useMutation<ApiEnvelope<PayoutActionData>, Error, AdminPayoutCommandCall>({
    ...callbacks,
    mutationFn: ({ payout, command }) => adminPayoutCommand(payout.id, command),
    onSuccess: (envelope, call, result, context) => {
      void settlePayoutLists(queryClient, ADMIN_PAYOUTS_KEY, envelope.data);
      return callbacks.onSuccess?.(envelope, call, result, context);
    },
  });
}
