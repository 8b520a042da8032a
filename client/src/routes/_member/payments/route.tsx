import { formatPence, PAGE_SIZES } from '@playquid/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router';
import { Banknote, History, Hourglass, Send, Wallet } from 'lucide-react';
import { useCallback } from 'react';
import { PageSpinner, RouteError } from '../../../components/Feedback';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/react';
import { pageHead } from '../../../lib/page';
import { serverEligibility, withdrawableHint } from '../../../lib/payouts';
import { payoutsQuery } from '../../../lib/payouts/queries';
import { availableEarningsQuery, balanceQuery, detailedBalanceQuery } from '../../../lib/wallet/queries';
import { StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { pageWidth } from '../../../ui/styles';
import { PayoutHistory } from './-components/PayoutHistory';
import { PayoutRequestPanel } from './-components/PayoutRequestPanel';

type PaymentsTab = 'request' | 'history';
const TABS = [
  { id: 'request', label: 'Request Payout', icon: Send },
  { id: 'history', label: 'Payout History', icon: History },
] as const;

export const Route = createFileRoute('/_member/payments')({
  validateSearch: (search: Record<string, unknown>): { tab?: 'history' } => (search.tab === 'history' ? { tab: 'history' } : {}),
  loader: async ({ context: { uid, verified, queryClient } }) => {
    if (!verified) return;
    // The balance is required; the rest fills in as it arrives (or falls back, for the minimum payout).
    void queryClient.prefetchQuery(detailedBalanceQuery(uid));
    void queryClient.prefetchQuery(payoutsQuery(uid, 1, PAGE_SIZES.userPayoutsHistory));
    void queryClient.prefetchQuery(availableEarningsQuery(uid));
    await queryClient.ensureQueryData(balanceQuery(uid));
  },
  head: () => pageHead('Payments'),
  pendingComponent: () => <PageSpinner />,
  errorComponent: PaymentsError,
  component: PaymentsPage,
});

function PaymentsError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load payment data" />;
}

function PaymentsPage() {
  const auth = useAuth();
  const { uid } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const tab: PaymentsTab = Route.useSearch().tab ?? 'request';
  const selectTab = useCallback((next: PaymentsTab) => void navigate({ search: next === 'history' ? { tab: 'history' } : {} }), [navigate]);
  const openHistory = useCallback(() => selectTab('history'), [selectTab]);

  const { data: balance } = useSuspenseQuery(balanceQuery(uid));
  const { data: detailed } = useQuery(detailedBalanceQuery(uid));
  const { data: payouts } = useQuery(payoutsQuery(uid, 1, PAGE_SIZES.userPayoutsHistory));
  // One answer from the server: what can be withdrawn, whether a payout may be requested, and why not.
  const minPence = balance.min_payout_pence;
  const eligibility = serverEligibility(balance);

  return (
    <>
      <PageHeader
        eyebrow="Payouts"
        title="Reward Payouts"
        lead={`Cash out your whole available balance as a reward email (PayPal cash, gift cards or a charity donation), reviewed and sent within 5-10 business days. The minimum payout is ${formatPence(minPence)}.`}
      />
      <section className={`${pageWidth} py-10`}>
        <StatGrid columns={3}>
          <StatCard
            label="Available for Payout"
            value={formatPence(balance.withdrawable_pence)}
            hint={withdrawableHint(balance)}
            icon={Wallet}
            testId="payments-available"
          />
          <StatCard
            label="Processing"
            value={formatPence(balance.pending_pence)}
            hint={detailed?.reserved_pence ? `Pending earnings · ${formatPence(detailed.reserved_pence)} in payouts` : 'Pending earnings'}
            icon={Hourglass}
            accent="amber"
            testId="payments-processing"
          />
          <StatCard
            label="Total Payouts"
            value={payouts ? payouts.total : '–'}
            hint="Requests made"
            icon={Banknote}
            accent="grape"
            testId="payments-total-payouts"
          />
        </StatGrid>

        <div className="mt-8">
          <Tabs group="payments" label="Payments" items={TABS} active={tab} onSelect={selectTab} />
          <TabPanel group="payments" id={tab}>
            {tab === 'request' ? (
              <PayoutRequestPanel
                uid={uid}
                email={auth.profile?.email ?? auth.user?.email ?? null}
                availablePence={balance.available_pence}
                lockedBonusPence={balance.locked_bonus_pence}
                minPence={minPence}
                eligibility={eligibility}
                holdMessage={balance.payout_hold?.message ?? null}
                onRequested={openHistory}
              />
            ) : (
              <PayoutHistory uid={uid} onFirstPayout={() => selectTab('request')} />
            )}
          </TabPanel>
        </div>
      </section>
    </>
  );
}
