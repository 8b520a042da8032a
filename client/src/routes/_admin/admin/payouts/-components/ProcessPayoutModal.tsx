import { type AdminPayout, type AdminPayoutProcessBody, formatPence } from '@playquid/contracts';
import { LoaderCircle, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../../../components/Feedback';
import { adminPayoutActions, processPayoutBody, TRANSACTION_ID_REQUIRED } from '../../../../../lib/payouts';
import { Button } from '../../../../../ui/Button';
import { Modal } from '../../../../../ui/Modal';
import { inputClass, labelClass } from '../../../../../ui/styles';
import { PayoutDelivery, ReviewWarning } from './AdminPayoutsTable';

/**
 * 'Mark Reward Payout as Paid' records the reward reference (required: the reward order or
 * processor reference) and optional notes, then marks the reward payout paid.
 */
export function ProcessPayoutModal({
  payout,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  payout: AdminPayout;
  busy: boolean;
  /** The server's refusal of the last attempt, shown here since the page's message is behind the modal. */
  failure: string | null;
  onSubmit: (body: AdminPayoutProcessBody) => void;
  onClose: () => void;
}) {
  const referenceId = useId();
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reviewRequired = adminPayoutActions(payout).acknowledgementRequired;
  const [acknowledged, setAcknowledged] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = processPayoutBody(reference, notes, { required: reviewRequired, acknowledged });
    if ('error' in body) return setError(body.error);
    setError(null);
    onSubmit(body);
  };

  return (
    <Modal
      title="Mark Reward Payout as Paid"
      icon={<Mail size={20} className="text-quid-300" aria-hidden />}
      onClose={onClose}
      busy={busy}
      testId="process-payout-modal"
    >
      <form onSubmit={submit}>
        <dl className="mt-5 space-y-2 rounded-2xl border border-white/10 bg-white/[0.03] p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Amount</dt>
            <dd className="font-display text-lg font-bold tabular-nums text-white">{formatPence(payout.amount_pence)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">User</dt>
            <dd className="truncate text-right text-white">{payout.user.username || payout.user.email || payout.user_id}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Delivery</dt>
            <dd className="text-right">
              <PayoutDelivery payout={payout} />
            </dd>
          </div>
        </dl>

        <div className={`${labelClass} mt-5`}>
          {/* The asterisk sits outside the label so the field's name is exactly 'Reward Reference'. */}
          <span className="flex gap-1">
            <label htmlFor={referenceId}>Reward Reference</label>
            <span className="text-red-300" aria-hidden>
              *
            </span>
          </span>
          <input
            id={referenceId}
            className={inputClass}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              if (event.target.value.trim()) setError(null);
            }}
            onBlur={() => !reference.trim() && reference !== '' && setError(TRANSACTION_ID_REQUIRED)}
            required
            aria-invalid={error ? true : undefined}
            autoFocus
            data-testid="process-payout-reference"
          />
        </div>
        <label className={`${labelClass} mt-4`}>
          Processing Notes
          <textarea
            className={`${inputClass} min-h-20`}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            data-testid="process-payout-notes"
          />
        </label>
        {reviewRequired && (
          <div className="mt-4 rounded-2xl border border-amber-400/30 bg-amber-400/10 p-4">
            <ReviewWarning payout={payout} />
            <label className="mt-3 flex items-start gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                className="mt-1"
                checked={acknowledged}
                onChange={(event) => {
                  setAcknowledged(event.target.checked);
                  if (event.target.checked) setError(null);
                }}
                data-testid="process-payout-acknowledge"
              />
              I have reviewed the reversal and still want to mark this payout paid
            </label>
          </div>
        )}
        {(error ?? failure) && (
          <Notice kind="error" className="mt-4" testId="process-payout-error">
            {error ?? failure}
          </Notice>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"

            disabled={busy || !reference.trim() || (reviewRequired && !acknowledged)}
            data-testid="process-payout-submit"
          >
            {busy && <LoaderCircle size={17} className="animate-spin" aria-hidden />}
            Mark as Paid
          </Button>
        </div>
      </form>
    </Modal>
  );
}
