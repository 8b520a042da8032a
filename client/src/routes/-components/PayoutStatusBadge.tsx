import type { PayoutStatus } from '@playquid/contracts';
import { payoutStatusLabel } from '../../lib/payouts';

const STYLE: Record<PayoutStatus, string> = {
  pending: 'bg-amber-400/15 text-amber-300',
  approved: 'bg-sky-400/15 text-sky-300',
  completed: 'bg-quid-300/15 text-quid-300',
  rejected: 'bg-red-500/15 text-red-300',
  cancelled: 'bg-white/10 text-slate-300',
};

/** The status as text ('Pending', 'Completed', …), so it reads the same to people and tests. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLE[status] ?? 'bg-white/10 text-slate-300'}`}
      data-testid="payout-status"
    >
      {payoutStatusLabel(status)}
    </span>
  );
}
