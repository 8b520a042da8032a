import { ADMIN_SEARCH_DEBOUNCE_MS, type CallbackRecord, type CallbackStats } from '@playquid/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Calculator, CircleCheck, CircleX, Hourglass, RadioTower, Scale, SearchX, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Notice, PageSpinner } from '../../../../components/Feedback';
import { BackLink, EmptyState, PageHeader } from '../../../../components/PageHeader';
import { ApiError } from '../../../../lib/api-client';
import {
  CALLBACK_TEXT,
  type CallbackFilters,
  callbackStatsFromRows,
  formatRate,
  hasCallbackFilters,
  NO_CALLBACK_FILTERS,
  type ReviewDecision,
  reviewReason,
} from '../../../../lib/callbacks';
import {
  ADMIN_CALLBACKS_KEY,
  adminCallbacksQuery,
  callbackStatsQuery,
  useReprocessCallback,
  useReviewCallback,
} from '../../../../lib/callbacks/queries';
import { pageHead } from '../../../../lib/page';
import { CALLBACK_ACCESS_DENIED } from '../../../../lib/route-options';
import { useDebounced } from '../../../../lib/use-debounced';
import { Button, RefreshButton } from '../../../../ui/Button';
import { pageButton, Pager } from '../../../../ui/Pager';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { pageWidth } from '../../../../ui/styles';
import { CallbackFiltersBar } from './-components/CallbackFiltersBar';
import { CallbacksTable } from './-components/CallbacksTable';
import { formatCount } from '../../../../lib/format';

export const Route = createFileRoute('/_admin/admin/callbacks')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(callbackStatsQuery());
    void queryClient.prefetchQuery(adminCallbacksQuery(1, NO_CALLBACK_FILTERS));
  },
  head: () => pageHead('Callbacks'),
  staticData: { accessDenied: CALLBACK_ACCESS_DENIED },
  component: AdminCallbacksPage,
});

const errorText = (error: Error) => (error instanceof ApiError && error.detail ? error.detail : CALLBACK_TEXT.loadFailed(error.message));

function StatsCards({ stats }: { stats: CallbackStats | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? '–' : formatCount(n));
  return (
    <StatGrid data-testid="callback-stats">
      <StatCard
        label="Total Callbacks"
        value={value(stats?.total_callbacks)}
        hint={`${value(stats?.recent_callbacks_24h)} in last 24h`}
        icon={RadioTower}
        testId="callbacks-total"
      />
      <StatCard
        label="Processed"
        value={value(stats?.processed_callbacks)}
        hint={stats ? `${formatRate(stats.success_rate)} success rate` : 'Success rate'}
        icon={CircleCheck}
        accent="grape"
        testId="callbacks-processed"
      />
      <StatCard
        label="Pending"
        value={value(stats?.unprocessed_callbacks)}
        hint="Awaiting processing"
        icon={Hourglass}
        accent="amber"
        testId="callbacks-pending"
      />
      <StatCard
        label="Failed"
        value={value(stats?.failed_callbacks)}
        hint="Need reprocessing"
        icon={CircleX}
        accent="flare"
        testId="callbacks-failed"
      />
      <StatCard
        label="Held for review"
        value={value(stats?.held_callbacks)}
        hint="Large credits waiting for an admin"
        icon={Scale}
        accent="amber"
        testId="callbacks-held"
      />
      <StatCard
        label="Unsigned rejects"
        value={value(stats?.unsigned_rejected_callbacks)}
        hint="Bad or missing hash (bounded list, never events)"
        icon={ShieldOff}
        accent="flare"
        testId="callbacks-unsigned"
      />
    </StatGrid>
  );
}

function AdminCallbacksPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CallbackFilters>(NO_CALLBACK_FILTERS);
  const [page, setPage] = useState(1);
  // The text filters ask the server once typing pauses; the selects apply at once.
  const userId = useDebounced(filters.userId, ADMIN_SEARCH_DEBOUNCE_MS);
  const offerId = useDebounced(filters.offerId, ADMIN_SEARCH_DEBOUNCE_MS);
  const search = useDebounced(filters.search, ADMIN_SEARCH_DEBOUNCE_MS);
  const applied: CallbackFilters = { ...filters, userId, offerId, search };
  const list = useQuery(adminCallbacksQuery(page, applied));
  const stats = useQuery(callbackStatsQuery());
  const [recalculated, setRecalculated] = useState<CallbackStats | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // The outcome of the last reprocess or review, shown on the page (no native alert box).
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const failureText = (error: Error) => (error instanceof ApiError ? (error.detail ?? error.message) : error.message);

  const rows = list.data?.data ?? [];
  const totalPages = Math.max(1, list.data?.total_pages ?? 1);
  const total = list.data?.total ?? rows.length;

  const changeFilters = (next: CallbackFilters) => {
    setFilters(next);
    setPage(1);
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const refresh = () => {
    setRecalculated(null);
    void queryClient.invalidateQueries({ queryKey: ADMIN_CALLBACKS_KEY });
  };

  const reprocess = useReprocessCallback({
    onMutate: () => setOutcome(null),
    onSuccess: () => {
      setOutcome({ kind: 'success', text: CALLBACK_TEXT.reprocessed });
      setRecalculated(null);
    },
    onError: (error) => setOutcome({ kind: 'error', text: CALLBACK_TEXT.reprocessFailed(failureText(error)) }),
  });

  // Held credits: the reason is required and recorded with the admin on the event.
  const review = useReviewCallback({
    onMutate: () => setOutcome(null),
    onSuccess: (_data, { decision }) => {
      setOutcome({ kind: 'success', text: CALLBACK_TEXT.reviewed(decision) });
      setRecalculated(null);
    },
    onError: (error) => setOutcome({ kind: 'error', text: CALLBACK_TEXT.reviewFailed(failureText(error)) }),
  });
  const startReview = (callback: CallbackRecord, decision: ReviewDecision) => {
    const reason = reviewReason(window.prompt(CALLBACK_TEXT.reviewPrompt(decision, callback)));
    if (reason === null) return setOutcome({ kind: 'error', text: CALLBACK_TEXT.reasonRequired });
    review.mutate({ callback, decision, reason });
  };

  const busy = list.isFetching || stats.isFetching;
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Callbacks"
        lead="Tracking notifications from offer partners and how they were processed. Refreshes every 30 seconds."
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => setRecalculated(callbackStatsFromRows(rows, new Date()))}
              disabled={rows.length === 0}
              data-testid="callbacks-recalc"
            >
              <Calculator size={16} aria-hidden /> Recalc Stats
            </Button>
            <RefreshButton busy={busy} onClick={refresh} data-testid="callbacks-refresh" />
          </div>
        }
      />
      <section className={`${pageWidth} space-y-6 py-10`}>
        <StatsCards stats={recalculated ?? stats.data} />
        {outcome && (
          <Notice kind={outcome.kind} testId="callbacks-message">
            {outcome.text}
          </Notice>
        )}
        {recalculated && (
          <Notice kind="info" testId="callbacks-recalculated">
            Figures recalculated from the {rows.length} callbacks on this page. Refresh for the server&apos;s totals.
          </Notice>
        )}

        <CallbackFiltersBar filters={filters} onChange={changeFilters} />

        {list.isPending ? (
          <PageSpinner label="Loading callbacks..." />
        ) : list.isError ? (
          <Notice kind="error" testId="callbacks-error">
            {errorText(list.error)}{' '}
            <button type="button" className="font-bold underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </Notice>
        ) : rows.length === 0 ? (
          <EmptyState icon={<SearchX />} title={CALLBACK_TEXT.emptyTitle} text={CALLBACK_TEXT.emptyText} testId="callbacks-empty">
            {hasCallbackFilters(filters) && (
              <Button variant="secondary" onClick={() => changeFilters(NO_CALLBACK_FILTERS)}>
                Clear filters
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <CallbacksTable
              callbacks={rows}
              expanded={expanded}
              onToggle={toggle}
              reprocessingId={reprocess.isPending ? reprocess.variables.id : null}
              onReprocess={(callback) => reprocess.mutate(callback)}
              reviewingId={review.isPending ? review.variables.callback.id : null}
              onReview={startReview}
            />
            <Pager
              page={page}
              totalPages={totalPages}
              step={pageButton(setPage)}
              pageTestId="callbacks-page"
              summary={
                <p className="text-sm text-slate-400" data-testid="callbacks-showing">
                  Showing {rows.length} of {list.data?.total_estimated ? `about ${formatCount(total)}` : total} callbacks
                </p>
              }
            />
          </>
        )}
      </section>
    </>
  );
}
