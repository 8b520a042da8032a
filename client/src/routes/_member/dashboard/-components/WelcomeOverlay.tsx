import { formatPence, type Offer, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { Gamepad2, PartyPopper, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { CashCannon } from '../../../../components/CashCannon';
import { Button, buttonClass } from '../../../../ui/Button';
import { cardClass } from '../../../../ui/Card';
import { WelcomeOfferList } from './DashboardFeaturedOffers';

/** the once-only welcome with the £2 bonus and up to 3 featured offers, for an account created today. */
export function WelcomeOverlay({ name, offers = [], onDismiss }: { name: string; offers?: Offer[]; onDismiss: () => void }) {
  const primary = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    primary.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-ink-950/80 p-4 backdrop-blur-sm" onClick={onDismiss}>
      <CashCannon />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="welcome-title"
        className={`${cardClass} relative z-10 max-h-full w-full max-w-md animate-reveal overflow-y-auto p-7 text-center motion-reduce:animate-none sm:p-8`}
        onClick={(event) => event.stopPropagation()}
        data-testid="welcome-overlay"
      >
        <button
          type="button"
          onClick={onDismiss}
          className="absolute top-4 right-4 rounded-xl p-2 text-slate-400 hover:bg-white/5 hover:text-white"
          aria-label="Close welcome message"
        >
          <X size={18} aria-hidden />
        </button>
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-quid-300 text-ink-950" aria-hidden>
          <PartyPopper size={26} />
        </span>
        <h2 id="welcome-title" className="mt-5 font-display text-2xl font-extrabold text-white">
          Welcome to PlayQuid, {name}!
        </h2>
        <p className="mt-3 text-slate-300">
          Your <span className="font-bold text-quid-300">{formatPence(WELCOME_BONUS_PENCE)}</span> welcome bonus is in your balance, locked
          until your first offer is approved; then it is yours to cash out with the rest. Play games, hit their milestones and watch it grow.
        </p>
        <WelcomeOfferList offers={offers} onPick={onDismiss} />
        <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link ref={primary} to="/offers" className={buttonClass('primary')} onClick={onDismiss}>
            <Gamepad2 size={18} aria-hidden /> Browse Gaming Offers
          </Link>
          <Button variant="secondary" onClick={onDismiss}>
            Go to my dashboard
          </Button>
        </div>
      </div>
    </div>
  );
}
