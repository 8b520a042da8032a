import { RefreshCw } from 'lucide-react';
import type { ComponentProps } from 'react';

const VARIANTS = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-2xl bg-quid-300 px-5 py-3 font-bold text-ink-950 shadow-lg shadow-quid-500/25 transition hover:bg-quid-200 hover:shadow-quid-400/40 active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-300 disabled:shadow-none disabled:active:scale-100',
  /** The primary look in red, for an action that locks someone out. */
  danger:
    'inline-flex items-center justify-center gap-2 rounded-2xl bg-red-400 px-5 py-3 font-bold text-ink-950 shadow-lg shadow-red-500/25 transition hover:bg-red-300 hover:shadow-red-500/25 active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-300 disabled:shadow-none disabled:active:scale-100',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-2xl border border-white/15 bg-white/5 px-5 py-3 font-semibold text-white transition hover:border-white/30 hover:bg-white/10 active:scale-[0.98] disabled:cursor-not-allowed disabled:border-white/10 disabled:bg-transparent disabled:text-slate-500 disabled:active:scale-100',
  ghost:
    'inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold text-slate-300 transition hover:bg-white/5 hover:text-white',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** A button's look as a class list, for links and anchors that look like buttons. */
export const buttonClass = (variant: ButtonVariant = 'primary', className?: string): string =>
  className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant];

/** A `<button type="button">` (pass `type="submit"` in forms) with one of the shared looks. */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** 'Refresh' (or `children`) with an arrow that spins while `busy`; the button waits meanwhile. */
export function RefreshButton({ busy, children = 'Refresh', ...props }: Omit<ComponentProps<'button'>, 'disabled'> & { busy: boolean }) {
  return (
    <Button variant="secondary" disabled={busy} {...props}>
      <RefreshCw size={16} className={busy ? 'animate-spin' : undefined} aria-hidden /> {children}
    </Button>
  );
}
