import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { BadgeCheck, Clock, Gamepad2, Gift } from 'lucide-react';
import { eyebrowClass, pageWidth } from '../../ui/styles';
import { AuthForm, type AuthMode } from './AuthForm';

const PERKS = [
  { icon: Gift, text: `${formatPence(WELCOME_BONUS_PENCE)} welcome bonus when you sign up (cashable after your first approved offer)` },
  { icon: Gamepad2, text: '50+ mobile games with real-money challenges' },
  { icon: Clock, text: 'Payouts as a reward email within 5-10 business days' },
  { icon: BadgeCheck, text: 'UK company, 18+ only, GDPR compliant' },
];

/** The login, sign-up and admin screens: the form, with what members get beside it on wide screens. */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  if (mode === 'admin') {
    return (
      <section className="grid place-items-center px-4 py-16 sm:py-24">
        <AuthForm mode="admin" />
      </section>
    );
  }
  return (
    <section className="relative overflow-hidden">
      <div
        className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
        aria-hidden
      />
      <div className="pointer-events-none absolute -top-32 -left-32 h-96 w-96 rounded-full bg-grape-600/25 blur-3xl" aria-hidden />
      <div className="pointer-events-none absolute -right-32 bottom-0 h-96 w-96 rounded-full bg-quid-400/10 blur-3xl" aria-hidden />
      <div className={`${pageWidth} relative grid items-center gap-12 py-12 sm:py-20 lg:grid-cols-2`}>
        <div className="hidden lg:block">
          <p className={eyebrowClass}>{mode === 'signup' ? 'Join PlayQuid' : 'Members area'}</p>
          <h2 className="mt-3 font-display text-5xl font-extrabold leading-tight text-white">
            Your game time,
            <br />
            <span className="bg-linear-to-r from-quid-300 to-grape-400 bg-clip-text text-transparent">paid in pounds.</span>
          </h2>
          <ul className="mt-8 space-y-4">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-slate-300">
                <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-white/5 text-quid-300" aria-hidden>
                  <Icon size={20} />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center lg:justify-end">
          <AuthForm mode={mode} key={mode} />
        </div>
      </div>
    </section>
  );
}
