import type { EarningStatusFilter } from '@playquid/contracts';

// Spec 4: pending amber, approved green, paid blue.
const STYLE: Record<EarningStatusFilter, string> = {
  pending: 'bg-amber-400/15 text-amber-300',
  approved: 'bg-quid-300/15 text-quid-300',
  paid: 'bg-sky-400/15 text-sky-300',
  rejected: 'bg-red-500/15 text-red-300',
};

export function EarningStatusBadge({ status }: { status: EarningStatusFilter }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold capitalize ${STYLE[status] ?? 'bg-white/10 text-slate-300'}`}
    >
      {status}
    </span>
  );
}
