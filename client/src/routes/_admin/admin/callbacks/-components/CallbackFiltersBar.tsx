import { Search, X } from 'lucide-react';
import { CALLBACK_PROCESSED_FILTERS, CALLBACK_STATE_FILTERS, type CallbackFilters, hasCallbackFilters } from '../../../../../lib/callbacks';
import { Button } from '../../../../../ui/Button';
import { Card } from '../../../../../ui/Card';

const field =
  'w-full rounded-xl border border-white/10 bg-ink-950/70 px-3.5 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-quid-300 focus:ring-2 focus:ring-quid-300/30 focus:outline-none';
const label = 'flex flex-col gap-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase';

/** State, processing status, user id, offer id and free search, with Clear All. */
export function CallbackFiltersBar({ filters, onChange }: { filters: CallbackFilters; onChange: (next: CallbackFilters) => void }) {
  const set = <K extends keyof CallbackFilters>(key: K, value: CallbackFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <Card className="p-5" role="search" aria-label="Filter callbacks">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.5fr)_auto] lg:items-end">
        <label className={label}>
          State
          <select
            className={field}
            value={filters.state}
            onChange={(event) => set('state', event.target.value as CallbackFilters['state'])}
            data-testid="callbacks-filter-state"
          >
            {CALLBACK_STATE_FILTERS.map((option) => (
              <option key={option.label} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Processing Status
          <select
            className={field}
            value={filters.processed}
            onChange={(event) => set('processed', event.target.value as CallbackFilters['processed'])}
            data-testid="callbacks-filter-processed"
          >
            {CALLBACK_PROCESSED_FILTERS.map((option) => (
              <option key={option.label} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          User ID
          <input
            className={field}
            value={filters.userId}
            placeholder="Any user"
            onChange={(event) => set('userId', event.target.value)}
            data-testid="callbacks-filter-user"
          />
        </label>
        <label className={label}>
          Offer ID
          <input
            className={field}
            value={filters.offerId}
            placeholder="Any offer"
            onChange={(event) => set('offerId', event.target.value)}
            data-testid="callbacks-filter-offer"
          />
        </label>
        <label className={`${label} relative`}>
          Search
          <span className="relative">
            <Search size={15} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              className={`${field} pl-9`}
              type="search"
              value={filters.search}
              placeholder="Transaction, offer name..."
              onChange={(event) => set('search', event.target.value)}
              data-testid="callbacks-filter-search"
            />
          </span>
        </label>
        <Button
          variant="ghost"
          className="justify-center border border-white/10 py-2.5 disabled:opacity-40"
          onClick={() => onChange({ state: '', processed: '', userId: '', offerId: '', search: '' })}
          disabled={!hasCallbackFilters(filters)}
          data-testid="callbacks-clear-filters"
        >
          <X size={15} aria-hidden /> Clear All
        </Button>
      </div>
    </Card>
  );
}
