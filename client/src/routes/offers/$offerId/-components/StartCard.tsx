import { formatPence, type Offer } from '@playquid/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  CalendarDays,
  Clock,
  ExternalLink,
  Hourglass,
  LifeBuoy,
  LoaderCircle,
  LogIn,
  Play,
  ShieldCheck,
  Trophy,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Notice } from '../../../../components/Feedback';
import { ApiError } from '../../../../lib/api-client';
import { START_LABELS, startState, taskProgress } from '../../../../lib/offers';
import { startOffer } from '../../../../lib/offers/queries';
import { buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { longDate, wholeNumber } from '../../../../lib/format';

const START_FAILED = 'Failed to start offer';

/**
 * The start card: visitors are sent to log in; members start the offer,
 * which registers it with our server and hands back their tracking link, then the browser goes there.
 */
export function StartCard({ offer, member }: { offer: Offer; member: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startOffer(offer.id),
    onMutate: () => setFailure(null),
    onSuccess: ({ click_url: clickUrl }) => {
      if (clickUrl) window.location.assign(clickUrl);
      else setFailure(START_FAILED);
    },
    onError: (error) => setFailure(error instanceof ApiError && error.detail ? error.detail : START_FAILED),
  });
  // Still 'Starting...' after success: the page stays up for a moment while the browser leaves.
  const state = startState({
    member,
    completedTasks: taskProgress(offer).done,
    starting: start.isPending || (start.isSuccess && !failure),
  });
  const label = START_LABELS[state];
  const button = buttonClass('primary', 'w-full py-4 text-lg');

  return (
    <Card className="relative overflow-hidden p-6" data-testid="offer-start-card">
      <div className="pointer-events-none absolute -top-20 -right-10 h-48 w-48 rounded-full bg-quid-400/15 blur-3xl" aria-hidden />
      <p className="relative text-sm font-medium text-slate-400">Earn up to</p>
      <p className="relative font-display text-4xl font-extrabold text-white tabular-nums">{formatPence(offer.reward_pence)}</p>
      <p className="relative mt-1 text-sm text-slate-400">Paid level by level as you play.</p>

      <div className="relative mt-6">
        {state === 'login' ? (
          <Link to="/login" className={button} data-testid="offer-start">
            <LogIn size={20} aria-hidden />
            {label}
          </Link>
        ) : (
          <button
            type="button"
            className={`${button} ${state === 'in-progress' ? 'bg-white/10! text-slate-300! shadow-none!' : ''}`}
            disabled={state !== 'ready'}
            onClick={() => start.mutate()}
            data-testid="offer-start"
            aria-busy={state === 'starting'}
          >
            {state === 'starting' ? (
              <LoaderCircle size={20} className="animate-spin" aria-hidden />
            ) : state === 'in-progress' ? (
              <Hourglass size={20} aria-hidden />
            ) : (
              <Play size={20} aria-hidden />
            )}
            {label}
          </button>
        )}
        {state === 'login' && <p className="mt-3 text-center text-sm text-slate-400">Sign in or create a free account to play and earn.</p>}
        {state === 'in-progress' && (
          <p className="mt-3 text-center text-sm text-slate-400">
            You have completed tasks of this offer: keep playing the game to reach the next level.
          </p>
        )}
        {failure && (
          <Notice kind="error" className="mt-4" testId="offer-start-error">
            {failure}
          </Notice>
        )}
      </div>
    </Card>
  );
}

/** Challenge stats: time to complete, total completions, added date. */
export function ChallengeStats({ offer }: { offer: Offer }) {
  const added = offer.created_at ? new Date(offer.created_at) : null;
  const rows = [
    { icon: Clock, label: 'Time to complete', value: offer.time_to_complete || 'Varies' },
    { icon: Users, label: 'Total completions', value: wholeNumber.format(offer.total_completions ?? 0) },
    { icon: CalendarDays, label: 'Added', value: added && !Number.isNaN(added.getTime()) ? longDate.format(added) : '—' },
  ];
  return (
    <Card className="p-6" data-testid="offer-challenge-stats">
      <h2 className="flex items-center gap-2 font-display text-lg font-bold text-white">
        <Trophy size={18} className="text-amber-300" aria-hidden /> Challenge stats
      </h2>
      <dl className="mt-4 space-y-3">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-center justify-between gap-3 text-sm">
            <dt className="flex items-center gap-2 text-slate-400">
              <Icon size={15} aria-hidden /> {label}
            </dt>
            <dd className="font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** What BitLabs asks publishers to show: how long confirmation takes, its disclaimer and support link. */
export function ProviderNotice({ offer }: { offer: Offer }) {
  return (
    <div className="rounded-3xl border border-white/10 bg-white/[0.03] p-5 text-sm text-slate-400" data-testid="offer-disclaimer">
      <p className="flex items-center gap-2 font-semibold text-slate-200">
        <ShieldCheck size={16} className="text-quid-300" aria-hidden />
        {offer.source === 'bitlabs' ? 'Offer provided by BitLabs' : 'Offer provided by PlayQuid'}
      </p>
      <p className="mt-2">
        Rewards show as pending first and are confirmed{' '}
        {offer.confirmation_time ? (
          <>
            within <strong className="text-slate-200">{offer.confirmation_time}</strong>
          </>
        ) : (
          'once the partner verifies them'
        )}
        .
      </p>
      {offer.disclaimer && <p className="mt-2 leading-relaxed">{offer.disclaimer}</p>}
      {offer.support_url && (
        <a
          href={offer.support_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 font-semibold text-grape-300 hover:text-grape-200"
        >
          <LifeBuoy size={15} aria-hidden /> Offer support <ExternalLink size={13} aria-hidden />
        </a>
      )}
    </div>
  );
}
