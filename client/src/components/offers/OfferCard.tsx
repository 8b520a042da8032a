import { formatPence, type Offer } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheck, Smartphone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { offerCompletions, offerLinkId, offerTitle, platformLabel } from '../../lib/offers';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { OfferIcon } from './OfferIcon';
import { compactNumber } from '../../lib/format';

const DIFFICULTY_TONES: Record<string, BadgeTone> = {
  Easy: 'success',
  Medium: 'warning',
  Hard: 'accent',
};

export function DifficultyChip({ difficulty }: { difficulty: string | null | undefined }) {
  if (!difficulty) return null;
  return <Badge tone={DIFFICULTY_TONES[difficulty] ?? 'neutral'}>{difficulty}</Badge>;
}

export function FeaturedStar({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2.5 py-1 text-xs font-bold text-amber-200 ${className}`}
    >
      <Star size={12} fill="currentColor" aria-hidden /> Featured
    </span>
  );
}

/**
 * One offer as a card that links to its detail page (the whole card is the link, named by the
 * offer's title and reward so tests and screen readers find it while the reward counts up).
 */
export function OfferCard({
  offer,
  reward,
  showPopularity = false,
  showDescription = true,
}: {
  offer: Offer;
  /** Replaces the plain reward figure, e.g. with a count-up. */
  reward?: ReactNode;
  /** The offers page's real completion figures (from our own credits), shown only when there are some. */
  showPopularity?: boolean;
  showDescription?: boolean;
}) {
  const title = offerTitle(offer);
  const amount = formatPence(offer.reward_pence);
  const popularity = showPopularity ? offerCompletions(offer) : null;
  return (
    <Link
      to="/offers/$offerId"
      params={{ offerId: offerLinkId(offer) }}
      aria-label={`${title}, up to ${amount}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-white/10 bg-linear-to-b from-ink-800/80 to-ink-900/90 p-5 shadow-xl shadow-black/20 transition duration-200 hover:-translate-y-1 hover:border-grape-400/50 hover:shadow-grape-900/30"
      data-testid="offer-card"
      data-offer-id={offer.id}
    >
      <span
        className="pointer-events-none absolute -top-16 -right-16 h-40 w-40 rounded-full bg-grape-500/15 blur-2xl transition group-hover:bg-grape-500/25"
        aria-hidden
      />
      <span className="relative flex items-start justify-between gap-3">
        <OfferIcon src={offer.icon_url} />
        {offer.featured && <FeaturedStar />}
      </span>

      <span className="relative mt-4 line-clamp-2 font-display text-lg leading-snug font-bold text-white">{title}</span>
      <span className="relative mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-400">
        {offer.category && <span className="rounded-full bg-white/5 px-2.5 py-0.5 font-semibold text-slate-300">{offer.category}</span>}
        <DifficultyChip difficulty={offer.difficulty} />
        <span className="inline-flex items-center gap-1">
          <Smartphone size={12} aria-hidden /> {platformLabel(offer.device_platform)}
        </span>
      </span>
      {showDescription && offer.description && (
        <span className="relative mt-3 line-clamp-2 text-sm text-slate-400">{offer.description}</span>
      )}

      <span className="relative mt-auto flex items-end justify-between gap-3 pt-5">
        <span>
          <span className="block text-xs font-semibold tracking-wide text-slate-400 uppercase">Up to</span>
          <span className="block font-display text-2xl font-extrabold text-quid-300 tabular-nums">{reward ?? amount}</span>
        </span>
        {popularity ? (
          <span className="flex flex-col items-end gap-0.5 text-xs text-slate-400" data-testid="offer-completions">
            <span className="inline-flex items-center gap-1 font-bold text-quid-200">
              <CircleCheck size={12} aria-hidden /> {compactNumber.format(popularity.completions)}{' '}
              {popularity.completions === 1 ? 'completion' : 'completions'}
            </span>
            {popularity.members > 0 && (
              <span>
                by {compactNumber.format(popularity.members)} {popularity.members === 1 ? 'member' : 'members'}
              </span>
            )}
          </span>
        ) : (
          <span
            className="grid h-9 w-9 place-items-center rounded-xl bg-white/5 text-slate-300 transition group-hover:bg-quid-300 group-hover:text-ink-950"
            aria-hidden
          >
            <ArrowRight size={16} />
          </span>
        )}
      </span>
    </Link>
  );
}

/** A grey placeholder with a card's shape, while offers load. */
export function OfferCardSkeleton() {
  return (
    <div className="flex h-full min-h-64 flex-col rounded-3xl border border-white/5 bg-white/[0.03] p-5" aria-hidden>
      <span className="h-14 w-14 animate-pulse rounded-2xl bg-white/10" />
      <span className="mt-4 h-5 w-3/4 animate-pulse rounded-lg bg-white/10" />
      <span className="mt-2 h-4 w-1/2 animate-pulse rounded-lg bg-white/5" />
      <span className="mt-auto h-8 w-24 animate-pulse rounded-lg bg-white/10" />
    </div>
  );
}
