import type { CallbackState, CallbackStats } from '@playquid/contracts';
import { callbackSuccessRate } from '@playquid/domain';

const HOUR_MS = 3_600_000;
export const CALLBACK_STATES: readonly CallbackState[] = ['COMPLETED', 'PENDING', 'RECONCILED', 'NONE'];

/**
 * The read model's counts. They partition the callbacks: every one is processed, failed (a
 * processing error, retryable), unprocessed (accepted, waiting for the worker) or rejected at intake.
 * The per-state counts cover accepted callbacks only: a rejected one's state was never trusted.
 */
export interface CallbackCounts {
  total: number;
  recent24h: number;
  processed: number;
  failed: number;
  unprocessed: number;
  rejected: number;
  completed: number;
  pending: number;
  reconciled: number;
  /** Of `rejected`: refused before a signature was proven. */
  unsigned: number;
  /** Credits waiting for an admin's review. */
  held: number;
}

export type CallbackStatsData = Required<CallbackStats> & { rejected_callbacks: number };

export function toCallbackStats(c: CallbackCounts): CallbackStatsData {
  return {
    total_callbacks: c.total,
    recent_callbacks_24h: c.recent24h,
    processed_callbacks: c.processed,
    unprocessed_callbacks: c.unprocessed,
    failed_callbacks: c.failed,
    success_rate: callbackSuccessRate(c.processed, c.failed, c.total),
    completed_callbacks: c.completed,
    pending_callbacks: c.pending,
    reconciled_callbacks: c.reconciled,
    rejected_callbacks: c.rejected,
    unsigned_rejected_callbacks: c.unsigned,
    held_callbacks: c.held,
  };
}

// ---------------------------------------------------------------- activity per hour
/** One group of the activity query: callbacks of one UTC hour (hours since the epoch) and kind. */
export interface ActivityRow {
  hour_index: number;
  accepted: boolean;
  offer_state: string | null;
  is_processed: boolean;
  failed: boolean;
  n: number;
}

export interface ActivityCounts {
  total: number;
  rejected: number;
  processed: number;
  failed: number;
  /** Accepted and still waiting for processing. */
  pending_processing: number;
  /** Accepted callbacks per BitLabs offer state. */
  by_state: Record<CallbackState, number>;
}

export interface ActivityBucket extends ActivityCounts {
  /** Start of the UTC hour. */
  hour: string;
}

export interface Activity {
  hours: number;
  from: string;
  to: string;
  totals: ActivityCounts;
  buckets: ActivityBucket[];
}

const emptyCounts = (): ActivityCounts => ({
  total: 0,
  rejected: 0,
  processed: 0,
  failed: 0,
  pending_processing: 0,
  by_state: { COMPLETED: 0, PENDING: 0, RECONCILED: 0, NONE: 0 },
});

function add(counts: ActivityCounts, row: ActivityRow): void {
  counts.total += row.n;
  if (!row.accepted) {
    counts.rejected += row.n;
    return;
  }
  if (row.is_processed) counts.processed += row.n;
  else if (row.failed) counts.failed += row.n;
  else counts.pending_processing += row.n;
  const state = (row.offer_state ?? 'NONE') as CallbackState;
  if (state in counts.by_state) counts.by_state[state] += row.n;
}

/** Hours since the epoch: the UTC hour a moment falls in. */
export const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS);
/** The first UTC hour of a window of `hours` hours that ends with the current (partial) hour. */
export const windowStartHour = (now: Date, hours: number): number => hourOf(now) - (hours - 1);

/** Every hour of the window gets a bucket, with zeros where nothing arrived, so charts need no gap filling. */
export function bucketActivity(rows: ActivityRow[], firstHour: number, hours: number, now: Date): Activity {
  const buckets: ActivityBucket[] = Array.from({ length: hours }, (_, i) => ({
    hour: new Date((firstHour + i) * HOUR_MS).toISOString(),
    ...emptyCounts(),
  }));
  const totals = emptyCounts();
  for (const row of rows) {
    const bucket = buckets[row.hour_index - firstHour];
    if (!bucket) continue; // outside the window (the query bounds it; a clock edge must not crash)
    add(bucket, row);
    add(totals, row);
  }
  return { hours, from: new Date(firstHour * HOUR_MS).toISOString(), to: now.toISOString(), totals, buckets };
}
