/** What the console knows of a callback's handling: intake's verdict and the worker's outcome. */
export interface CallbackOutcome {
  accepted: boolean;
  processing_error: string | null;
  is_processed: boolean;
}

export type CallbackStatus = 'Rejected' | 'Failed' | 'Processed' | 'Pending';

/**
 * The console's status badge (and the CSV export's status column): Rejected if intake refused it
 * (it is never processed: "Pending" would promise otherwise), else Failed if processing left an
 * error, else Processed if processed, else Pending.
 */
export function callbackStatus(callback: CallbackOutcome): CallbackStatus {
  if (!callback.accepted) return 'Rejected';
  if (callback.processing_error) return 'Failed';
  return callback.is_processed ? 'Processed' : 'Pending';
}

/** The console's counters a callback is counted in (the server's `callback_counters` and the client's 'Recalc Stats'). */
export type CallbackCounterPart = 'total' | 'processed' | 'failed' | 'unprocessed' | 'rejected' | 'completed' | 'pending' | 'reconciled' | 'held';

const STATUS_PART: Record<CallbackStatus, CallbackCounterPart> = {
  Rejected: 'rejected',
  Failed: 'failed',
  Processed: 'processed',
  Pending: 'unprocessed',
};

const STATE_PART: Record<string, CallbackCounterPart> = { COMPLETED: 'completed', PENDING: 'pending', RECONCILED: 'reconciled' };

/**
 * A callback's part in the console's figures. The status counters partition the callbacks (each is
 * processed, failed, unprocessed or rejected, as its badge says); the per-state counters cover
 * accepted callbacks only (a rejected one's state was never trusted); `held` counts credits waiting
 * for an admin's review.
 */
export function callbackCounterParts(
  callback: CallbackOutcome & { offer_state: string | null; review_status?: string | null },
): CallbackCounterPart[] {
  const parts: CallbackCounterPart[] = ['total', STATUS_PART[callbackStatus(callback)]];
  const state = callback.accepted && callback.offer_state ? STATE_PART[callback.offer_state.toUpperCase()] : undefined;
  if (state) parts.push(state);
  if (callback.review_status === 'held') parts.push('held');
  return parts;
}
