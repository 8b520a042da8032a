import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { ui } from '../ui';

/** The console's dialogs: a card over a dimmed page, closed by Escape, the X or a click outside. */
export function Modal({
  title,
  icon,
  onClose,
  busy = false,
  wide = false,
  testId,
  children,
}: {
  title: string;
  icon?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  wide?: boolean;
  testId?: string;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !busy && onClose();
    window.addEventListener('keydown', onKey);
    // The page behind stays put while the dialog scrolls.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [busy, onClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-ink-950/80 p-3 backdrop-blur-sm sm:items-center sm:p-6"
      onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`${ui.card} relative my-4 w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} bg-ink-900 p-5 sm:p-7`}
        data-testid={testId}
      >
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="absolute top-4 right-4 rounded-xl p-2 text-slate-400 hover:bg-white/5 hover:text-white disabled:opacity-40"
          aria-label="Close"
        >
          <X size={18} aria-hidden />
        </button>
        <h2 id={titleId} className="flex items-center gap-2 pr-10 font-display text-xl font-bold text-white">
          {icon}
          {title}
        </h2>
        {children(titleId)}
      </div>
    </div>
  );
}
