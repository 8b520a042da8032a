import { Link } from '@tanstack/react-router';
import { History, LifeBuoy, ScrollText } from 'lucide-react';

const linkClass = 'inline-flex shrink-0 items-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition';

/** Switches between the earnings list, the statement and the member's claims (each its own route and URL). */
export function EarningsNav() {
  return (
    <nav aria-label="Earnings views" className="flex w-fit max-w-full flex-wrap gap-1 rounded-2xl border border-white/10 bg-ink-900/70 p-1">
      <Link
        to="/earnings"
        activeOptions={{ exact: true, includeSearch: false }}
        className={linkClass}
        activeProps={{ className: 'bg-white/10 text-white', 'aria-current': 'page' }}
        inactiveProps={{ className: 'text-slate-400 hover:bg-white/5 hover:text-white' }}
      >
        <History size={16} aria-hidden /> Earnings
      </Link>
      <Link
        to="/earnings/statement"
        activeOptions={{ includeSearch: false }}
        className={linkClass}
        activeProps={{ className: 'bg-white/10 text-white', 'aria-current': 'page' }}
        inactiveProps={{ className: 'text-slate-400 hover:bg-white/5 hover:text-white' }}
        data-testid="earnings-statement-link"
      >
        <ScrollText size={16} aria-hidden /> Statement
      </Link>
      <Link
        to="/earnings/claims"
        className={linkClass}
        activeProps={{ className: 'bg-white/10 text-white', 'aria-current': 'page' }}
        inactiveProps={{ className: 'text-slate-400 hover:bg-white/5 hover:text-white' }}
        data-testid="earnings-claims-link"
      >
        <LifeBuoy size={16} aria-hidden /> My claims
      </Link>
    </nav>
  );
}
