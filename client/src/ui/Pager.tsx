import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './Button';

/** How many page numbers a numbered pager shows at most. */
const MAX_PAGE_NUMBERS = 5;

/**
 * Up to `size` page numbers around the current page, shifted at the ends so there are always as
 * many as the pages allow: 1 2 [3] 4 5, 6 7 [8] 9 10, 6 7 8 9 [10].
 */
export function pageWindow(page: number, totalPages: number, size = MAX_PAGE_NUMBERS): number[] {
  const count = Math.min(size, Math.max(totalPages, 1));
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** What a Previous or Next control gets: its look, whether it leads anywhere, and its text. */
export interface PagerStep {
  className: string;
  disabled: boolean;
  children: string;
}

/**
 * Previous, 'Page X of Y', Next. `step` renders a control for the target page: a router Link when
 * the page lives in the URL, a button when it is screen state. With a `summary` ('Showing N of M')
 * the summary sits on the left, the controls group on the right, and the bar shows even for a single
 * page; without one there is nothing to show for a single page.
 */
export function Pager({
  page,
  totalPages,
  step,
  summary,
  pageTestId,
  className,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  step: (target: number, control: PagerStep) => ReactNode;
  summary?: ReactNode;
  pageTestId?: string;
  className?: string;
  /** The nav's accessible name, when the page has more than one list. */
  label?: string;
}) {
  if (totalPages <= 1 && !summary) return null;
  // Links mark a dead end with aria-disabled, buttons with disabled: both look the same.
  const look = buttonClass('secondary', 'py-2 aria-disabled:pointer-events-none aria-disabled:opacity-40');
  const controls = (
    <>
      {step(page - 1, { className: look, disabled: page <= 1, children: 'Previous' })}
      <span className="text-sm text-slate-400" data-testid={pageTestId}>
        Page {page} of {totalPages}
      </span>
      {step(page + 1, { className: look, disabled: page >= totalPages, children: 'Next' })}
    </>
  );
  return summary ? (
    <nav className={`flex flex-wrap items-center justify-between gap-3 ${className ?? ''}`} aria-label={label}>
      {summary}
      <div className="flex items-center gap-3">{controls}</div>
    </nav>
  ) : (
    <nav className={`flex items-center justify-between gap-3 ${className ?? ''}`} aria-label={label}>
      {controls}
    </nav>
  );
}

/** A Pager step that is a button calling `onPage` (for a page kept in screen state). */
export const pageButton = (onPage: (page: number) => void) => (target: number, control: PagerStep) => (
  <button type="button" onClick={() => onPage(target)} {...control} />
);

const NUMBER =
  'inline-grid h-10 min-w-10 place-items-center rounded-xl border px-3 text-sm font-semibold transition disabled:pointer-events-none disabled:opacity-40';
const IDLE = 'border-white/10 text-slate-300 hover:border-white/30 hover:bg-white/5';
const CURRENT = 'border-quid-300 bg-quid-300 text-ink-950';

/** Previous, up to five page numbers around the current one, Next; nothing when there is one page. */
export function NumberedPager({
  page,
  totalPages,
  onPage,
  label = 'Pages',
  testId,
  className,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label?: string;
  testId?: string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className={`flex flex-wrap items-center justify-center gap-2 ${className ?? ''}`} aria-label={label} data-testid={testId}>
      <button
        type="button"
        className={`${NUMBER} ${IDLE}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeft size={16} aria-hidden />
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={`${NUMBER} ${n === page ? CURRENT : IDLE}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${NUMBER} ${IDLE}`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}
