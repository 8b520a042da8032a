import { formatPence, type Offer } from '@playquid/contracts';
import { Circle, CircleCheck, ListChecks, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DifficultyChip, FeaturedStar } from '../../../../components/offers/OfferCard';
import { OfferIcon } from '../../../../components/offers/OfferIcon';
import { earningLevels, offerTitle, platformLabel, taskProgress } from '../../../../lib/offers';
import { Card } from '../../../../ui/Card';

/** Title block: icon, title, featured star, categories, 'Up to' amount, tasks completed x/y. */
export function OfferHeaderCard({ offer }: { offer: Offer }) {
  const { done, total } = taskProgress(offer);
  const categories = [...new Set([offer.category, ...(offer.categories ?? [])].filter(Boolean))];
  const platform = platformLabel(offer.device_platform);
  return (
    <Card className="relative overflow-hidden p-6 sm:p-8">
      <div className="pointer-events-none absolute -top-24 -right-24 h-64 w-64 rounded-full bg-grape-600/25 blur-3xl" aria-hidden />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-start">
        <OfferIcon src={offer.icon_url} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-display text-3xl leading-tight font-extrabold text-white sm:text-4xl" data-testid="offer-title">
              {offerTitle(offer)}
            </h1>
            {offer.featured && <FeaturedStar />}
          </div>
          <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="Categories">
            {categories.map((name) => (
              <li key={name} className="rounded-full bg-white/5 px-3 py-1 text-xs font-semibold text-slate-300">
                {name}
              </li>
            ))}
            <li>
              <DifficultyChip difficulty={offer.difficulty} />
            </li>
            {/* Partner categories often name the platform already. */}
            {!categories.includes(platform) && (
              <li className="rounded-full bg-white/5 px-3 py-1 text-xs font-semibold text-slate-300">{platform}</li>
            )}
          </ul>
        </div>
        <div className="shrink-0 sm:text-right">
          <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Up to</p>
          <p className="font-display text-4xl font-extrabold text-quid-300 tabular-nums" data-testid="offer-reward">
            {formatPence(offer.reward_pence)}
          </p>
        </div>
      </div>
      {total > 0 && (
        <div className="relative mt-6" data-testid="offer-tasks">
          <div className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-2 font-semibold text-slate-300">
              <ListChecks size={16} className="text-quid-300" aria-hidden /> Tasks completed
            </span>
            <span className="font-bold text-white tabular-nums">
              {done}/{total}
            </span>
          </div>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-white/5"
            role="progressbar"
            aria-label="Tasks completed"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
          >
            <div
              className="h-full rounded-full bg-linear-to-r from-quid-300 to-quid-500"
              style={{ width: `${Math.min(100, (done / total) * 100)}%` }}
            />
          </div>
        </div>
      )}
    </Card>
  );
}

/** A titled card; renders nothing when it has nothing to say. */
export function DetailSection({
  title,
  icon: Icon,
  children,
  testId,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card as="section" className="p-6 sm:p-7" data-testid={testId}>
      <h2 className="flex items-center gap-2 font-display text-lg font-bold text-white">
        <Icon size={18} className="text-grape-300" aria-hidden /> {title}
      </h2>
      <div className="mt-4 text-slate-300">{children}</div>
    </Card>
  );
}

/** A list of plain texts (requirements, instructions, things to know); numbered when order matters. */
export function TextList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className="space-y-2.5">
      {items.map((item, index) => (
        <li key={`${index}-${item}`} className="flex gap-3">
          <span
            className={`mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-lg text-xs font-bold ${ordered ? 'bg-grape-500/20 text-grape-200' : 'bg-white/5 text-quid-300'}`}
            aria-hidden
          >
            {ordered ? index + 1 : '•'}
          </span>
          <span className="leading-relaxed">{item}</span>
        </li>
      ))}
    </Tag>
  );
}

/** "Earning Levels": the offer's events grouped by event type, each with its reward. */
export function EarningLevels({ offer }: { offer: Offer }) {
  const levels = earningLevels(offer.events ?? []);
  if (levels.length === 0) return <p className="text-sm text-slate-400">The levels of this offer are shown once the game is started.</p>;
  return (
    <div className="space-y-5">
      {levels.map((level) => (
        <div key={level.type} data-testid="earning-level">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-display font-bold text-white">{level.type}</h3>
            <span className="text-xs text-slate-400">
              {level.events.length} {level.events.length === 1 ? 'task' : 'tasks'} · {formatPence(level.totalPence)}
            </span>
          </div>
          <ul className="mt-2 divide-y divide-white/5 overflow-hidden rounded-2xl border border-white/10">
            {level.events.map((event) => (
              <li
                key={event.event_id}
                className={`flex items-center justify-between gap-3 px-4 py-3 ${event.is_completed ? 'bg-quid-300/[0.06]' : 'bg-white/[0.02]'}`}
                data-completed={event.is_completed}
              >
                <span className="flex min-w-0 items-center gap-3">
                  {event.is_completed ? (
                    <CircleCheck size={18} className="shrink-0 text-quid-300" aria-label="Completed" />
                  ) : (
                    <Circle size={18} className="shrink-0 text-slate-600" aria-hidden />
                  )}
                  <span className={`min-w-0 ${event.is_completed ? 'text-slate-400 line-through decoration-slate-600' : 'text-slate-200'}`}>
                    {event.name}
                  </span>
                </span>
                <span className="shrink-0 font-display font-bold text-quid-300 tabular-nums">{formatPence(event.payout_pence)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
