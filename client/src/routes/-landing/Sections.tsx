import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { Banknote, Clock, Gamepad2, Gift, Lock, PoundSterling, ShieldCheck, UserPlus, X, Zap } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useInViewOnce } from '../../lib/reduced-motion';
import { scrollStep } from '../../lib/landing';
import { siteStatsQuery } from '../../lib/offers/queries';
import { Card, cardClass } from '../../ui/Card';
import { eyebrowClass, pageWidth } from '../../ui/styles';
import { CountUp } from './CountUp';
import { roundedNumber, wholePounds } from '../../lib/format';
import { usePublicQuery } from '../../lib/query/public-query';

const FACTS = [
  { value: formatPence(WELCOME_BONUS_PENCE), label: 'Welcome bonus' },
  { value: '50+', label: 'Games to play' },
  { value: '5-10 days', label: 'Payout processing' },
  { value: '18+', label: 'Adults only' },
];

/** Key facts, and the live site counters once /api/offers/sitestats answers (failures are only logged). */
export function StatsStrip() {
  const { data: stats } = usePublicQuery(siteStatsQuery());
  const counters = stats
    ? [
        // Whole pounds, so the figure ticks like a counter.
        { value: Math.floor(stats.total_earnings_pence / 100), format: (n: number) => wholePounds.format(n), label: 'Paid to members' },
        { value: stats.total_challenges_completed, format: (n: number) => roundedNumber.format(n), label: 'Challenges completed' },
        { value: stats.active_users_count, format: (n: number) => roundedNumber.format(n), label: 'Active players' },
      ]
    : [];
  return (
    <section className="border-y border-white/5 bg-ink-900/50" aria-label="PlayQuid in numbers">
      <dl className={`${pageWidth} grid grid-cols-2 gap-6 py-8 md:grid-cols-4`}>
        {FACTS.map((fact) => (
          <div key={fact.label} className="text-center">
            <dt className="text-sm text-slate-400">{fact.label}</dt>
            <dd className="mt-1 font-display text-3xl font-extrabold text-white">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {counters.length > 0 && (
        <dl className={`${pageWidth} grid gap-6 border-t border-white/5 py-8 sm:grid-cols-3`} data-testid="site-stats">
          {counters.map((counter, index) => (
            <div key={counter.label} className="text-center">
              <dt className="text-sm text-slate-400">{counter.label}</dt>
              <dd className="mt-1 font-display text-3xl font-extrabold text-quid-300">
                <CountUp value={counter.value} format={counter.format} delayMs={500 + index * 300} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const STEPS = [
  {
    icon: UserPlus,
    title: 'Sign up free',
    text: `Create your account in a minute and get a ${formatPence(WELCOME_BONUS_PENCE)} welcome bonus, cashable once your first offer is approved.`,
  },
  {
    icon: Gamepad2,
    title: 'Play and complete challenges',
    text: 'Pick a game, reach its milestones (levels, quests, achievements) and earn for each one.',
  },
  {
    icon: Banknote,
    title: 'Cash out',
    text: 'Request your balance as a reward email: choose PayPal cash, a gift card or a charity donation. Requests are reviewed and sent within 5-10 business days.',
  },
];

/** The "How It Works" progress: 0 to 3 steps lit as the section scrolls past. */
function useScrollStep() {
  const ref = useRef<HTMLOListElement>(null);
  const [step, setStep] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = ref.current?.getBoundingClientRect();
      if (box) setStep(scrollStep(box.top, box.height, window.innerHeight));
    };
    // At most one measurement per frame, however fast the scroll events come.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // The first measurement waits for the next frame too: measured here, while the page mounts, it
    // would force a layout of the whole landing page in the middle of its first render.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return { ref, step };
}

/** A step card rises into view (CSS) once 40 % of it is on screen, each 120 ms after the one before. */
function StepCard({ index, className, children }: { index: number; className: string; children: ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  const inView = useInViewOnce(ref, 0.4);
  return (
    <li
      ref={ref}
      className={`${className} ${inView ? 'animate-reveal motion-reduce:animate-none' : 'opacity-0 motion-reduce:opacity-100'}`}
      style={{ animationDelay: `${index * 120}ms` }}
    >
      {children}
    </li>
  );
}

export function HowItWorks() {
  const { ref, step } = useScrollStep();
  return (
    <section className={`${pageWidth} py-20 sm:py-24`} aria-labelledby="how-it-works">
      <p className={eyebrowClass}>Three steps</p>
      <h2 id="how-it-works" className="mt-2 font-display text-4xl font-extrabold text-white">
        How It Works
      </h2>
      <div className="mt-8 h-1.5 overflow-hidden rounded-full bg-white/5" aria-hidden>
        <div
          className="h-full rounded-full bg-linear-to-r from-quid-300 to-grape-400 transition-[width] duration-500"
          style={{ width: `${(step / STEPS.length) * 100}%` }}
        />
      </div>
      <ol ref={ref} className="mt-6 grid gap-5 md:grid-cols-3" data-testid="how-it-works" data-step={step}>
        {STEPS.map(({ icon: Icon, title, text }, index) => {
          const reached = index < step;
          return (
            <StepCard
              key={title}
              index={index}
              className={`${cardClass} relative overflow-hidden p-7 transition-colors duration-500 ${reached ? 'border-quid-300/40' : ''}`}
            >
              <span className="absolute -top-4 -right-2 font-display text-8xl font-extrabold text-white/[0.04]" aria-hidden>
                {index + 1}
              </span>
              <span
                className={`grid h-12 w-12 place-items-center rounded-2xl shadow-lg transition duration-500 ${
                  reached
                    ? 'bg-linear-to-br from-quid-300 to-quid-500 text-ink-950 shadow-quid-500/30'
                    : 'bg-white/10 text-slate-300 shadow-transparent'
                }`}
                aria-hidden
              >
                <Icon size={22} />
              </span>
              <h3 className="mt-5 font-display text-xl font-bold text-white">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-slate-400">{text}</p>
            </StepCard>
          );
        })}
      </ol>
    </section>
  );
}

const BENEFITS = [
  {
    icon: PoundSterling,
    title: 'Real pounds, not points',
    text: 'Every reward is shown in GBP, to the penny, as soon as it is confirmed.',
  },
  { icon: Zap, title: 'Credits in seconds', text: 'Your dashboard updates on its own the moment a partner confirms a milestone.' },
  {
    icon: Clock,
    title: 'Payouts in 5-10 days',
    text: 'A reward email with PayPal cash, gift cards or charity donations, reviewed and sent within 5-10 business days.',
  },
  { icon: ShieldCheck, title: 'GDPR compliant', text: 'Your data is handled under UK GDPR by a UK limited company.' },
  { icon: Lock, title: 'Secure sign-in', text: 'Email verification and Google sign-in keep your account yours.' },
  {
    icon: Gift,
    title: 'Bonus and referrals',
    text: `A ${formatPence(WELCOME_BONUS_PENCE)} welcome bonus (cashable after your first approved offer), plus £1.50 for every friend who joins and completes a first offer.`,
  },
];

export function Benefits() {
  return (
    <section className="relative py-20 sm:py-24" aria-labelledby="why-playquid">
      <div
        className="pointer-events-none absolute inset-x-0 top-1/3 mx-auto h-72 max-w-4xl rounded-full bg-grape-600/15 blur-3xl"
        aria-hidden
      />
      <div className={`${pageWidth} relative`}>
        <p className={eyebrowClass}>Why PlayQuid</p>
        <h2 id="why-playquid" className="mt-2 font-display text-4xl font-extrabold text-white">
          Why choose PlayQuid
        </h2>
        <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="group p-6 transition hover:-translate-y-0.5 hover:border-grape-400/40">
              <span
                className="grid h-11 w-11 place-items-center rounded-2xl bg-grape-500/20 text-grape-300 transition group-hover:bg-grape-500/30"
                aria-hidden
              >
                <Icon size={20} />
              </span>
              <h3 className="mt-4 font-display text-lg font-bold text-white">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{text}</p>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * Floating welcome-bonus reminder for visitors; dismissible. It appears once the visitor has
 * scrolled past most of the first screen, so it never covers the hero's own bonus line, calls to
 * action or trust line on a phone.
 */
export function BonusReminder() {
  const [open, setOpen] = useState(true);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const check = () => window.scrollY > window.innerHeight * 0.6 && setScrolled(true);
    // The first check in the next frame: reading the scroll position now would lay out the whole page
    // in the middle of its first render.
    const frame = requestAnimationFrame(check);
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
    };
  }, [scrolled]);
  return (
    <>
      {open && scrolled && (
        <aside
          className="fixed right-4 bottom-4 z-30 w-[calc(100%-2rem)] max-w-xs animate-reveal rounded-3xl border border-quid-300/30 bg-ink-900/95 p-5 shadow-2xl shadow-black/40 backdrop-blur [animation-delay:1.2s] motion-reduce:animate-none"
          aria-label="Welcome bonus"
          data-testid="bonus-reminder"
        >
          <button
            type="button"
            className="absolute top-3 right-3 grid h-8 w-8 place-items-center rounded-lg text-slate-400 hover:bg-white/5 hover:text-white"
            aria-label="Dismiss"
            onClick={() => setOpen(false)}
          >
            <X size={16} aria-hidden />
          </button>
          <p className="flex items-center gap-2 font-display font-bold text-white">
            <Gift size={18} className="text-quid-300" aria-hidden /> Claim your {formatPence(WELCOME_BONUS_PENCE)} bonus
          </p>
          <p className="mt-1 text-sm text-slate-400">
            Sign up free: it is credited straight away and becomes cashable once your first offer is approved.
          </p>
          <Link to="/signup" className="mt-4 inline-flex rounded-xl bg-quid-300 px-4 py-2 text-sm font-bold text-ink-950 hover:bg-quid-200">
            Sign Up
          </Link>
        </aside>
      )}
    </>
  );
}
