import { DEFAULT_MIN_PAYOUT_PENCE, formatPence } from '@playquid/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { Gift, Hourglass, Wallet } from 'lucide-react';
import { useAuth } from '../lib/auth/react';
import { pageHead } from '../lib/page';
import { balanceQuery } from '../lib/queries';
import { PageSpinner, RouteError } from './-components/Feedback';
import { PageHeader } from './-components/PageHeader';
import { StatCard } from './-components/StatCard';
import { ui } from './-components/ui';

const STEPS = [
  { title: 'Submit', text: 'Request a payout of your whole available balance.' },
  { title: 'Admin approval', text: 'Our team checks the request and the earnings behind it.' },
  { title: 'Email sent', text: 'You receive a reward email at your account address.' },
  { title: 'Choose and redeem', text: 'Pick from 2000+ reward options: PayPal cash, gift cards or charity donations.' },
];

export const Route = createFileRoute('/_member/payments')({
  loader: async ({ context: { auth, queryClient } }) => {
    const { user, isVerified } = auth.state;
    if (user && isVerified) await queryClient.ensureQueryData(balanceQuery(user.uid));
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
  const { data: balance } = useSuspenseQuery(balanceQuery(auth.user!.uid));
  return (
    <>
      <PageHeader
        eyebrow="Payouts"
        title="Instant Reward Payouts"
        lead={`Cash out your whole available balance as a reward email. The minimum payout is ${formatPence(DEFAULT_MIN_PAYOUT_PENCE)}.`}
      />
      <section className={`${ui.page} py-10`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <StatCard
            label="Available for Payout"
            value={formatPence(balance.available_pence)}
            hint="Approved earnings"
            icon={Wallet}
            testId="payments-available"
          />
          <StatCard
            label="Processing"
            value={formatPence(balance.pending_pence)}
            hint="Pending earnings"
            icon={Hourglass}
            accent="amber"
            testId="payments-processing"
          />
        </div>
        <div className={`${ui.card} mt-8 p-6 sm:p-8`}>
          <h2 className="flex items-center gap-2 font-display text-xl font-bold text-white">
            <Gift size={20} className="text-quid-300" aria-hidden /> How payouts work
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
                <span className="grid h-8 w-8 place-items-center rounded-lg bg-grape-500/25 font-display font-bold text-grape-300">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-white">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-400">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
