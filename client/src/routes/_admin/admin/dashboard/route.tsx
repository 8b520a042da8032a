import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { PageSpinner, RouteError } from '../../../../components/Feedback';
import { PageHeader } from '../../../../components/PageHeader';
import { adminStatsQuery } from '../../../../lib/admin/queries';
import { useAuth } from '../../../../lib/auth/react';
import { serverMessage } from '../../../../lib/commands';
import { displayName } from '../../../../lib/display';
import { pageHead } from '../../../../lib/page';
import { RefreshButton } from '../../../../ui/Button';
import { cardClass } from '../../../../ui/Card';
import { pageWidth } from '../../../../ui/styles';
import { DetailTiles, HeadlineCards, TopOffers } from './-components/AdminStatsPanels';
import { ADMIN_SECTIONS } from './-components/admin-sections';
import { clockTime } from '../../../../lib/format';

const LOAD_FAILED = 'Failed to load admin statistics. Please try again.';

export const Route = createFileRoute('/_admin/admin/dashboard')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminStatsQuery()),
  head: () => pageHead('Analytics'),
  pendingComponent: () => <PageSpinner label="Loading statistics..." />,
  errorComponent: StatsError,
  component: AdminDashboard,
});

function StatsError(props: ErrorComponentProps) {
  return <RouteError {...props} error={new Error(serverMessage(props.error, LOAD_FAILED))} title="Analytics unavailable" />;
}

/** Analytics: headline figures, the rest by group, top offers; refreshed every 5 minutes. */
function AdminDashboard() {
  const auth = useAuth();
  const { data: stats, dataUpdatedAt, refetch, isFetching } = useSuspenseQuery(adminStatsQuery());
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Analytics"
        lead={
          <>
            Signed in as {displayName(auth.profile ?? { email: auth.user?.email })}. Last updated{' '}
            <time dateTime={new Date(dataUpdatedAt).toISOString()} data-testid="admin-stats-updated">
              {clockTime.format(dataUpdatedAt)}
            </time>
            .
          </>
        }
        actions={<RefreshButton busy={isFetching} onClick={() => void refetch()} data-testid="admin-stats-refresh" />}
      />
      <section className={`${pageWidth} space-y-6 py-10`} data-testid="admin-dashboard">
        <HeadlineCards stats={stats} />
        <DetailTiles stats={stats} />
        <TopOffers offers={stats.top_performing_offers ?? []} currency={stats.currency?.top_performing_offers} />

        <nav aria-label="Admin sections" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {ADMIN_SECTIONS.slice(1).map(({ to, title, icon: Icon }) => (
            <Link key={to} to={to} className={`${cardClass} group flex items-center gap-3 p-4 transition hover:border-grape-400/40`}>
              <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-grape-500/20 text-grape-300" aria-hidden>
                <Icon size={17} />
              </span>
              <span className="flex-1 font-semibold text-white">{title}</span>
              <ArrowRight size={15} className="text-slate-500 transition group-hover:translate-x-0.5" aria-hidden />
            </Link>
          ))}
        </nav>
      </section>
    </>
  );
}
