import { callbackStateLabel, callbackStatus, REVIEW_LABELS } from '../../../lib/callbacks';
import type { CallbackRecord } from '@playquid/contracts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap';

const STATE_STYLE: Record<string, string> = {
  Completed: 'bg-quid-300/15 text-quid-300',
  Pending: 'bg-amber-400/15 text-amber-300',
  Reconciled: 'bg-flare-500/15 text-flare-400',
  None: 'bg-white/10 text-slate-300',
};

/** The partner's offer state: Completed, Pending, Reconciled, None, or an unknown state as itself. */
export function StateBadge({ state }: { state: string | null }) {
  const label = callbackStateLabel(state);
  return <span className={`${badge} ${STATE_STYLE[label] ?? 'bg-sky-400/15 text-sky-300'}`}>{label}</span>;
}

const STATUS_STYLE = {
  Failed: 'bg-red-500/15 text-red-300',
  Processed: 'bg-quid-300/15 text-quid-300',
  Pending: 'bg-amber-400/15 text-amber-300',
} as const;

const REVIEW_STYLE = {
  held: 'bg-amber-400/15 text-amber-300',
  approved: 'bg-quid-300/15 text-quid-300',
  rejected: 'bg-red-500/15 text-red-300',
} as const;

/** A credit above the review threshold, and requests refused before a signature was proven. */
export function ReviewBadges({ callback }: { callback: Pick<CallbackRecord, 'review_status' | 'unsigned'> }) {
  return (
    <>
      {callback.review_status && (
        <span className={`${badge} ${REVIEW_STYLE[callback.review_status]} ml-1`} data-review={callback.review_status}>
          {REVIEW_LABELS[callback.review_status]}
        </span>
      )}
      {callback.unsigned && (
        <span className={`${badge} ml-1 bg-white/10 text-slate-300`} title="Refused before a signature was proven: kept in a bounded list, never credited">
          Unsigned
        </span>
      )}
    </>
  );
}

/** Our processing: Failed if it has an error, else Processed, else Pending. */
export function StatusBadge({ callback }: { callback: Pick<CallbackRecord, 'processing_error' | 'is_processed'> }) {
  const status = callbackStatus(callback);
  return (
    <span className={`${badge} ${STATUS_STYLE[status]}`} data-status={status}>
      {status}
    </span>
  );
}
