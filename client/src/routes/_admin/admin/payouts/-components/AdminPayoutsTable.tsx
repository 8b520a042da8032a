import { type AdminPayout, formatPence } from '@playquid/contracts';
import { Check, Mail, RotateCcw, Send, TriangleAlert, X } from 'lucide-react';
import { CopyButton } from '../../../../../components/CopyButton';
import { adminPayoutActions, rewardDeliveryLabel, shortId } from '../../../../../lib/payouts';
import { PayoutStatusBadge } from '../../../../../ui/StatusBadge';
import { RowButton, rowClass, Table, Th } from '../../../../../ui/Table';
import { shortDateTime } from '../../../../../lib/format';

const formatDate = (iso: string | null) => (iso ? shortDateTime.format(new Date(iso)) : '—');

export type AdminPayoutAction = 'process' | 'cancel' | 'approve' | 'reject' | 'resend' | 'return';

/** How the money reaches the member: a reward email (PayPal cash, gift cards or a charity donation, their choice). */
export function PayoutDelivery({ payout }: { payout: AdminPayout }) {
  const email = payout.payment_details?.email;
  return (
    <span className="flex flex-col gap-0.5 text-xs">
      <span className="inline-flex items-center gap-1 font-semibold text-slate-200">
        <Mail size={12} aria-hidden /> Reward email
      </span>
      {email && <span className="break-all text-slate-400">{email}</span>}
    </span>
  );
}

function RowActions({
  payout,
  busy,
  onAction,
}: {
  payout: AdminPayout;
  busy: boolean;
  onAction: (action: AdminPayoutAction, payout: AdminPayout) => void;
}) {
  const allowed = adminPayoutActions(payout);
  if (![allowed.process, allowed.approve, allowed.reject, allowed.cancel, allowed.resend, allowed.returnToBalance].some(Boolean)) {
    return <span className="text-slate-500">—</span>;
  }
  return (
    <div className="flex flex-wrap gap-1.5">
      {allowed.process && (
        <RowButton tone="primary" disabled={busy} onClick={() => onAction('process', payout)}>
          Process
        </RowButton>
      )}
      {allowed.approve && (
        <RowButton tone="info" disabled={busy} onClick={() => onAction('approve', payout)}>
          <Check size={13} aria-hidden /> Approve
        </RowButton>
      )}
      {allowed.reject && (
        <RowButton tone="danger" disabled={busy} onClick={() => onAction('reject', payout)}>
          Reject
        </RowButton>
      )}
      {allowed.cancel && (
        <RowButton disabled={busy} onClick={() => onAction('cancel', payout)}>
          <X size={13} aria-hidden /> Cancel
        </RowButton>
      )}
      {allowed.resend && (
        <RowButton tone="info" disabled={busy} onClick={() => onAction('resend', payout)}>
          <Send size={13} aria-hidden /> Resend
        </RowButton>
      )}
      {allowed.returnToBalance && (
        <RowButton disabled={busy} onClick={() => onAction('return', payout)}>
          <RotateCcw size={13} aria-hidden /> Return to balance
        </RowButton>
      )}
    </div>
  );
}

/** A reversal landed while the payout was open: approving or paying it needs the admin's acknowledgement. */
export function ReviewWarning({ payout }: { payout: AdminPayout }) {
  if (!adminPayoutActions(payout).acknowledgementRequired) return null;
  return (
    <span className="mt-1 flex items-start gap-1 text-xs font-semibold text-amber-300" role="note" data-testid="admin-payout-review">
      <TriangleAlert size={13} className="mt-0.5 shrink-0" aria-hidden />
      {payout.review_reason ?? 'A reversal landed after this payout was requested'}: review it before approving or paying.
    </span>
  );
}

/** The admin payouts table (scrolls sideways on small screens). */
export function AdminPayoutsTable({
  payouts,
  busyId,
  onAction,
}: {
  payouts: AdminPayout[];
  busyId: string | null;
  onAction: (action: AdminPayoutAction, payout: AdminPayout) => void;
}) {
  return (
    <Table
      className="mt-6"
      testId="admin-payouts-table"
      minWidth="min-w-[960px]"
      empty={payouts.length === 0 ? { title: 'No payouts found', testId: 'admin-payouts-empty' } : null}
      head={
        <>
          <Th>Payout Details</Th>
          <Th>User</Th>
          <Th>Amount &amp; Delivery</Th>
          <Th>Status</Th>
          <Th>Dates</Th>
          <Th>Actions</Th>
        </>
      }
    >
      {payouts.map((payout) => {
        const delivery = rewardDeliveryLabel(payout.reward?.status);
        return (
          <tr key={payout.id} className={`align-top ${rowClass}`} data-testid="admin-payout-row" data-payout-id={payout.id}>
            <td className="px-4 py-3.5">
              <span className="flex items-center gap-1 font-mono text-xs text-white" title={payout.id}>
                {shortId(payout.id)}… <CopyButton text={payout.id} label="Copy payout ID" />
              </span>
              {payout.transaction_id && (
                <span className="mt-1 block font-mono text-xs text-slate-400" title={payout.transaction_id}>
                  Ref {payout.transaction_id}
                </span>
              )}
              {payout.earning_count > 0 && <span className="mt-1 block text-xs text-slate-500">{payout.earning_count} earnings</span>}
            </td>
            <td className="px-4 py-3.5">
              <span className="block font-semibold text-white">{payout.user.username || '—'}</span>
              {payout.user.email && <span className="block text-xs break-all text-slate-400">{payout.user.email}</span>}
              <span className="block font-mono text-xs text-slate-500" title={payout.user_id}>
                {payout.user_id}
              </span>
            </td>
            <td className="px-4 py-3.5">
              <span className="mb-1 block font-display text-base font-bold tabular-nums text-white">
                {formatPence(payout.amount_pence)}
              </span>
              <PayoutDelivery payout={payout} />
            </td>
            <td className="px-4 py-3.5">
              <PayoutStatusBadge status={payout.status} />
              <ReviewWarning payout={payout} />
              {delivery && <span className="mt-1 block text-xs text-sky-300">{delivery}</span>}
              {payout.reason && <span className="mt-1 block text-xs text-red-300">{payout.reason}</span>}
              {payout.notes && <span className="mt-1 block text-xs text-slate-400">{payout.notes}</span>}
            </td>
            <td className="px-4 py-3.5 text-xs">
              <span className="block text-slate-500">Requested</span>
              <span className="block text-slate-200">{formatDate(payout.requested_at)}</span>
              <span className="mt-1 block text-slate-500">Processed</span>
              <span className="block text-slate-200">{formatDate(payout.processed_at)}</span>
            </td>
            <td className="px-4 py-3.5">
              <RowActions payout={payout} busy={busyId === payout.id} onAction={onAction} />
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
