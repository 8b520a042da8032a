import { type CallbackRecord, type CallbackStats, formatUsd, LIMITS, PAGE_SIZES, parseUsd } from '@playquid/contracts';
import { type CallbackCounterPart, callbackCounterParts, callbackSuccessRate } from '@playquid/domain';
import { CALLBACK_ACCESS_DENIED } from './route-options';

/** Admin "Callbacks" console rules. */

export const CALLBACK_STATE_FILTERS = [
  { value: '', label: 'All' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'RECONCILED', label: 'Reconciled' },
] as const;

export const CALLBACK_PROCESSED_FILTERS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Processed' },
  { value: 'false', label: 'Unprocessed' },
] as const;

export interface CallbackFilters {
  state: (typeof CALLBACK_STATE_FILTERS)[number]['value'];
  processed: (typeof CALLBACK_PROCESSED_FILTERS)[number]['value'];
  userId: string;
  offerId: string;
  search: string;
}

export const NO_CALLBACK_FILTERS: CallbackFilters = { state: '', processed: '', userId: '', offerId: '', search: '' };

export const hasCallbackFilters = (filters: CallbackFilters) => Object.values(filters).some((value) => value.trim() !== '');

/** `?page=…&per_page=50` plus only the filters that are set. */
export function callbacksQueryString(page: number, filters: CallbackFilters): string {
  const params = new URLSearchParams({ page: String(page), per_page: String(PAGE_SIZES.callbacks) });
  const set = (key: string, value: string) => value.trim() && params.set(key, value.trim());
  set('state', filters.state);
  set('processed', filters.processed);
  set('user_id', filters.userId);
  set('offer_id', filters.offerId);
  set('search', filters.search);
  return `?${params.toString()}`;
}

const STATE_LABELS: Record<string, string> = { COMPLETED: 'Completed', PENDING: 'Pending', RECONCILED: 'Reconciled', NONE: 'None' };

/** Completed, Pending, Reconciled, None; an unknown state is shown as itself. */
export function callbackStateLabel(state: string | null | undefined): string {
  if (!state) return 'None';
  return STATE_LABELS[state.toUpperCase()] ?? state;
}

/** the user id shown in the table is its first 12 characters, then an ellipsis. */
export const shortUserId = (uid: string | null | undefined): string => (!uid ? 'N/A' : uid.length > 12 ? `${uid.slice(0, 12)}…` : uid);

export const callbackOfferLabel = (callback: Pick<CallbackRecord, 'offer_name' | 'offer_id'>): string =>
  callback.offer_name?.trim() || callback.offer_id?.trim() || 'N/A';

/** A USD amount with 2 to 4 decimals, exact from the partner's text when there is one. */
export function formatCallbackUsd(raw: string | null | undefined, value: number | null | undefined): string {
  const exact = raw != null ? parseUsd(raw) : null;
  if (exact !== null) return formatUsd(exact);
  if (value == null || !Number.isFinite(value)) return '—';
  return formatUsd(Math.round(value * 10_000));
}

export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;

/**
 * "Recalc Stats": the four cards recomputed from the rows on screen instead of the server's totals,
 * so an admin can check a filtered page against the server figures. Each row is counted by the
 * domain's `callbackCounterParts`, the rule the server's counters are kept by.
 */
export function callbackStatsFromRows(rows: readonly CallbackRecord[], now: Date): CallbackStats {
  const since = now.getTime() - LIMITS.callbackActivityHours * 3_600_000;
  const counts = new Map<CallbackCounterPart, number>();
  for (const row of rows) for (const part of callbackCounterParts(row)) counts.set(part, (counts.get(part) ?? 0) + 1);
  const n = (part: CallbackCounterPart) => counts.get(part) ?? 0;
  return {
    total_callbacks: n('total'),
    recent_callbacks_24h: rows.filter((row) => Date.parse(row.created_at) >= since).length,
    processed_callbacks: n('processed'),
    unprocessed_callbacks: n('unprocessed'),
    failed_callbacks: n('failed'),
    success_rate: callbackSuccessRate(n('processed'), n('failed'), n('total')),
    completed_callbacks: n('completed'),
    pending_callbacks: n('pending'),
    reconciled_callbacks: n('reconciled'),
  };
}

export const CALLBACK_TEXT = {
  accessDenied: CALLBACK_ACCESS_DENIED,
  emptyTitle: 'No Callbacks Found',
  emptyText: 'No callbacks match your current filters.',
  reprocessed: 'Callback reprocessed successfully!',
  reprocessFailed: (message: string) => `Failed to reprocess callback: ${message}`,
  loadFailed: (message: string) => `Failed to load callbacks: ${message}`,
  detailFailed: (message?: string) => (message ? `Failed to load callback details: ${message}` : 'Failed to load callback details'),
  reviewPrompt: (decision: ReviewDecision, callback: Pick<CallbackRecord, 'transaction_id' | 'user_reward_raw'>) =>
    `${decision === 'approve' ? 'Approve' : 'Reject'} the held credit of £${callback.user_reward_raw ?? '?'} (transaction ${callback.transaction_id ?? '?'})? Reason (required):`,
  reasonRequired: 'A reason is required to review a held credit.',
  reviewed: (decision: ReviewDecision) => (decision === 'approve' ? 'Held credit approved.' : 'Held credit rejected.'),
  reviewFailed: (message: string) => `Failed to review the held credit: ${message}`,
} as const;

export type ReviewDecision = 'approve' | 'reject';

/** The reason an admin typed, trimmed; null when it is blank (the server would refuse it). */
export const reviewReason = (typed: string | null): string | null => (typed?.trim() ? typed.trim() : null);

export const REVIEW_LABELS = {
  held: 'Held for review',
  approved: 'Review approved',
  rejected: 'Review rejected',
  covered_by_claim: 'Already paid by a claim',
  account_closed: 'Account closed: not credited',
} as const;
