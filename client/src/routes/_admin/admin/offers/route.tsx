import { FEATURED_OFFERS_MAX, type Offer } from '@playquid/contracts';
import { anchorGroup, nextOfferStatus as nextStatus, normalizeAnchor } from '@playquid/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { Anchor, CircleCheck, Gamepad2, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Notice, type NoticeMessage, PageSpinner, RouteError } from '../../../../components/Feedback';
import { BackLink, PageHeader } from '../../../../components/PageHeader';
import {
  ADMIN_OFFER_TEXT,
  type AdminOfferSortKey,
  adminOfferStats,
  checkFeaturedToggle,
  clearFeaturedConfirmText,
  searchAdminOffers,
  sortAdminOffers,
  type SortDirection,
} from '../../../../lib/admin-offers';
import { serverMessage } from '../../../../lib/commands';
import { offerTitle } from '../../../../lib/offers';
import { adminOffersQuery, changedOfferIds, useAdminOfferChange, useClearFeaturedOffers } from '../../../../lib/offers/admin-queries';
import { pageHead } from '../../../../lib/page';
import { useFlash } from '../../../../lib/use-flash';
import { RefreshButton } from '../../../../ui/Button';
import { SearchField } from '../../../../ui/SearchField';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { pageWidth } from '../../../../ui/styles';
import { type AdminOfferAction, AdminOffersTable } from './-components/AdminOffersTable';
import { FeaturedPanel } from './-components/FeaturedPanel';

/** Admin messages disappear after 5 s. */
const MESSAGE_MS = 5_000;

const FAILURE: Record<AdminOfferAction['kind'], string> = {
  anchor: ADMIN_OFFER_TEXT.anchorFailed,
  featured: ADMIN_OFFER_TEXT.featuredFailed,
  status: ADMIN_OFFER_TEXT.statusFailed,
};

export const Route = createFileRoute('/_admin/admin/offers')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminOffersQuery()),
  head: () => pageHead('Manage Offers'),
  pendingComponent: () => <PageSpinner label="Loading offers..." />,
  errorComponent: AdminOffersError,
  component: AdminOffersPage,
});

function AdminOffersError(props: ErrorComponentProps) {
  return (
    <RouteError {...props} error={new Error(serverMessage(props.error, ADMIN_OFFER_TEXT.loadFailed))} title={ADMIN_OFFER_TEXT.loadFailed} />
  );
}

function successText(offers: Offer[], action: AdminOfferAction, changedIds?: string[]): string {
  const title = offerTitle(action.offer);
  switch (action.kind) {
    case 'anchor': {
      const anchor = normalizeAnchor(action.text);
      return anchor ? `Anchor of "${title}" set to "${anchor}"` : `Anchor of "${title}" cleared`;
    }
    case 'featured': {
      const size = changedIds?.length ?? anchorGroup(offers, action.offer).length;
      const what = size === 1 ? `"${title}"` : `${size} offers anchored "${action.offer.anchor?.trim()}"`;
      return `${action.featured ? 'Featured' : 'Unfeatured'} ${what}`;
    }
    case 'status':
      return `"${title}" is now ${nextStatus(action.offer.status)}`;
  }
}

function AdminOffersPage() {
  const { data: offers, refetch, isFetching } = useSuspenseQuery(adminOffersQuery());
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: AdminOfferSortKey; direction: SortDirection }>({ key: 'created', direction: 'desc' });
  const [message, flash, clearMessage] = useFlash<NoticeMessage>(MESSAGE_MS);
  const stats = adminOfferStats(offers);
  const shown = useMemo(() => sortAdminOffers(searchAdminOffers(offers, search), sort.key, sort.direction), [offers, search, sort]);

  const change = useAdminOfferChange({
    onSuccess: (envelope, action) => {
      const changed = action.kind === 'featured' ? changedOfferIds(envelope.data) : undefined;
      flash({ kind: 'success', text: successText(offers, action, changed) });
    },
    onError: (error, action) => flash({ kind: 'error', text: serverMessage(error, FAILURE[action.kind]) }),
  });

  const clearAll = useClearFeaturedOffers({
    onSuccess: (envelope, count) => {
      const cleared = changedOfferIds(envelope.data)?.length ?? count;
      flash({ kind: 'success', text: `Cleared ${cleared} featured ${cleared === 1 ? 'offer' : 'offers'}` });
    },
    onError: (error) => flash({ kind: 'error', text: serverMessage(error, ADMIN_OFFER_TEXT.clearFailed) }),
  });

  const onAction = (action: AdminOfferAction) => {
    clearMessage();
    if (action.kind === 'featured') {
      const check = checkFeaturedToggle(offers, action.offer, action.featured);
      if (!check.ok) return flash({ kind: 'error', text: check.error });
    }
    change.mutate(action);
  };

  const onClearAll = () => {
    clearMessage();
    if (stats.featured === 0) return flash({ kind: 'info', text: ADMIN_OFFER_TEXT.nothingToClear });
    if (window.confirm(clearFeaturedConfirmText(stats.featured))) clearAll.mutate(stats.featured);
  };

  const onSort = (key: AdminOfferSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'title' || key === 'anchor' || key === 'status' ? 'asc' : 'desc' },
    );

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Manage Offers"
        lead="Offer status, anchors and the featured offers shown on the landing page and dashboards."
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
        actions={<RefreshButton busy={isFetching} onClick={() => void refetch()} />}
      />
      <section className={`${pageWidth} py-10`}>
        <StatGrid>
          <StatCard label="Total Offers" value={stats.total} hint="Loaded from every page" icon={Gamepad2} testId="admin-offers-total" />
          <StatCard
            label="Active"
            value={stats.active}
            hint={`${stats.inactive} inactive · ${stats.draft} draft`}
            icon={CircleCheck}
            accent="grape"
            testId="admin-offers-active"
          />
          <StatCard
            label="Featured"
            value={stats.featured}
            hint={`Limit ${FEATURED_OFFERS_MAX}`}
            icon={Star}
            accent="amber"
            testId="admin-offers-featured"
          />
          <StatCard
            label="Anchored"
            value={stats.anchored}
            hint="Can be featured"
            icon={Anchor}
            accent="flare"
            testId="admin-offers-anchored"
          />
        </StatGrid>

        <div className="mt-6">
          <FeaturedPanel count={stats.featured} anchored={stats.anchored} onClear={onClearAll} clearing={clearAll.isPending} />
        </div>

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          <SearchField
            label="Search offers"
            className="w-full max-w-md"
            placeholder="Search by title, ID, anchor or category..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="admin-offers-search"
          />
          <p className="text-sm text-slate-400">
            Showing {shown.length} of {offers.length} offers
          </p>
        </div>

        {message && (
          <Notice kind={message.kind} className="mt-6" testId="admin-offers-message">
            {message.text}
          </Notice>
        )}

        <AdminOffersTable
          offers={shown}
          sort={sort}
          onSort={onSort}
          busy={change.isPending ? `${change.variables.kind}:${change.variables.offer.id}` : null}
          onAction={onAction}
        />
      </section>
    </>
  );
}
