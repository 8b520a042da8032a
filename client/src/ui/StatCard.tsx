import { formatPence, formatPenceCompact } from '@playquid/contracts';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const ACCENTS = {
  quid: { glow: 'from-quid-400/20', icon: 'bg-quid-300/15 text-quid-300' },
  grape: { glow: 'from-grape-500/25', icon: 'bg-grape-500/20 text-grape-300' },
  amber: { glow: 'from-amber-400/20', icon: 'bg-amber-400/15 text-amber-300' },
  flare: { glow: 'from-flare-500/20', icon: 'bg-flare-500/15 text-flare-400' },
} as const;

export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  testId,
  accent = 'quid',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  testId?: string;
  accent?: keyof typeof ACCENTS;
}) {
  const style = ACCENTS[accent];
  // A long figure steps down a size and may break anywhere rather than spill out of the card;
  // money callers pass formatPenceCompact where space is short, this is the backstop.
  const long = typeof value === 'string' && value.length > 9;
  return (
    <div
      className={`relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br ${style.glow} to-ink-900/80 p-5 shadow-xl shadow-black/20`}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm font-medium text-slate-300">{label}</p>
        <span className={`grid h-9 w-9 shrink-0 place-items-center rounded-xl ${style.icon}`} aria-hidden>
          <Icon size={18} />
        </span>
      </div>
      <p
        className={`mt-3 min-w-0 font-display font-extrabold tabular-nums text-white [overflow-wrap:anywhere] ${long ? 'text-2xl' : 'text-3xl'}`}
        data-testid={testId}
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-400">{hint}</p>}
    </div>
  );
}

/** A stat card's money: compact when large (£1.2M, so it never overflows), the exact figure on hover. */
export function CompactPence({ pence }: { pence: number }) {
  return <span title={formatPence(pence)}>{formatPenceCompact(pence)}</span>;
}
