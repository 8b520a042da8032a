import { formatPence, type Offer, type OfferStatus } from '@playquid/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { AdminOfferSortKey, SortDirection } from '../../../lib/admin-offers';
import { offerTitle, platformLabel } from '../../../lib/offers';
import { OfferIcon } from '../offers/OfferIcon';
import { ui } from '../ui';
import { AnchorEditor } from './AnchorEditor';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const STATUS_STYLE: Record<OfferStatus, string> = {
  active: 'text-quid-300',
  inactive: 'text-slate-400',
  draft: 'text-amber-300',
};

/** An on/off switch (role="switch"), named by `label`. */
function Switch({ on, label, busy, onToggle, tone, testId }: { on: boolean; label: string; busy: boolean; onToggle: () => void; tone: string; testId: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={busy}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition disabled:cursor-wait disabled:opacity-50 ${
        on ? `${tone} border-transparent` : 'border-white/15 bg-white/10'
      }`}
      data-testid={testId}
    >
      <span className={`inline-block h-4.5 w-4.5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[1.4rem]' : 'translate-x-1'}`} />
    </button>
  );
}

const COLUMNS: Array<{ key: AdminOfferSortKey; label: string }> = [
  { key: 'title', label: 'Offer' },
  { key: 'platform', label: 'Platform' },
  { key: 'reward', label: 'Reward' },
  { key: 'anchor', label: 'Anchor' },
  { key: 'featured', label: 'Featured' },
  { key: 'status', label: 'Status' },
  { key: 'created', label: 'Created' },
];

export type AdminOfferAction =
  | { kind: 'anchor'; offer: Offer; text: string }
  | { kind: 'featured'; offer: Offer; featured: boolean }
  | { kind: 'status'; offer: Offer };

/** The sortable offers table; every change goes through `onAction`, which talks to the server. */
export function AdminOffersTable({
  offers,
  sort,
  onSort,
  busy,
  onAction,
}: {
  offers: Offer[];
  sort: { key: AdminOfferSortKey; direction: SortDirection };
  onSort: (key: AdminOfferSortKey) => void;
  /** "{kind}:{offer id}" of the change in flight, if any. */
  busy: string | null;
  onAction: (action: AdminOfferAction) => void;
}) {
  if (offers.length === 0) {
    return (
      <div className={`${ui.card} mt-6 px-6 py-14 text-center`} data-testid="admin-offers-empty">
        <p className="font-display text-lg font-bold text-white">No offers found</p>
        <p className="mt-1 text-sm text-slate-400">No offer matches this search.</p>
      </div>
    );
  }
  return (
    <div className={`${ui.card} mt-6 overflow-x-auto`}>
      <table className="w-full min-w-[1040px] text-left text-sm" data-testid="admin-offers-table">
        <thead className="border-b border-white/10 text-xs tracking-wider text-slate-400 uppercase">
          <tr>
            {COLUMNS.map(({ key, label }) => {
              const active = sort.key === key;
              const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th key={key} className="px-4 py-3 font-semibold" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" className={`inline-flex items-center gap-1.5 uppercase hover:text-white ${active ? 'text-white' : ''}`} onClick={() => onSort(key)}>
                    {label} <Icon size={13} aria-hidden />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {offers.map((offer) => {
            const title = offerTitle(offer);
            return (
              <tr key={offer.id} className="transition hover:bg-white/[0.03]" data-testid="admin-offer-row" data-offer-id={offer.id}>
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <OfferIcon src={offer.icon_url} size="sm" />
                    <span className="min-w-0">
                      <span className="block max-w-xs truncate font-semibold text-white" title={title}>
                        {title}
                      </span>
                      <span className="block font-mono text-xs text-slate-500">
                        {offer.api_id || offer.id} · {offer.source}
                      </span>
                    </span>
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-300">{platformLabel(offer.device_platform)}</td>
                <td className="px-4 py-3 font-display font-bold text-quid-300 tabular-nums">{formatPence(offer.reward_pence)}</td>
                <td className="px-4 py-3">
                  <AnchorEditor
                    key={offer.anchor ?? ''}
                    anchor={offer.anchor}
                    title={title}
                    busy={busy === `anchor:${offer.id}`}
                    onSave={(text) => onAction({ kind: 'anchor', offer, text })}
                  />
                </td>
                <td className="px-4 py-3">
                  <Switch
                    on={offer.featured}
                    label={`Featured: ${title}`}
                    busy={busy === `featured:${offer.id}`}
                    onToggle={() => onAction({ kind: 'featured', offer, featured: !offer.featured })}
                    tone="bg-amber-400"
                    testId="admin-offer-featured"
                  />
                </td>
                <td className="px-4 py-3">
                  <span className="flex items-center gap-2.5">
                    <Switch
                      on={offer.status === 'active'}
                      label={`Active: ${title}`}
                      busy={busy === `status:${offer.id}`}
                      onToggle={() => onAction({ kind: 'status', offer })}
                      tone="bg-quid-400"
                      testId="admin-offer-status"
                    />
                    <span className={`text-xs font-bold capitalize ${STATUS_STYLE[offer.status] ?? 'text-slate-400'}`}>{offer.status}</span>
                  </span>
                </td>
                <td className="px-4 py-3 text-xs text-slate-400">{offer.created_at ? dateFormat.format(new Date(offer.created_at)) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
