import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, Menu, ShieldCheck, Wallet, X } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { toast } from '../lib/toast';
import { useAuth, useAuthSession } from '../lib/auth/react';
import { displayName } from '../lib/display';
import { pageWidth } from '../ui/styles';
import { Logo } from './Logo';
import { LazyNavBalanceText } from './member-balance-lazy';
import { loadMobileMenuPanel, type NavItem, useMobileMenu } from './MobileMenu';

// The phone menu's overlay is not part of the first paint: it loads when first opened.
const MobileMenu = lazy(loadMobileMenuPanel);

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

// Between 768 and 1024 px six admin links, the balance and Logout share one row: tighter there.
const linkClass =
  'shrink-0 whitespace-nowrap rounded-xl px-2 py-2 text-[13px] font-semibold text-slate-300 transition hover:bg-white/5 hover:text-white lg:px-3 lg:text-sm';
const activeLinkClass = 'bg-white/10 text-white';

function BalanceChip({ uid }: { uid: string }) {
  return (
    <Link
      to="/dashboard"
      className="flex shrink-0 items-center gap-1.5 rounded-full border border-quid-300/30 bg-quid-300/10 px-3 py-1.5 text-sm font-bold tabular-nums text-quid-200 transition hover:bg-quid-300/20"
      aria-label="Your balance"
      data-testid="nav-balance"
    >
      <Wallet size={15} aria-hidden />
      <Suspense fallback="...">
        <LazyNavBalanceText uid={uid} />
      </Suspense>
    </Link>
  );
}

/** visitor, member and admin variants; nothing while auth is loading. */
export function Navbar() {
  const auth = useAuth();
  const session = useAuthSession();
  const navigate = useNavigate();
  const barRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menu = useMobileMenu([barRef, panelRef]);

  if (auth.status === 'loading') return null;
  const signedIn = auth.status === 'signed-in' && auth.isVerified && auth.user !== null;
  const links = !signedIn ? VISITOR_LINKS : auth.isAdmin ? ADMIN_LINKS : MEMBER_LINKS;
  const { open, close } = menu;

  const logout = async () => {
    close();
    // Home first, so no guarded page re-renders for a visitor on the way out (also on failure).
    await navigate({ to: '/' });
    try {
      await session.signOut();
    } catch {
      // The auth texts come with the sign-in screens' code, not in every page's shell.
      const { AUTH_TEXT } = await import('../lib/auth/messages');
      toast.error(AUTH_TEXT.signOutFailed);
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/80 backdrop-blur-xl">
      <nav ref={barRef} className={`${pageWidth} flex h-16 items-center justify-between gap-3`} aria-label="Main">
        <span className="shrink-0 md:max-lg:hidden">
          <Logo />
        </span>
        <span className="hidden shrink-0 md:max-lg:block">
          <Logo compact />
        </span>
        <div className="hidden min-w-0 [scrollbar-width:none] items-center gap-0.5 overflow-x-auto md:flex lg:gap-1">
          {links.map((item) => (
            <Link key={item.to} to={item.to} className={linkClass} activeProps={{ className: activeLinkClass, 'aria-current': 'page' }}>
              {item.label}
            </Link>
          ))}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {signedIn ? (
            <>
              <BalanceChip uid={auth.user!.uid} />
              <span className="hidden max-w-40 truncate text-sm font-medium text-slate-300 lg:inline" data-testid="nav-username">
                {displayName(auth.profile ?? { email: auth.user!.email })}
              </span>
              {auth.isAdmin && (
                <span
                  className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-grape-500/20 px-2 py-1 text-xs font-bold text-grape-300"
                  data-testid="nav-admin-badge"
                >
                  <ShieldCheck size={13} aria-hidden /> Admin
                </span>
              )}
              <button
                type="button"
                onClick={() => void logout()}
                className={`${linkClass} hidden items-center gap-1.5 md:inline-flex`}
                aria-label="Logout"
                data-testid="nav-logout"
              >
                <LogOut size={15} aria-hidden /> <span className="max-lg:sr-only">Logout</span>
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
                className="shrink-0 rounded-xl bg-quid-300 px-4 py-2 text-sm font-bold text-ink-950 shadow-lg shadow-quid-500/20 transition hover:bg-quid-200"
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
            onClick={menu.toggle}
            onPointerDown={() => void loadMobileMenuPanel()}
            data-testid="nav-menu-toggle"
            // Tapped in the prerendered shell before the app has taken over: replayed then (lib/shell-replay.ts).
            data-replay="menu"
          >
            {open ? <X size={22} aria-hidden /> : <Menu size={22} aria-hidden />}
          </button>
        </div>
      </nav>

      {open && (
        <Suspense fallback={null}>
          <MobileMenu open links={links} signedIn={signedIn} panelRef={panelRef} onClose={close} onLogout={() => void logout()} />
        </Suspense>
      )}
    </header>
  );
}
