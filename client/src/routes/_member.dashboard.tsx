import { DASHBOARD_PAYOUT_BUTTON_MIN_PENCE, DASHBOARD_PAYOUT_READY_PENCE, formatPence } from '@playquid/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, type LinkProps, redirect } from '@tanstack/react-router';
import { ArrowRight, Banknote, Gamepad2, Hourglass, ListChecks, PoundSterling, Sparkles, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth/react';
import { displayName, greeting } from '../lib/display';
import { memberDashboardRedirect } from '../lib/guards';
import { pageHead } from '../lib/page';
import { balanceQuery, profileQuery, recentEarningsQuery } from '../lib/queries';
import { RecentEarnings } from './-components/RecentEarnings';
import { PageSpinner, RouteError } from './-components/Feedback';
import { StatCard } from './-components/StatCard';
import { ui } from './-components/ui';

export const Route = createFileRoute('/_member/dashboard')({
  beforeLoad: ({ context }) => {
    // Admins have their own dashboard and skip the member data fetch (spec 2).
    const to = memberDashboardRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  loader: async ({ context: { auth, queryClient } }) => {
    const { user, isVerified } = auth.state;
    // The verification screen stands in for an unverified member's dashboard: nothing to load.
    if (!user || !isVerified) return;
    // The balance is the page; the rest may fail on its own without breaking it (spec 8).
    void queryClient.prefetchQuery(profileQuery(user.uid));
    void queryClient.prefetchQuery(recentEarningsQuery(user.uid));
    await queryClient.ensureQueryData(balanceQuery(user.uid));
  },
  head: () => pageHead('Dashboard'),
  pendingComponent: () => <PageSpinner label="Loading your dashboard…" />,
  errorComponent: DashboardError,
  component: Dashboard,
});

function DashboardError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load dashboard data" />;
}

function QuickAction({
  to,
  icon: Icon,
  label,
  hint,
  disabled,
  highlight,
  testId,
}: {
  to: NonNullable<LinkProps['to']>;
  icon: typeof Wallet;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  highlight?: boolean;
  testId: string;
}) {
  const body = (
    <>
      <span
        className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${highlight ? 'bg-quid-300 text-ink-950' : 'bg-white/5 text-quid-300'}`}
        aria-hidden
      >
        <Icon size={19} />
      </span>
      <span className="flex-1">
        <span className="block font-semibold text-white">{label}</span>
        {hint && <span className="block text-xs text-slate-400">{hint}</span>}
      </span>
      {!disabled && (
        <ArrowRight size={17} className="text-slate-500 transition group-hover:translate-x-0.5 group-hover:text-white" aria-hidden />
      )}
    </>
  );
  const base = 'group flex items-center gap-3 rounded-2xl border px-3.5 py-3 text-sm transition';
  if (disabled) {
    return (
      <span className={`${base} cursor-not-allowed border-white/5 opacity-50`} aria-disabled="true" data-testid={testId}>
        {body}
      </span>
    );
  }
  return (
    <Link
      to={to}
      className={`${base} ${highlight ? 'border-quid-300/50 bg-quid-300/10' : 'border-white/10 bg-white/[0.03] hover:border-white/25 hover:bg-white/[0.06]'}`}
      data-testid={testId}
    >
      {body}
    </Link>
  );
}

function Dashboard() {
  const auth = useAuth();
  const uid = auth.user!.uid;
  const { data: balance } = useSuspenseQuery(balanceQuery(uid));
  const { data: profile } = useQuery(profileQuery(uid));
  const name = displayName(profile ?? auth.profile ?? { email: auth.user?.email });
  const payoutReady = balance.available_pence >= DASHBOARD_PAYOUT_READY_PENCE;
  const payoutEnabled = balance.available_pence >= DASHBOARD_PAYOUT_BUTTON_MIN_PENCE;
  const completed = profile?.completed_offers ?? auth.profile?.completed_offers;

  return (
    <div className="relative">
      <div className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-grape-600/15 to-transparent" aria-hidden />
      <section className={`${ui.page} relative py-10 sm:py-12`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl" data-testid="dashboard-greeting">
              {greeting(new Date().getHours())}, <span className="text-quid-300">{name}</span>
            </h1>
            <p className="mt-2 text-slate-400">Every credit shows up here within seconds of our partner confirming it.</p>
          </div>
          <Link to="/offers" className={ui.buttonPrimary}>
            <Gamepad2 size={18} aria-hidden /> Browse Gaming Offers
          </Link>
        </div>

        <div className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label="Total Earned"
            value={formatPence(balance.total_pence)}
            hint={`${balance.total_transactions} ${balance.total_transactions === 1 ? 'transaction' : 'transactions'}`}
            icon={TrendingUp}
            testId="dashboard-total-earned"
          />
          <StatCard
            label="Available Balance"
            value={formatPence(balance.available_pence)}
            hint="Ready for payout"
            icon={Wallet}
            accent="grape"
            testId="dashboard-available-balance"
          />
          <StatCard
            label="Pending Rewards"
            value={formatPence(balance.pending_pence)}
            hint={`${balance.pending_transactions} pending`}
            icon={Hourglass}
            accent="amber"
            testId="dashboard-pending"
          />
          <StatCard
            label="Completed Tasks"
            value={completed ?? '–'}
            hint="Offers completed"
            icon={ListChecks}
            accent="flare"
            testId="dashboard-completed"
          />
        </div>

        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <RecentEarnings uid={uid} />
            <div className={`${ui.card} relative overflow-hidden p-6 sm:p-7`}>
              <div
                className="pointer-events-none absolute -right-10 -bottom-16 h-56 w-56 rounded-full bg-quid-400/10 blur-3xl"
                aria-hidden
              />
              <span className="inline-flex items-center gap-1.5 rounded-full bg-quid-300/10 px-3 py-1 text-xs font-bold text-quid-200">
                <Sparkles size={13} aria-hidden /> How to earn
              </span>
              <h2 className="mt-3 font-display text-xl font-bold text-white">Pick a game, hit its milestones, get paid</h2>
              <p className="mt-2 max-w-xl text-sm text-slate-400">
                Each offer lists its levels and the reward for each one. Rewards land here as pending, turn available once approved, and you
                can cash out your whole balance as a reward email.
              </p>
            </div>
          </div>

          <aside className="flex flex-col gap-6">
            <div className={`${ui.card} p-6`}>
              <div className="flex items-center justify-between gap-3">
                <h2 className="font-display text-lg font-bold text-white">Balance Details</h2>
                {payoutReady && (
                  <span
                    className="rounded-full bg-quid-300/15 px-3 py-1 text-xs font-bold text-quid-200"
                    data-testid="dashboard-payout-ready"
                  >
                    Payout Ready
                  </span>
                )}
              </div>
              <dl className="mt-5 space-y-3 text-sm">
                <div className="flex justify-between">
                  <dt className="text-slate-400">Available</dt>
                  <dd className="font-semibold tabular-nums text-white" data-testid="dashboard-balance-available">
                    {formatPence(balance.available_pence)}
                  </dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-slate-400">Pending</dt>
                  <dd className="font-semibold tabular-nums text-amber-300" data-testid="dashboard-balance-pending">
                    {formatPence(balance.pending_pence)}
                  </dd>
                </div>
                <div className="flex justify-between border-t border-white/10 pt-3">
                  <dt className="font-medium text-slate-200">Total</dt>
                  <dd className="font-display text-lg font-bold tabular-nums text-white" data-testid="dashboard-balance-total">
                    {formatPence(balance.total_pence)}
                  </dd>
                </div>
              </dl>
            </div>

            <div className={`${ui.card} p-6`}>
              <h2 className="font-display text-lg font-bold text-white">Quick Actions</h2>
              <div className="mt-4 flex flex-col gap-2.5">
                <QuickAction to="/offers" icon={Gamepad2} label="Browse Gaming Offers" testId="quick-offers" />
                <QuickAction
                  to="/earnings"
                  icon={PoundSterling}
                  label="Earnings"
                  disabled={balance.available_pence === 0}
                  testId="quick-earnings"
                />
                <QuickAction
                  to="/payments"
                  icon={Banknote}
                  label="Request Payout"
                  hint={payoutReady ? undefined : `Minimum ${formatPence(DASHBOARD_PAYOUT_READY_PENCE)} required`}
                  disabled={!payoutEnabled}
                  highlight={payoutReady}
                  testId="quick-payout"
                />
                <QuickAction to="/referrals" icon={UserPlus} label="Refer Friends" testId="quick-referrals" />
              </div>
            </div>
          </aside>
        </div>
      </section>
    </div>
  );
}
