import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/Button';

/** 'Ready to Start Earning?' with Get Started Free and View Gaming Offers. */
export function EarnCallToAction() {
  return (
    <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br from-grape-600/40 via-ink-900 to-ink-900 p-8 text-center sm:p-12">
      <div
        className="pointer-events-none absolute -bottom-24 left-1/2 h-64 w-96 -translate-x-1/2 rounded-full bg-quid-400/15 blur-3xl"
        aria-hidden
      />
      <h2 className="relative font-display text-3xl font-extrabold text-white">Ready to Start Earning?</h2>
      <p className="relative mx-auto mt-3 max-w-lg text-slate-300">
        Join free, get a £2 welcome bonus (cashable once your first offer is approved) and turn your game time into pounds.
      </p>
      <div className="relative mt-7 flex flex-wrap justify-center gap-3">
        <Link to="/signup" className={buttonClass('primary')}>
          Get Started Free
        </Link>
        <Link to="/offers-preview" className={buttonClass('secondary')}>
          View Gaming Offers
        </Link>
      </div>
    </div>
  );
}
