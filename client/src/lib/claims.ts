import {
  type AdminClaim,
  type AdminClaimDetail,
  type ApiEnvelope,
  type Claim,
  type ClaimStatus,
  type OfferTimeline,
  type PagedEnvelope,
  type TaskTimelineState,
} from '@playquid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import type { CommandCallbacks } from './mutations';
import { queryString } from './query-string';
import { ukDateTimeFormat } from './format';

/** Missing-credit claims and the per-task timeline: queries, actions and the words the screens use. */

const path = (id: string) => encodeURIComponent(id);

export const CLAIMS_KEY = ['claims'] as const;
export const ADMIN_CLAIMS_KEY = ['admin', 'claims'] as const;

export type MemberClaimsPage = PagedEnvelope<Claim> & { answer_business_days: number };

export const timelineQuery = (offerId: string, uid: string) =>
  queryOptions({
    queryKey: [...CLAIMS_KEY, 'timeline', uid, offerId],
    queryFn: async ({ signal }) => (await api.get<OfferTimeline>(`/api/offers/${path(offerId)}/timeline`, signal)).data,
    // The pending countdown and 'Report missing credit' follow the clock.
    refetchInterval: 60_000,
  });

export const myClaimsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...CLAIMS_KEY, 'mine', uid],
    queryFn: async ({ signal }) => (await api.get<Claim[]>('/api/users/claims?per_page=100', signal)) as MemberClaimsPage,
    refetchInterval: 10_000,
  });

export const openClaim = (body: { offer_id: string; task_id: string; note: string; evidence?: string }) =>
  api.post<{ claim: Claim }>('/api/users/claims', body);

export interface AdminClaimFilters {
  status: ClaimStatus | '';
  search: string;
}
export const NO_CLAIM_FILTERS: AdminClaimFilters = { status: 'open', search: '' };

export const claimsQueryString = (page: number | null, filters: AdminClaimFilters) =>
  queryString({ page: page ?? undefined, status: filters.status || undefined, search: filters.search.trim() || undefined });

export const adminClaimsQuery = (page: number, filters: AdminClaimFilters) =>
  queryOptions({
    queryKey: [...ADMIN_CLAIMS_KEY, 'list', page, filters],
    queryFn: async ({ signal }) =>
      (await api.get<AdminClaim[]>(`/api/admin/claims${claimsQueryString(page, filters)}`, signal)) as PagedEnvelope<AdminClaim>,
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export const adminClaimQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_CLAIMS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<AdminClaimDetail>(`/api/admin/claims/${path(id)}`, signal)).data,
  });

export type ClaimDecision = 'approve' | 'decline' | 'waiting';
export const decideClaim = (id: string, decision: ClaimDecision, text: string): Promise<ApiEnvelope<unknown>> =>
  api.post(`/api/admin/claims/${path(id)}/${decision}`, decision === 'waiting' ? (text.trim() ? { note: text } : {}) : { reason: text });

export interface ClaimDecisionCall {
  claim: AdminClaim;
  decision: ClaimDecision;
  reason: string;
}

/**
 * An admin's decision on a claim. The decision is recorded; the read table follows in a moment: the
 * cached lists show the new status (and reason) at once and are read again shortly after.
 */
export function useDecideClaim(callbacks: CommandCallbacks<ApiEnvelope<unknown>, ClaimDecisionCall> = {}) {
  const queryClient = useQueryClient();
  return useMutation<ApiEnvelope<unknown>, Error, ClaimDecisionCall>({
    ...callbacks,
    mutationFn: ({ claim, decision, reason }) => decideClaim(claim.id, decision, reason),
    onSuccess: (response, call, result, context) => {
      const status = (response.data as { status?: ClaimStatus } | null)?.status;
      const { claim, reason } = call;
      if (status) {
        queryClient.setQueriesData<PagedEnvelope<AdminClaim>>(
          { queryKey: [...ADMIN_CLAIMS_KEY, 'list'] },
          (old) =>
            old && {
              ...old,
              data: old.data.map((row) => (row.id === claim.id ? { ...row, status, decision_reason: reason || row.decision_reason } : row)),
            },
        );
      }
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ADMIN_CLAIMS_KEY }), 1_500);
      return callbacks.onSuccess?.(response, call, result, context);
    },
  });
}

/** The CSV for the partner: fetched with the admin's token (a plain link would carry none) and saved. */
export async function downloadClaimsCsv(filters: AdminClaimFilters): Promise<void> {
  // Firebase is loaded on demand (never on a visitor's first load); a signed-in page has it already.
  const { firebaseAuth } = await import('./firebase');
  const user = firebaseAuth.currentUser;
  const response = await fetch(`/api/admin/claims/export${claimsQueryString(null, filters)}`, {
    headers: user ? { authorization: `Bearer ${await user.getIdToken()}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Export failed (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'claims.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const CLAIM_STATUS_LABEL: Record<ClaimStatus, string> = {
  open: 'Open',
  waiting_partner: 'Waiting on partner',
  approved: 'Approved',
  declined: 'Declined',
};

export const TASK_STATE_LABEL: Record<TaskTimelineState, string> = {
  not_started: 'Not started',
  started: 'Started',
  pending: 'Pending',
  approved: 'Approved',
  reversed: 'Reversed',
  claimed: 'Claimed',
};

/** '27 Nov 2026, 22:05' in UK time, whatever the browser's zone. */
export const ukDateTime = (iso: string) => ukDateTimeFormat.format(new Date(iso));

/** '12 days 4 hours' until `iso` (or 'any time now' once it has passed). */
export function countdown(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return 'any time now';
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${plural(days, 'day')} ${plural(hours % 24, 'hour')}`;
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`;
  return plural(Math.max(1, minutes), 'minute');
}

/** The service clock: when we promised an answer, and how it stands. */
export function serviceClock(claim: Pick<Claim, 'status' | 'answer_by' | 'decided_at'>, now = Date.now()): string {
  if (claim.decided_at) return `Answered ${ukDateTime(claim.decided_at)}`;
  const left = Date.parse(claim.answer_by) - now;
  return left > 0
    ? `Answer due by ${ukDateTime(claim.answer_by)} (in ${countdown(claim.answer_by, now)})`
    : `Answer was due ${ukDateTime(claim.answer_by)}: we are on it`;
}

export const NOTE_MAX = 500;
export const EVIDENCE_MAX = 2000;
