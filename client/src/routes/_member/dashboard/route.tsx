import { LIMITS, PAGE_SIZES } from '@playquid/contracts';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, redirect } from '@tanstack/react-router';
import { Gamepad2, Hourglass, ListChecks, Sparkles, TrendingUp, Wallet } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { RecentEarnings } from '../-components/RecentEarnings';
import { PageSpinner, RouteError } from '../../../components/Feedback';
import { useAuth } from '../../../lib/auth/react';
import { consentStore } from '../../../lib/consent/storage';
import { dismissWelcome, shouldShowWelcome } from '../../../lib/dashboard';
import { displayName, greeting } from '../../../lib/display';
import { memberDashboardRedirect } from '../../../lib/guards';
import { featuredOffersQuery, progressQuery } from '../../../lib/offers/queries';
import { pageHead } from '../../../lib/page';
import { withdrawableHint } from '../../../lib/payouts';
import { profileQuery } from '../../../lib/profile/queries';
import { balanceQuery, detailedBalanceQuery, recentEarningsQuery } from '../../../lib/wallet/queries';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CompactPence, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { pageWidth } from '../../../ui/styles';
import { ActiveOffers } from './-components/ActiveOffers';
import { DashboardFeaturedOffers, useDashboardFeatured } from './-components/DashboardFeaturedOffers';
import { DashboardSidebar } from './-components/DashboardSidebar';
import { WelcomeOverlay } from './-components/WelcomeOverlay';

export const Route = createFileRoute('/_member/dashboard')({
  beforeLoad: ({ context }) => {
    // Admins have their own dashboard and skip the member data fetch.
    const to = memberDashboardRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  loader: async ({ context: { uid, verified, queryClient } }) => {
    // The verification screen stands in for an unverified member's dashboard: nothing to load.
    if (!verified) return;
    // The balance is the page; the rest may fail on its own without breaking it.
    void queryClient.prefetchQuery(profileQuery(uid));
    void queryClient.prefetchQuery(recentEarningsQuery(uid));
    void queryClient.prefetchQuery(detailedBalanceQuery(uid));
    void queryClient.prefetchQuery(progressQuery(uid, 1, PAGE_SIZES.progressDashboard));
    void queryClient.prefetchQuery(featuredOffersQuery(LIMITS.featuredOffersDashboard));
    await queryClient.ensureQueryData(balanceQuery(uid));
  },
  head: () => pageHead('Dashboard'),
  pendingComponent: () => <PageSpinner label="Loading your dashboard…" />,
  errorComponent: DashboardError,
  component: Dashboard,
});

/**
 * The balance is polled most often; when it changes (a credit, a reversal, a payout), the cards
 * built from other calls (Recent Earnings, Completed Tasks) are asked again at once, so every card
 * shows the same moment instead of lagging by their own polling interval.
 */
function useCardsFollowTheBalance(uid: string, fingerprint: string) {
  const queryClient = useQueryClient();
  const seen = useRef(fingerprint);
  useEffect(() => {
    if (seen.current === fingerprint) return;
    seen.current = fingerprint;
    void queryClient.invalidateQueries({ queryKey: ['earnings', uid] });
    void queryClient.invalidateQueries({ queryKey: profileQuery(uid).queryKey });
  }, [queryClient, uid, fingerprint]);
}

function DashboardError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load dashboard data" />;
}

function Dashboard() {
  const auth = useAuth();
  const { uid } = Route.useRouteContext();
  const { data: balance } = useSuspenseQuery(balanceQuery(uid));
  const { data: profile } = useQuery(profileQuery(uid));
  useCardsFollowTheBalance(uid, `${balance.total_transactions}/${balance.available_pence}/${balance.pending_pence}`);
  // Only the reserved amount comes from here; failures fall back quietly.
  const { data: detailed } = useQuery(detailedBalanceQuery(uid));
  const name = displayName(profile ?? auth.profile ?? { email: auth.user?.email });
  const completed = profile?.completed_offers ?? auth.profile?.completed_offers;
  const createdAt = profile?.created_at ?? auth.profile?.created_at;
  const featured = useDashboardFeatured();
  const [welcomeDismissed, setWelcomeDismissed] = useState(false);
  // The welcome overlay is modal: it waits for the cookie choice, so it never hides the banner.
  const cookieChoiceMade = useSyncExternalStore(
    consentStore.subscribe,
    () => consentStore.get() !== null,
    () => false,
  );
  const showWelcome = cookieChoiceMade && !welcomeDismissed && shouldShowWelcome(uid, createdAt);
  const closeWelcome = useCallback(() => {
    dismissWelcome(uid);
    setWelcomeDismissed(true);
  }, [uid]);

  return (
    <div className="relative">
      <div className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-grape-600/15 to-transparent" aria-hidden />
      <section className={`${pageWidth} relative py-10 sm:py-12`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl" data-testid="dashboard-greeting">
              {greeting(new Date().getHours())}, <span className="text-quid-300">{name}</span>
            </h1>
            <p className="mt-2 text-slate-400">Every credit shows up here within seconds of our partner confirming it.</p>
          </div>
          <Link to="/offers" className={buttonClass('primary')}>
            <Gamepad2 size={18} aria-hidden /> Browse Gaming Offers
          </Link>
        </div>

        <StatGrid className="mt-8">
          <StatCard
            label="Total Earned"
            value={<CompactPence pence={balance.total_earned_pence} />}
            hint={`${balance.total_transactions} ${balance.total_transactions === 1 ? 'transaction' : 'transactions'}`}
            icon={TrendingUp}
            testId="dashboard-total-earned"
          />
          <StatCard
            label="Available Balance"
            value={<CompactPence pence={balance.withdrawable_pence} />}
            hint={withdrawableHint(balance)}
            icon={Wallet}
            accent="grape"
            testId="dashboard-available-balance"
          />
          <StatCard
            label="Pending Rewards"
            value={<CompactPence pence={balance.pending_pence} />}
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
        </StatGrid>

        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <DashboardFeaturedOffers {...featured} />
            <ActiveOffers uid={uid} />
            <RecentEarnings uid={uid} />
            <Card className="relative overflow-hidden p-6 sm:p-7">
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
            </Card>
          </div>

          <DashboardSidebar balance={balance} reservedPence={detailed?.reserved_pence} />
        </div>
      </section>
      {showWelcome && <WelcomeOverlay name={name} offers={featured.offers} onDismiss={closeWelcome} />}
    </div>
  );
}
