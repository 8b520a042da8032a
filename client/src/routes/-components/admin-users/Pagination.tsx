import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../../../lib/admin-users';

const button =
  'inline-grid h-10 min-w-10 place-items-center rounded-xl border border-white/10 px-3 text-sm font-semibold text-slate-200 transition hover:border-white/30 hover:bg-white/5 disabled:pointer-events-none disabled:opacity-40';

/** Previous, up to five page numbers around the current one, Next (spec 2). */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="mt-6 flex flex-wrap items-center justify-center gap-2" aria-label="Pages" data-testid="admin-users-pagination">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        <ChevronLeft size={16} aria-hidden />
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={`${button} ${n === page ? 'border-quid-300/60 bg-quid-300/15 text-quid-200' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label="Next page">
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}
