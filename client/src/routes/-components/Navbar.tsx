import { formatPence, MOBILE_BREAKPOINT_PX } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import { House, LogOut, Menu, ShieldCheck, Wallet, X } from 'lucide-react';
import { AnimatePresence, m, useReducedMotion } from 'motion/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AUTH_TEXT } from '../../lib/auth/messages';
import { useAuth, useAuthSession } from '../../lib/auth/react';
import { displayName } from '../../lib/display';
import { balanceQuery } from '../../lib/queries';
import { Logo } from './Logo';
import { ui } from './ui';

type NavItem = { to: NonNullable<LinkProps['to']>; label: string };

const VISITOR_LINKS: NavItem[] = [
  { to: '/blog', label: 'Blog' },
  { to: '/offers', label: 'Gaming Offers' },
];
const MEMBER_LINKS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/offers', label: 'Gaming Offers' },
  { to: '/earnings', label: 'Earnings' },
  { to: '/payments', label: 'Payment' },
  { to: '/profile', label: 'Profile' },
];
const ADMIN_LINKS: NavItem[] = [
  { to: '/admin/dashboard', label: 'Analytics' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/offers', label: 'Manage Offers' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/callbacks', label: 'Callbacks' },
  { to: '/admin/blogs', label: 'Blog Posts' },
];

const linkClass = 'rounded-xl px-3 py-2 text-sm font-semibold text-slate-300 transition hover:bg-white/5 hover:text-white';
const activeLinkClass = 'bg-white/10 text-white';
const mobileLinkClass =
  'flex items-center gap-3 rounded-2xl px-4 py-3.5 text-base font-semibold text-slate-200 transition hover:bg-white/5';

function BalanceChip({ uid }: { uid: string }) {
  const { data, isPending } = useQuery(balanceQuery(uid));
  return (
    <Link
      to="/dashboard"
      className="flex items-center gap-1.5 rounded-full border border-quid-300/30 bg-quid-300/10 px-3 py-1.5 text-sm font-bold tabular-nums text-quid-200 transition hover:bg-quid-300/20"
      aria-label="Your balance"
      data-testid="nav-balance"
    >
      <Wallet size={15} aria-hidden />
      {isPending || !data ? '...' : formatPence(data.total_pence)}
    </Link>
  );
}

/** Spec 2, Navigation bar: visitor, member and admin variants; nothing while auth is loading. */
export function Navbar() {
  const auth = useAuth();
  const session = useAuthSession();
  const navigate = useNavigate();
  const reduceMotion = useReducedMotion();
  const [open, setOpen] = useState(false);
  const barRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The open menu closes on a click outside it (the bar with its toggle counts as inside), on
  // Escape and at desktop width; the page behind it does not scroll meanwhile.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!barRef.current?.contains(target) && !panelRef.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onResize = () => window.innerWidth >= MOBILE_BREAKPOINT_PX && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  if (auth.status === 'loading') return null;
  const signedIn = auth.status === 'signed-in' && auth.isVerified && auth.user !== null;
  const links = !signedIn ? VISITOR_LINKS : auth.isAdmin ? ADMIN_LINKS : MEMBER_LINKS;
  const close = () => setOpen(false);

  const logout = async () => {
    close();
    // Home first, so no guarded page re-renders for a visitor on the way out (spec: also on failure).
    await navigate({ to: '/' });
    try {
      await session.signOut();
    } catch {
      toast.error(AUTH_TEXT.signOutFailed);
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/80 backdrop-blur-xl">
      <nav ref={barRef} className={`${ui.page} flex h-16 items-center justify-between gap-3`} aria-label="Main">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          {links.map((item) => (
            <Link key={item.to} to={item.to} className={linkClass} activeProps={{ className: activeLinkClass, 'aria-current': 'page' }}>
              {item.label}
            </Link>
          ))}
        </div>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <>
              <BalanceChip uid={auth.user!.uid} />
              <span className="hidden max-w-40 truncate text-sm font-medium text-slate-300 lg:inline" data-testid="nav-username">
                {displayName(auth.profile ?? { email: auth.user!.email })}
              </span>
              {auth.isAdmin && (
                <span
                  className="inline-flex items-center gap-1 rounded-lg bg-grape-500/20 px-2 py-1 text-xs font-bold text-grape-300"
                  data-testid="nav-admin-badge"
                >
                  <ShieldCheck size={13} aria-hidden /> Admin
                </span>
              )}
              <button
                type="button"
                onClick={() => void logout()}
                className={`${linkClass} hidden items-center gap-1.5 md:inline-flex`}
                data-testid="nav-logout"
              >
                <LogOut size={15} aria-hidden /> Logout
              </button>
            </>
          ) : (
            <>
              <Link
                to="/login"
                className={`${linkClass} hidden md:inline-flex`}
                activeProps={{ className: activeLinkClass }}
                data-testid="nav-login"
              >
                Login
              </Link>
              <Link
                to="/signup"
                className="rounded-xl bg-quid-300 px-4 py-2 text-sm font-bold text-ink-950 shadow-lg shadow-quid-500/20 transition hover:bg-quid-200"
                data-testid="nav-signup"
              >
                Sign Up
              </Link>
            </>
          )}
          <button
            type="button"
            className="grid h-10 w-10 place-items-center rounded-xl text-slate-200 transition hover:bg-white/10 md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
            data-testid="nav-menu-toggle"
          >
            {open ? <X size={22} aria-hidden /> : <Menu size={22} aria-hidden />}
          </button>
        </div>
      </nav>

      <AnimatePresence>
        {open && (
          <m.div
            id="mobile-menu"
            className="fixed inset-x-0 top-16 bottom-0 z-40 bg-ink-950/70 backdrop-blur-sm md:hidden"
            initial={reduceMotion ? false : { opacity: 0, y: -8 }}
            animate={{ opacity: 1, y: 0 }}
            exit={reduceMotion ? { opacity: 0 } : { opacity: 0, y: -8 }}
            transition={{ duration: 0.18 }}
            data-testid="nav-mobile-menu"
          >
            <div
              ref={panelRef}
              className="flex max-h-full flex-col gap-1 overflow-y-auto rounded-b-3xl border-b border-white/10 bg-ink-900 p-4 shadow-2xl"
            >
              {links.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  onClick={close}
                  className={mobileLinkClass}
                  activeProps={{ className: 'bg-white/10 text-white' }}
                >
                  {item.label}
                </Link>
              ))}
              {!signedIn && (
                <>
                  <Link to="/login" onClick={close} className={mobileLinkClass}>
                    Log in
                  </Link>
                  <Link to="/signup" onClick={close} className={mobileLinkClass}>
                    Sign Up
                  </Link>
                </>
              )}
              <div className="my-2 border-t border-white/10" />
              {signedIn && (
                <button
                  type="button"
                  onClick={() => void logout()}
                  className={`${mobileLinkClass} text-left`}
                  data-testid="nav-logout-mobile"
                >
                  <LogOut size={18} aria-hidden /> Logout
                </button>
              )}
              <Link to="/" onClick={close} className={`${mobileLinkClass} text-slate-400`}>
                <House size={18} aria-hidden /> Back to Home
              </Link>
            </div>
          </m.div>
        )}
      </AnimatePresence>
    </header>
  );
}
