import { formatPence, type Offer, type OfferStatus } from '@playquid/contracts';
import { OfferIcon } from '../../../../../components/offers/OfferIcon';
import type { AdminOfferAction, AdminOfferSortKey, SortDirection } from '../../../../../lib/admin-offers';
import { offerTitle, platformLabel } from '../../../../../lib/offers';
import { Switch } from '../../../../../ui/Switch';
import { rowClass, SortTh, Table } from '../../../../../ui/Table';
import { AnchorEditor } from './AnchorEditor';
import { shortDate } from '../../../../../lib/format';

const STATUS_STYLE: Record<OfferStatus, string> = {
  active: 'text-quid-300',
  inactive: 'text-slate-400',
  draft: 'text-amber-300',
};

const COLUMNS: Array<{ key: AdminOfferSortKey; label: string }> = [
  { key: 'title', label: 'Offer' },
  { key: 'platform', label: 'Platform' },
  { key: 'reward', label: 'Reward' },
  { key: 'anchor', label: 'Anchor' },
  { key: 'featured', label: 'Featured' },
  { key: 'status', label: 'Status' },
  { key: 'created', label: 'Created' },
];

export type { AdminOfferAction };

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
  return (
    <Table
      className="mt-6"
      testId="admin-offers-table"
      minWidth="min-w-[1040px]"
      empty={offers.length === 0 ? { title: 'No offers found', text: 'No offer matches this search.', testId: 'admin-offers-empty' } : null}
      head={COLUMNS.map(({ key, label }) => (
        <SortTh key={key} label={label} active={sort.key === key} direction={sort.direction} onSort={() => onSort(key)} />
      ))}
    >
      {offers.map((offer) => {
        const title = offerTitle(offer);
        return (
          <tr key={offer.id} className={rowClass} data-testid="admin-offer-row" data-offer-id={offer.id}>
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
                tone="amber"
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
                  testId="admin-offer-status"
                />
                <span className={`text-xs font-bold capitalize ${STATUS_STYLE[offer.status] ?? 'text-slate-400'}`}>{offer.status}</span>
              </span>
            </td>
            <td className="px-4 py-3 text-xs text-slate-400">{offer.created_at ? shortDate.format(new Date(offer.created_at)) : '—'}</td>
          </tr>
        );
      })}
    </Table>
  );
}
