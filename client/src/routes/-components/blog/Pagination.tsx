import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageNumbers } from '../../../lib/blogs';

/** Numbered pagination with Previous/Next; nothing when there is one page. */
export function Pagination({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (page: number) => void; label: string }) {
  if (totalPages <= 1) return null;
  const button = 'grid h-10 min-w-10 place-items-center rounded-xl border px-3 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav className="flex flex-wrap items-center justify-center gap-2" aria-label={label} data-testid="pagination">
      <button type="button" className={`${button} border-white/10 text-slate-300 hover:bg-white/5`} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeft size={16} aria-hidden />
      </button>
      {pageNumbers(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
          className={`${button} ${n === page ? 'border-quid-300 bg-quid-300 text-ink-950' : 'border-white/10 text-slate-300 hover:bg-white/5'}`}
        >
          {n}
        </button>
      ))}
      <button type="button" className={`${button} border-white/10 text-slate-300 hover:bg-white/5`} onClick={() => onPage(page + 1)} disabled={page >= totalPages} aria-label="Next page">
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}
