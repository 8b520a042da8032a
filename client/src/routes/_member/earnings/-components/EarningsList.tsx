import { type Earning, formatPence } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { Coins, ExternalLink, Gift } from 'lucide-react';
import { useState } from 'react';
import { earningDescription, type EarningFilters, shortTransactionId, type StatusFilter, type TimeFilter } from '../../../../lib/earnings';
import { EarningStatusBadge } from '../../../../ui/StatusBadge';
import { buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { SearchField } from '../../../../ui/SearchField';
import { inputClass } from '../../../../ui/styles';
import { shortDate } from '../../../../lib/format';

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All statuses' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
];
const TIME_OPTIONS: Array<{ value: TimeFilter; label: string }> = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
];

export function EarningsFilterBar({ filters, onChange }: { filters: EarningFilters; onChange: (filters: EarningFilters) => void }) {
  return (
    <div className="mt-8 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <SearchField
        label="Search offers"
        placeholder="Search offers..."
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        data-testid="earnings-search"
      />
      <label>
        <span className="sr-only">Status</span>
        <select
          className={inputClass}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as StatusFilter })}
          data-testid="earnings-status"
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">Time</span>
        <select
          className={inputClass}
          value={filters.time}
          onChange={(event) => onChange({ ...filters, time: event.target.value as TimeFilter })}
          data-testid="earnings-time"
        >
          {TIME_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The offer's icon, or a coin (a gift for bonuses) when there is none or it fails to load. */
function EarningIcon({ earning }: { earning: Earning }) {
  const [broken, setBroken] = useState(false);
  const src = earning.has_icon && !broken ? earning.offer.icon_url : null;
  return (
    <span className="grid h-10 w-10 shrink-0 place-items-center overflow-hidden rounded-xl bg-white/5 text-quid-300" aria-hidden>
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" onError={() => setBroken(true)} />
      ) : earning.is_bonus ? (
        <Gift size={18} />
      ) : (
        <Coins size={18} />
      )}
    </span>
  );
}

/** Each offer earning links to its task's timeline on the offer page (a reversal's shows the credit it cancelled). */
function EarningAction({ earning }: { earning: Earning }) {
  if (!earning.offer.id) return <span className="text-slate-400">-</span>;
  return (
    <Link
      to="/offers/$offerId"
      params={{ offerId: earning.offer.id }}
      hash="timeline"
      className={buttonClass('ghost')}
      aria-label={`Timeline of ${earning.display_title}`}
      data-testid="earning-timeline-link"
    >
      <ExternalLink size={14} aria-hidden /> Timeline
    </Link>
  );
}

/** Cards on mobile, a table from the md breakpoint. */
export function EarningsList({ earnings }: { earnings: Earning[] }) {
  if (earnings.length === 0) {
    return (
      <Card className="mt-6 px-6 py-14 text-center" data-testid="earnings-empty">
        <p className="font-display text-lg font-bold text-white">No earnings found</p>
        <p className="mt-1 text-slate-400">Complete some offers to start earning!</p>
        <Link to="/offers" className={buttonClass('primary', 'mt-6')}>
          Browse Offers
        </Link>
      </Card>
    );
  }
  return (
    <Card className="mt-6 overflow-hidden" data-testid="earnings-list">
      <ul className="divide-y divide-white/5 md:hidden">
        {earnings.map((earning) => (
          <li key={earning.id} className="flex items-start gap-3 p-4">
            <EarningIcon earning={earning} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-white">{earning.display_title}</p>
              <p className="truncate text-xs text-slate-400">{earningDescription(earning)}</p>
              <p className="mt-1 text-xs text-slate-400">
                {shortDate.format(new Date(earning.created_at))} · {shortTransactionId(earning)}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <span className="font-bold tabular-nums text-white">{formatPence(earning.amount_pence)}</span>
              <EarningStatusBadge status={earning.status} />
              <EarningAction earning={earning} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-white/10 text-xs uppercase tracking-wider text-slate-400">
          <tr>
            <th className="px-5 py-3 font-semibold">Offer</th>
            <th className="px-5 py-3 font-semibold">Amount</th>
            <th className="px-5 py-3 font-semibold">Status</th>
            <th className="px-5 py-3 font-semibold">Date</th>
            <th className="px-5 py-3 font-semibold">Transaction</th>
            <th className="px-5 py-3 font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {earnings.map((earning) => (
            <tr key={earning.id} className="transition hover:bg-white/[0.03]">
              <td className="px-5 py-3.5">
                <div className="flex items-center gap-3">
                  <EarningIcon earning={earning} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-white">{earning.display_title}</p>
                    <p className="truncate text-xs text-slate-400">{earningDescription(earning)}</p>
                  </div>
                </div>
              </td>
              <td className="px-5 py-3.5 font-bold tabular-nums text-white">{formatPence(earning.amount_pence)}</td>
              <td className="px-5 py-3.5">
                <EarningStatusBadge status={earning.status} />
              </td>
              <td className="px-5 py-3.5 text-slate-300">{shortDate.format(new Date(earning.created_at))}</td>
              <td className="px-5 py-3.5 font-mono text-xs text-slate-400">{shortTransactionId(earning)}</td>
              <td className="px-5 py-3.5">
                <EarningAction earning={earning} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
