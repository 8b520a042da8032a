import { formatPence } from '@playquid/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, useNavigate } from '@tanstack/react-router';
import { CalendarClock, Hourglass, Landmark, Wallet } from 'lucide-react';
import { EarningsNav } from '../../-components/EarningsNav';
import { PageSpinner, RouteError } from '../../../../components/Feedback';
import { BackLink, PageHeader } from '../../../../components/PageHeader';
import { pageHead } from '../../../../lib/page';
import { parseAsOfDay } from '../../../../lib/route-options';
import { localDay } from '../../../../lib/statement';
import { statementQuery } from '../../../../lib/wallet/queries';
import { Button } from '../../../../ui/Button';
import { Pager } from '../../../../ui/Pager';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { inputClass, labelClass, pageWidth } from '../../../../ui/styles';
import { SignedStatementDownload } from './-components/SignedStatementDownload';
import { StatementList } from './-components/StatementList';
import { longDate } from '../../../../lib/format';

/** `as_of`: a past day; `page`: counted from the newest entries (page 1, left out of the URL). */
interface StatementSearch {
  as_of?: string;
  page?: number;
}

/** Every change to the member's money, with the running available balance; optionally as of a past day. */
export const Route = createFileRoute('/_member/earnings_/statement')({
  validateSearch: (search: Record<string, unknown>): StatementSearch => {
    const day = parseAsOfDay(search.as_of);
    const page = Number(search.page);
    return { ...(day ? { as_of: day } : {}), ...(Number.isInteger(page) && page > 1 ? { page } : {}) };
  },
  loaderDeps: ({ search }) => ({ asOf: search.as_of, page: search.page ?? 1 }),
  loader: async ({ context: { uid, verified, queryClient }, deps }) => {
    if (verified) await queryClient.ensureQueryData(statementQuery(uid, deps.asOf, deps.page));
  },
  head: () => pageHead('Statement'),
  pendingComponent: () => <PageSpinner label="Loading your statement..." />,
  errorComponent: StatementError,
  component: StatementPage,
});

function StatementError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load your statement." />;
}

function StatementPage() {
  const { uid } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { as_of: asOfDay, page = 1 } = Route.useSearch();
  const { data } = useSuspenseQuery(statementQuery(uid, asOfDay, page));
  // Another day starts again from its newest entries.
  const setDay = (day: string | undefined) => void navigate({ search: day ? { as_of: day } : {} });
  const totalPages = data.total_pages ?? 1;
  const moment = asOfDay ? `at the end of ${longDate.format(new Date(`${asOfDay}T12:00:00`))}` : 'now';

  return (
    <>
      <PageHeader
        eyebrow="Your money"
        title="Statement"
        lead="Every change to your money, why it happened, and your available balance right after it."
        back={<BackLink to="/dashboard">Dashboard</BackLink>}
        actions={<EarningsNav />}
      />
      <section className={`${pageWidth} py-10`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <p className="text-sm text-slate-400" data-testid="statement-moment">
            Balances {moment}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <label className={labelClass}>
              <span className="flex items-center gap-1.5">
                <CalendarClock size={15} aria-hidden /> As of
              </span>
              <input
                type="date"
                className={`${inputClass} py-2.5 [color-scheme:dark]`}
                max={localDay()}
                value={asOfDay ?? ''}
                onChange={(event) => setDay(parseAsOfDay(event.target.value))}
                data-testid="statement-as-of"
              />
            </label>
            {asOfDay && (
              <Button variant="secondary" onClick={() => setDay(undefined)}>
                Today
              </Button>
            )}
          </div>
        </div>

        <StatGrid columns={3} className="mt-6">
          <StatCard
            label="Available"
            value={formatPence(data.available_pence)}
            hint="Ready for payout"
            icon={Wallet}
            testId="statement-available"
          />
          <StatCard
            label="Pending"
            value={formatPence(data.pending_pence)}
            hint="Waiting to clear"
            icon={Hourglass}
            accent="amber"
            testId="statement-pending"
          />
          <StatCard
            label="In payouts"
            value={formatPence(data.reserved_pence)}
            hint="Requested, not yet paid"
            icon={Landmark}
            accent="grape"
            testId="statement-reserved"
          />
        </StatGrid>

        {!asOfDay && <SignedStatementDownload />}

        <StatementList entries={data.entries} />

        <Pager
          className="mt-6"
          page={page}
          totalPages={totalPages}
          pageTestId="statement-page"
          summary={
            totalPages > 1 ? (
              <span className="text-sm text-slate-400" data-testid="statement-count">
                {data.total} changes, newest first
              </span>
            ) : undefined
          }
          step={(target, control) => (
            <Link to="/earnings/statement" search={{ as_of: asOfDay, page: target > 1 ? target : undefined }} {...control} />
          )}
        />
      </section>
    </>
  );
}
