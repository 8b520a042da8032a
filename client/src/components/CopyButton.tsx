import type { ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { useFlash } from '../lib/use-flash';

/** How long 'Copied!' stays. */
const COPIED_MS = 2_000;

/** Copies `text`; shows 'Copied!' for 2 s. `onCopied`/`onFailed` let a page add its own message. */
export function CopyButton({
  text,
  label,
  children,
  className = '',
  onCopied,
  onFailed,
  testId,
}: {
  text: string;
  /** Accessible name, e.g. "Copy transaction ID". */
  label: string;
  children?: ReactNode;
  className?: string;
  onCopied?: () => void;
  onFailed?: () => void;
  testId?: string;
}) {
  const [copied, flash] = useFlash<true>(COPIED_MS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      flash(true);
      onCopied?.();
    } catch {
      onFailed?.();
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold text-slate-300 transition hover:bg-white/10 hover:text-white ${className}`}
      data-testid={testId}
    >
      {children}
      {copied ? <Check size={13} className="text-quid-300" aria-hidden /> : <Copy size={13} aria-hidden />}
      {copied && <span className="text-quid-300">Copied!</span>}
    </button>
  );
}
