import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, BadgeCheck, CircleCheck, Coins, Gamepad2, Hourglass, Mail, Star, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { SITE } from '../../lib/site-config';
import { buttonClass } from '../../ui/Button';
import { pageWidth } from '../../ui/styles';

const TIMELINE = [
  { icon: Hourglass, label: 'Pending', text: 'Partner confirms your milestone', tone: 'bg-amber-400/15 text-amber-300' },
  { icon: CircleCheck, label: 'Approved', text: 'Added to your available balance', tone: 'bg-quid-300/15 text-quid-300' },
  { icon: Mail, label: 'Paid out', text: 'Reward email within 5-10 business days', tone: 'bg-sky-400/15 text-sky-300' },
];

/** Landing hero: the offer, the two calls to action, and how a reward travels to your pocket. */
export function Hero({ member, balanceText }: { member: boolean; balanceText: ReactNode }) {
  // CSS, not script: the hero paints (and rises) before any animation library has loaded.
  const rise = 'animate-rise motion-reduce:animate-none';

  return (
    <section className="relative overflow-hidden">
      <div
        className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]"
        aria-hidden
      />
      <div
        className="pointer-events-none absolute -top-40 left-1/4 h-[28rem] w-[28rem] rounded-full bg-grape-600/30 blur-3xl"
        aria-hidden
      />
      <div className="pointer-events-none absolute top-20 -right-20 h-80 w-80 rounded-full bg-flare-500/15 blur-3xl" aria-hidden />
      <div className="pointer-events-none absolute bottom-0 left-0 h-72 w-72 rounded-full bg-quid-400/10 blur-3xl" aria-hidden />

      <div className={`${pageWidth} relative grid items-center gap-14 pt-14 pb-20 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-28`}>
        <div className={rise}>
          <span className="inline-flex items-center gap-2 rounded-full border border-quid-300/30 bg-quid-300/10 px-3.5 py-1.5 text-sm font-bold text-quid-200">
            <Coins size={16} aria-hidden /> {formatPence(WELCOME_BONUS_PENCE)} welcome bonus when you sign up, cashable after your first approved offer
          </span>
          <h1 className="mt-6 font-display text-5xl leading-[1.02] font-extrabold text-white sm:text-6xl xl:text-7xl">
            Play games.
            <br />
            <span className="bg-linear-to-r from-quid-300 via-quid-400 to-grape-400 bg-clip-text text-transparent">Earn real money.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            Complete challenges in 50+ mobile games and get paid in pounds. Cash out as a reward email (PayPal cash, gift cards or a charity donation) within 5-10 business days.
          </p>
          <div className="mt-9 flex flex-wrap gap-3">
            {member ? (
              <Link to="/dashboard" className={buttonClass('primary', 'px-7 py-4 text-lg')}>
                Go to Dashboard <ArrowRight size={20} aria-hidden />
              </Link>
            ) : (
              <>
                <Link to="/signup" className={buttonClass('primary', 'px-7 py-4 text-lg')} data-testid="landing-start">
                  Start Earning Today <ArrowRight size={20} aria-hidden />
                </Link>
                <Link to="/login" className={buttonClass('secondary', 'px-7 py-4 text-lg')} data-testid="landing-login">
                  Already a member?
                </Link>
              </>
            )}
          </div>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-slate-400">
            {SITE.rating && (
              <a
                href={SITE.rating.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-2 hover:text-white"
                data-testid="landing-rating"
              >
                <span className="flex text-amber-300" aria-hidden>
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star key={star} size={16} fill={star <= Math.round(SITE.rating!.value) ? 'currentColor' : 'none'} />
                  ))}
                </span>
                <span>
                  Rated <span className="font-bold text-white">{SITE.rating.value.toFixed(1)}</span> out of 5 on {SITE.rating.service}
                </span>
              </a>
            )}
            <span className="flex items-center gap-1.5">
              <BadgeCheck size={16} className="text-quid-300" aria-hidden /> UK company · 18+ only
            </span>
          </div>
        </div>

        <div className={`relative mx-auto w-full max-w-md ${rise} [animation-delay:150ms]`}>
          <div
            className="absolute -inset-4 rounded-[2.5rem] bg-linear-to-br from-grape-500/40 via-flare-500/10 to-quid-400/20 blur-2xl"
            aria-hidden
          />
          <div className="relative rounded-[2rem] border border-white/10 bg-ink-900/90 p-6 shadow-2xl sm:p-7">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-400">{member ? 'Your balance' : 'Yours when you join'}</p>
              <span className="grid h-10 w-10 place-items-center rounded-2xl bg-quid-300 text-ink-950" aria-hidden>
                <Trophy size={20} />
              </span>
            </div>
            <p className="mt-2 font-display text-6xl font-extrabold tabular-nums text-white" data-testid="landing-balance">
              {balanceText}
            </p>
            <p className="mt-1 text-sm text-slate-400">{member ? 'Total earned so far' : 'Welcome bonus, credited on sign-up, cashable once your first offer is approved'}</p>

            <ol className="mt-7 space-y-3" aria-label="How a reward reaches you">
              {TIMELINE.map(({ icon: Icon, label, text, tone }) => (
                <li key={label} className="flex items-center gap-3 rounded-2xl bg-ink-950/60 px-4 py-3">
                  <span className={`grid h-9 w-9 shrink-0 place-items-center rounded-xl ${tone}`} aria-hidden>
                    <Icon size={17} />
                  </span>
                  <span>
                    <span className="block text-sm font-bold text-white">{label}</span>
                    <span className="block text-xs text-slate-400">{text}</span>
                  </span>
                </li>
              ))}
            </ol>
          </div>
          <span
            className="absolute -top-5 -left-4 hidden animate-float items-center gap-2 rounded-2xl border border-white/10 bg-ink-800/90 px-3.5 py-2.5 text-sm font-bold text-white shadow-xl sm:flex"
            aria-hidden
          >
            <Gamepad2 size={17} className="text-grape-300" /> 50+ games
          </span>
        </div>
      </div>
    </section>
  );
}
