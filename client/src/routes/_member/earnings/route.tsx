import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { CircleCheck, Hourglass, Layers, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { EarningsNav } from '../-components/EarningsNav';
import { PageSpinner, RouteError } from '../../../components/Feedback';
import { BackLink, PageHeader } from '../../../components/PageHeader';
import { type EarningFilters, filterEarnings } from '../../../lib/earnings';
import { pageHead } from '../../../lib/page';
import { earningsPageQuery } from '../../../lib/wallet/queries';
import { Pager } from '../../../ui/Pager';
import { CompactPence, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { pageWidth } from '../../../ui/styles';
import { EarningsFilterBar, EarningsList } from './-components/EarningsList';

export const Route = createFileRoute('/_member/earnings')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { uid, verified, queryClient }, deps }) => {
    if (verified) await queryClient.ensureQueryData(earningsPageQuery(uid, deps.page));
  },
  head: () => pageHead('Earnings History'),
  pendingComponent: () => <PageSpinner label="Loading your earnings..." />,
  errorComponent: EarningsError,
  component: EarningsPage,
});

function EarningsError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load earnings." />;
}

function EarningsPage() {
  const { uid } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const { data } = useSuspenseQuery(earningsPageQuery(uid, page));
  const [filters, setFilters] = useState<EarningFilters>({ search: '', status: 'all', time: 'all' });
  const shown = filterEarnings(data.data, filters);
  const { summary } = data;

  return (
    <>
      <PageHeader
        eyebrow="Your money"
        title="Earnings History"
        lead="Every reward credited to your account, newest first."
        actions={<EarningsNav />}
        back={<BackLink to="/dashboard">Dashboard</BackLink>}
      />
      <section className={`${pageWidth} py-10`}>
        <StatGrid>
          <StatCard
            label="Total Earned"
            value={<CompactPence pence={summary.total_pence} />}
            hint={`${summary.totalCount} transactions`}
            icon={TrendingUp}
            testId="earnings-total"
          />
          <StatCard
            label="Approved"
            value={<CompactPence pence={summary.approved_pence} />}
            hint="Ready for payout"
            icon={CircleCheck}
            accent="grape"
            testId="earnings-approved"
          />
          <StatCard
            label="Pending"
            value={<CompactPence pence={summary.pending_pence} />}
            hint="Being processed"
            icon={Hourglass}
            accent="amber"
            testId="earnings-pending"
          />
          <StatCard
            label="This Page"
            value={data.data.length}
            hint={`of ${data.total} total`}
            icon={Layers}
            accent="flare"
            testId="earnings-this-page"
          />
        </StatGrid>

        <EarningsFilterBar filters={filters} onChange={setFilters} />
        <EarningsList earnings={shown} />

        <Pager
          className="mt-6"
          page={page}
          totalPages={data.total_pages}
          pageTestId="earnings-page"
          step={(target, control) => <Link to="/earnings" search={{ page: target > 1 ? target : undefined }} {...control} />}
        />
      </section>
    </>
  );
}
