import { type AdminPayout, type AdminPayoutProcessBody, formatPence } from '@playquid/contracts';
import { Landmark, LoaderCircle, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminPayoutActions, processPayoutBody, TRANSACTION_ID_REQUIRED } from '../../lib/payouts';
import { Notice } from './Feedback';
import { PayoutDelivery, ReviewWarning } from './AdminPayoutsTable';
import { ui } from './ui';

/**
 * Spec 2, Admin Payouts: 'Process Bank Transfer' records the bank transaction reference (required)
 * and optional notes, then marks the payout paid.
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
  const titleId = useId();
  const referenceId = useId();
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reviewRequired = adminPayoutActions(payout).acknowledgementRequired;
  const [acknowledged, setAcknowledged] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !busy && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = processPayoutBody(reference, notes, { required: reviewRequired, acknowledged });
    if ('error' in body) return setError(body.error);
    setError(null);
    onSubmit(body);
  };

  return (
    <div className="fixed inset-0 z-40 grid place-items-center overflow-y-auto bg-ink-950/80 p-4 backdrop-blur-sm">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`${ui.card} relative w-full max-w-lg p-6 sm:p-7`}
        onSubmit={submit}
        data-testid="process-payout-modal"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute top-4 right-4 rounded-xl p-2 text-slate-400 hover:bg-white/5 hover:text-white"
          aria-label="Close"
        >
          <X size={18} aria-hidden />
        </button>
        <h2 id={titleId} className="flex items-center gap-2 font-display text-xl font-bold text-white">
          <Landmark size={20} className="text-quid-300" aria-hidden /> Process Bank Transfer
        </h2>
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

        <div className={`${ui.label} mt-5`}>
          {/* The asterisk sits outside the label so the field's name is exactly 'Bank Transaction Reference'. */}
          <span className="flex gap-1">
            <label htmlFor={referenceId}>Bank Transaction Reference</label>
            <span className="text-red-300" aria-hidden>
              *
            </span>
          </span>
          <input
            id={referenceId}
            className={ui.input}
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
        <label className={`${ui.label} mt-4`}>
          Processing Notes
          <textarea
            className={`${ui.input} min-h-20`}
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
          <button type="button" className={ui.buttonSecondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={ui.buttonPrimary}
            disabled={busy || !reference.trim() || (reviewRequired && !acknowledged)}
            data-testid="process-payout-submit"
          >
            {busy && <LoaderCircle size={17} className="animate-spin" aria-hidden />}
            Mark as Paid
          </button>
        </div>
      </form>
    </div>
  );
}
