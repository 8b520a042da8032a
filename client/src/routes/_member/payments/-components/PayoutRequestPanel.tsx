import { formatPence, minimumPayoutMessage, type Pence } from '@playquid/contracts';
import { lockedBonusLine, type PayoutEligibility } from '@playquid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Gift, HandCoins, HeartHandshake, LoaderCircle, Lock, Mail, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../../components/Feedback';
import { afterMemberPayoutCommand, requestPayout, serverMessage } from '../../../../lib/commands';
import { availableEarningsPreview } from '../../../../lib/payouts';
import { availableEarningsQuery } from '../../../../lib/wallet/queries';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';

/** the history tab opens this long after a successful request. */
export const HISTORY_AFTER_REQUEST_MS = 2_000;
const REQUEST_FAILED = 'Failed to submit payout request. Please try again.';

const STEPS = [
  { title: 'Submit', text: 'Request a payout of your whole available balance.' },
  { title: 'Admin approval', text: 'Our team checks the request and the earnings behind it.' },
  { title: 'Email sent', text: 'You receive a reward email at your account address.' },
  { title: 'Choose and redeem', text: 'Pick the reward you want from the email and redeem it.' },
];

const REWARD_OPTIONS = [
  { icon: Wallet, title: 'PayPal cash', text: 'Straight to your PayPal account.' },
  { icon: Gift, title: 'Gift cards', text: 'Hundreds of UK and international brands.' },
  { icon: HeartHandshake, title: 'Charity donations', text: 'Give your balance to a cause you care about.' },
];

function BlockMessage({
  eligibility,
  minPence,
  availablePence,
  holdMessage,
}: {
  eligibility: PayoutEligibility;
  minPence: Pence;
  availablePence: Pence;
  holdMessage?: string | null;
}) {
  switch (eligibility.block) {
    case 'partner-hold':
      return (
        <Notice kind="warning" testId="payout-partner-hold">
          {holdMessage ?? 'Payouts are paused: our offer partner put your account on hold. Contact support.'}
        </Notice>
      );
    case 'negative':
      return (
        <Notice kind="warning" testId="payout-negative">
          Your balance is {formatPence(availablePence)}: an earning that was already paid out to you was reversed by the offer partner. New
          earnings pay this back first; you can request a payout again once your balance reaches {formatPence(minPence)}.
        </Notice>
      );
    case 'in-progress':
      return (
        <Notice kind="info" testId="payout-in-progress">
          You already have a payout in progress. You can request another once it is processed, or cancel it from Payout History.
        </Notice>
      );
    case 'bonus-locked':
      return (
        <Notice kind="warning" testId="payout-minimum">
          {minimumPayoutMessage(minPence)}. Your welcome bonus counts once your first offer is approved.{' '}
          <span className="font-semibold">({formatPence(eligibility.shortfallPence)} more needed)</span>
        </Notice>
      );
    case 'below-minimum':
      return (
        <Notice kind="warning" testId="payout-minimum">
          {minimumPayoutMessage(minPence)} <span className="font-semibold">({formatPence(eligibility.shortfallPence)} more needed)</span>
        </Notice>
      );
    default:
      return null;
  }
}

/** The first 5 approved earnings not yet in a payout, and how many more there are. */
function AvailableEarnings({ uid, lockedBonusPence }: { uid: string; lockedBonusPence: Pence }) {
  const { data, isPending, isError } = useQuery(availableEarningsQuery(uid));
  const { shown, more } = availableEarningsPreview(data?.data ?? []);
  const extra = more + Math.max(0, (data?.total ?? 0) - (data?.data.length ?? 0));
  return (
    <Card className="p-6" data-testid="available-earnings">
      <h2 className="font-display text-lg font-bold text-white">Available Earnings</h2>
      {isPending ? (
        <div className="mt-4 h-24 animate-pulse rounded-2xl bg-white/5" aria-hidden />
      ) : isError ? (
        <p className="mt-4 text-sm text-slate-400">Your available earnings could not be loaded just now.</p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-slate-400">No approved earnings waiting for a payout yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-white/5">
          {shown.map((earning) => (
            <li key={earning.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <span className="min-w-0 truncate text-slate-200">
                {earning.display_title}
                {earning.is_bonus && lockedBonusPence > 0 && (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs text-amber-200" data-testid="available-earning-locked">
                    <Lock size={12} aria-hidden /> locked
                  </span>
                )}
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-quid-300">+{formatPence(earning.amount_pence)}</span>
            </li>
          ))}
          {extra > 0 && <li className="pt-2.5 text-sm text-slate-400">+{extra} more</li>}
        </ul>
      )}
    </Card>
  );
}

/** Request tab: the full-balance request card, how it works, reward options, available earnings. */
export function PayoutRequestPanel({
  uid,
  email,
  availablePence,
  lockedBonusPence = 0,
  minPence,
  eligibility,
  holdMessage = null,
  onRequested,
}: {
  uid: string;
  email: string | null;
  availablePence: Pence;
  /** The welcome bonus held back until the member's first approved offer. */
  lockedBonusPence?: Pence;
  minPence: Pence;
  eligibility: PayoutEligibility;
  /** Why payouts are paused when the offer partner holds the account (the balance's payout_hold). */
  holdMessage?: string | null;
  onRequested: () => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const request = useMutation({
    mutationFn: requestPayout,
    onMutate: () => setMessage(null),
    onSuccess: (envelope) => {
      setMessage({ kind: 'success', text: envelope.message });
      void afterMemberPayoutCommand(queryClient, uid, envelope.data, { expectRow: true });
    },
    onError: (error) => setMessage({ kind: 'error', text: serverMessage(error, REQUEST_FAILED) }),
  });

  const succeeded = message?.kind === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(onRequested, HISTORY_AFTER_REQUEST_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, onRequested]);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <Card className="relative overflow-hidden p-6 sm:p-8">
          <div className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-quid-400/10 blur-3xl" aria-hidden />
          <h2 className="relative flex items-center gap-2 font-display text-xl font-bold text-white">
            <HandCoins size={20} className="text-quid-300" aria-hidden /> Request Full Balance Payout
          </h2>
          <p className="relative mt-2 text-sm text-slate-400">
            We send your whole available balance as a reward email
            {email ? (
              <>
                {' '}
                to <span className="font-semibold text-slate-200">{email}</span>
              </>
            ) : null}
            .
          </p>
          <p className="relative mt-5 font-display text-4xl font-extrabold tabular-nums text-white" data-testid="payout-amount">
            {formatPence(eligibility.withdrawablePence)}
          </p>
          {lockedBonusPence > 0 && (
            <p className="relative mt-2 flex items-center gap-1.5 text-sm text-amber-200" data-testid="payout-locked-bonus">
              <Lock size={14} aria-hidden />
              {lockedBonusLine(lockedBonusPence)}
            </p>
          )}
          <div className="relative mt-5 flex flex-col gap-3">
            <Button
              className="w-full sm:w-fit"
              disabled={!eligibility.canRequest || request.isPending || succeeded}
              onClick={() => request.mutate()}
              data-testid="payout-request"
            >
              {request.isPending ? <LoaderCircle size={18} className="animate-spin" aria-hidden /> : <Mail size={18} aria-hidden />}
              Send Reward Email
            </Button>
            {!succeeded && <BlockMessage eligibility={eligibility} minPence={minPence} availablePence={availablePence} holdMessage={holdMessage} />}
            {message && (
              <Notice kind={message.kind} testId="payout-message">
                {message.text}
              </Notice>
            )}
          </div>
        </Card>

        <Card className="p-6 sm:p-8">
          <h2 className="flex items-center gap-2 font-display text-xl font-bold text-white">
            <CircleCheck size={20} className="text-quid-300" aria-hidden /> How payouts work
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
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
        </Card>
      </div>

      <div className="flex flex-col gap-6">
        <Card className="p-6">
          <h2 className="font-display text-lg font-bold text-white">2000+ reward options</h2>
          <ul className="mt-4 space-y-3">
            {REWARD_OPTIONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-white/5 text-quid-300" aria-hidden>
                  <Icon size={17} />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-white">{title}</span>
                  <span className="block text-xs text-slate-400">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <AvailableEarnings uid={uid} lockedBonusPence={lockedBonusPence} />
      </div>
    </div>
  );
}
