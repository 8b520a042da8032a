import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { ArrowLeft, CircleCheck, Hourglass, Layers, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../lib/auth/react';
import { type EarningFilters, filterEarnings } from '../lib/earnings';
import { pageHead } from '../lib/page';
import { earningsPageQuery } from '../lib/queries';
import { EarningsFilterBar, EarningsList } from './-components/EarningsList';
import { EarningsNav } from './-components/EarningsNav';
import { PageSpinner, RouteError } from './-components/Feedback';
import { PageHeader } from './-components/PageHeader';
import { CompactPence, StatCard } from './-components/StatCard';
import { ui } from './-components/ui';

export const Route = createFileRoute('/_member/earnings')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { auth, queryClient }, deps }) => {
    const { user, isVerified } = auth.state;
    if (user && isVerified) await queryClient.ensureQueryData(earningsPageQuery(user.uid, deps.page));
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
  const auth = useAuth();
  const { page = 1 } = Route.useSearch();
  const { data } = useSuspenseQuery(earningsPageQuery(auth.user!.uid, page));
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
        back={
          <Link to="/dashboard" className={ui.buttonGhost}>
            <ArrowLeft size={15} aria-hidden /> Dashboard
          </Link>
        }
      />
      <section className={`${ui.page} py-10`}>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
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
        </div>

        <EarningsFilterBar filters={filters} onChange={setFilters} />
        <EarningsList earnings={shown} />

        {data.total_pages > 1 && (
          <nav className="mt-6 flex items-center justify-between gap-3" aria-label="Pages">
            <Link
              to="/earnings"
              search={{ page: page - 1 > 1 ? page - 1 : undefined }}
              disabled={page <= 1}
              className={`${ui.buttonSecondary} aria-disabled:pointer-events-none aria-disabled:opacity-40`}
            >
              Previous
            </Link>
            <span className="text-sm text-slate-400" data-testid="earnings-page">
              Page {page} of {data.total_pages}
            </span>
            <Link
              to="/earnings"
              search={{ page: page + 1 }}
              disabled={page >= data.total_pages}
              className={`${ui.buttonSecondary} aria-disabled:pointer-events-none aria-disabled:opacity-40`}
            >
              Next
            </Link>
          </nav>
        )}
      </section>
    </>
  );
}
