import type { CallbackRecord } from '@playquid/contracts';
import { callbackStatus } from '@playquid/domain';
import { callbackStateLabel, REVIEW_LABELS } from '../../../../../lib/callbacks';
import { Badge, type BadgeTone } from '../../../../../ui/Badge';

const STATE_TONES: Record<string, BadgeTone> = {
  Completed: 'success',
  Pending: 'warning',
  Reconciled: 'accent',
  None: 'neutral',
};

/** The partner's offer state: Completed, Pending, Reconciled, None, or an unknown state as itself. */
export function StateBadge({ state }: { state: string | null }) {
  const label = callbackStateLabel(state);
  return <Badge tone={STATE_TONES[label] ?? 'info'}>{label}</Badge>;
}

const STATUS_TONES = { Rejected: 'danger', Failed: 'danger', Processed: 'success', Pending: 'warning' } as const;

const REVIEW_TONES = { held: 'warning', approved: 'success', rejected: 'danger', covered_by_claim: 'info', account_closed: 'neutral' } as const;

/** A credit above the review threshold, and requests refused before a signature was proven. */
export function ReviewBadges({ callback }: { callback: Pick<CallbackRecord, 'review_status' | 'unsigned'> & { review_reason?: string | null } }) {
  return (
    <>
      {callback.review_status && (
        <Badge tone={REVIEW_TONES[callback.review_status]} className="ml-1" data-review={callback.review_status} title={callback.review_reason ?? undefined}>
          {REVIEW_LABELS[callback.review_status]}
        </Badge>
      )}
      {callback.unsigned && (
        <Badge className="ml-1" title="Refused before a signature was proven: kept in a bounded list, never credited">
          Unsigned
        </Badge>
      )}
    </>
  );
}

/** Our processing: Rejected at intake (the reason as its title), Failed with an error, else Processed or Pending. */
export function StatusBadge({
  callback,
}: {
  callback: Pick<CallbackRecord, 'accepted' | 'rejection_reason' | 'processing_error' | 'is_processed'>;
}) {
  const status = callbackStatus(callback);
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status} title={status === 'Rejected' ? (callback.rejection_reason ?? undefined) : undefined}>
      {status}
    </Badge>
  );
}
