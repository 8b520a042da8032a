import type { HTMLAttributes } from 'react';

const TONES = {
  neutral: 'bg-white/10 text-slate-300',
  success: 'bg-quid-300/15 text-quid-300',
  warning: 'bg-amber-400/15 text-amber-300',
  info: 'bg-sky-400/15 text-sky-300',
  danger: 'bg-red-500/15 text-red-300',
  accent: 'bg-flare-500/15 text-flare-400',
  highlight: 'bg-grape-500/20 text-grape-200',
} as const;

// The earning and payout status badges (member and admin pages) are in ./StatusBadge.

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
