import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cardClass } from './Card';

const SIZES = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * A dialog over the dimmed page: named by its title, closed by Escape or the X (not while `busy`),
 * and by a click outside when `dismissOnBackdrop`. Focus moves into it when it opens (to a field
 * marked autoFocus, else the dialog itself) and back to where it was when it closes; the page behind
 * stays put while the dialog scrolls.
 */
export function Modal({
  title,
  icon,
  onClose,
  busy = false,
  size = 'md',
  dismissOnBackdrop = false,
  closeLabel = 'Close',
  testId,
  children,
}: {
  title: ReactNode;
  icon?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  size?: keyof typeof SIZES;
  dismissOnBackdrop?: boolean;
  closeLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Read while rendering: by the time effects run, a field marked autoFocus already holds the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const node = dialog.current;
    if (!node?.contains(document.activeElement)) node?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Only once the dialog has really gone (not when React re-runs effects in development).
      if (!node?.isConnected) opener?.focus();
    };
  }, [opener]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !busy && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-ink-950/80 p-3 backdrop-blur-sm sm:items-center sm:p-6"
      onMouseDown={(event) => dismissOnBackdrop && event.target === event.currentTarget && !busy && onClose()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${cardClass} relative my-4 w-full ${SIZES[size]} bg-ink-900 p-5 outline-none sm:p-7`}
        data-testid={testId}
      >
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="absolute top-4 right-4 rounded-xl p-2 text-slate-400 hover:bg-white/5 hover:text-white disabled:opacity-40"
          aria-label={closeLabel}
        >
          <X size={18} aria-hidden />
        </button>
        <h2 id={titleId} className="flex items-center gap-2 pr-10 font-display text-xl font-bold text-white">
          {icon}
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
