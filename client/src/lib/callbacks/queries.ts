import { type ApiEnvelope, CALLBACKS_REFRESH_MS, type CallbackRecord, type CallbacksPage, type CallbackStats } from '@playquid/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { type CallbackFilters, callbacksQueryString, type ReviewDecision } from '../callbacks';
import { type CommandCallbacks, useInvalidatingMutation } from '../mutations';

/** The admin Callbacks console: the list, its statistics, one callback's details and the admin's actions. */

const path = (id: string) => encodeURIComponent(id);

export const ADMIN_CALLBACKS_KEY = ['admin', 'callbacks'] as const;

export const adminCallbacksQuery = (page: number, filters: CallbackFilters) =>
  queryOptions({
    queryKey: [...ADMIN_CALLBACKS_KEY, 'list', page, filters],
    queryFn: async ({ signal }) =>
      (await api.get<CallbackRecord[]>(`/api/admin/callbacks${callbacksQueryString(page, filters)}`, signal)) as CallbacksPage,
    refetchInterval: CALLBACKS_REFRESH_MS,
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const callbackStatsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_CALLBACKS_KEY, 'stats'],
    queryFn: async ({ signal }) => (await api.get<{ stats: CallbackStats }>('/api/admin/callbacks/stats', signal)).data.stats,
    refetchInterval: CALLBACKS_REFRESH_MS,
  });

export const callbackDetailQuery = (callbackId: string) =>
  queryOptions({
    queryKey: [...ADMIN_CALLBACKS_KEY, 'detail', callbackId],
    queryFn: async ({ signal }) =>
      (await api.get<{ callback: CallbackRecord }>(`/api/admin/callbacks/${path(callbackId)}`, signal)).data.callback,
  });

export const reprocessCallback = (callbackId: string): Promise<ApiEnvelope<unknown>> =>
  api.post(`/api/admin/callbacks/${path(callbackId)}/reprocess`);

/** Approves or rejects a credit held for review; the reason is recorded with the admin on the event. */
export const reviewCallback = (callbackId: string, decision: ReviewDecision, reason: string): Promise<ApiEnvelope<unknown>> =>
  api.post(`/api/admin/callbacks/${path(callbackId)}/review/${decision}`, { reason });

/** Reprocess a callback; the console's list and figures refetch once it is done. */
export const useReprocessCallback = (callbacks?: CommandCallbacks<ApiEnvelope<unknown>, CallbackRecord>) =>
  useInvalidatingMutation((callback: CallbackRecord) => reprocessCallback(callback.id), ADMIN_CALLBACKS_KEY, callbacks);

export interface CallbackReview {
  callback: CallbackRecord;
  decision: ReviewDecision;
  reason: string;
}

/** Approve or reject a held credit with the admin's reason; the console refetches once it is done. */
export const useReviewCallback = (callbacks?: CommandCallbacks<ApiEnvelope<unknown>, CallbackReview>) =>
  useInvalidatingMutation(
    ({ callback, decision, reason }: CallbackReview) => reviewCallback(callback.id, decision, reason),
    ADMIN_CALLBACKS_KEY,
    callbacks,
  );
