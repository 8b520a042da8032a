import type { EarningStatusFilter, PayoutStatus } from '@playquid/contracts';
import type { HTMLAttributes } from 'react';
import { payoutStatusLabel } from '../lib/payouts';

const TONES = {
  neutral: 'bg-white/10 text-slate-300',
  success: 'bg-quid-300/15 text-quid-300',
  warning: 'bg-amber-400/15 text-amber-300',
  info: 'bg-sky-400/15 text-sky-300',
  danger: 'bg-red-500/15 text-red-300',
  accent: 'bg-flare-500/15 text-flare-400',
  highlight: 'bg-grape-500/20 text-grape-200',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small status pill; its text is the status, so it reads the same to people, screen readers and tests. */
export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${TONES[tone]} ${className ?? ''}`}
      {...props}
    />
  );
}

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
