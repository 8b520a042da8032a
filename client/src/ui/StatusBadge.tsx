import type { EarningStatusFilter, PayoutStatus } from '@playquid/contracts';
import { payoutStatusLabel } from '../lib/payouts';
import { Badge, type BadgeTone } from './Badge';

// pending amber, approved green, paid blue.
const EARNING_TONES: Record<EarningStatusFilter, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  paid: 'info',
  rejected: 'danger',
};

/** An earning's status as its own word ('pending', 'approved', …), capitalised. */
export function EarningStatusBadge({ status }: { status: EarningStatusFilter }) {
  return (
    <Badge tone={EARNING_TONES[status] ?? 'neutral'} className="capitalize">
      {status}
    </Badge>
  );
}

const PAYOUT_TONES: Record<PayoutStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  completed: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  returned: 'neutral',
};

/** A payout's status as text ('Pending', 'Completed', …). */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge tone={PAYOUT_TONES[status] ?? 'neutral'} data-testid="payout-status">
      {payoutStatusLabel(status)}
    </Badge>
  );
}
