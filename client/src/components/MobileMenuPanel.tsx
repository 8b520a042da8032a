import { Link } from '@tanstack/react-router';
import { House, LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { NavItem } from './MobileMenu';

const mobileLinkClass =
  'flex items-center gap-3 rounded-2xl px-4 py-3.5 text-base font-semibold text-slate-200 transition hover:bg-white/5';

interface MobileMenuProps {
  open: boolean;
  links: NavItem[];
  signedIn: boolean;
  panelRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The phone menu overlay. Rendered into <body> through a portal: inside the header, whose backdrop
 * filter makes it the containing block of fixed descendants, it was clipped to a 33 px strip.
 */
export default function MobileMenuPanel({ open, links, signedIn, panelRef, onClose, onLogout }: MobileMenuProps) {
  if (typeof document === 'undefined') return null;
  // The menu drops in with CSS (no animation library on public pages).
  return createPortal(
    <>
      {open && (
        <div
          id="mobile-menu"
          className="fixed inset-x-0 top-16 bottom-0 z-40 animate-drop bg-ink-950/70 backdrop-blur-sm motion-reduce:animate-none md:hidden"
          data-testid="nav-mobile-menu"
        >
          <nav
            ref={panelRef}
            aria-label="Menu"
            className="flex max-h-full flex-col gap-1 overflow-y-auto overscroll-contain rounded-b-3xl border-b border-white/10 bg-ink-900 p-4 shadow-2xl"
          >
            {links.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                onClick={onClose}
                className={mobileLinkClass}
                activeProps={{ className: 'bg-white/10 text-white', 'aria-current': 'page' }}
              >
                {item.label}
              </Link>
            ))}
            {!signedIn && (
              <>
                <Link to="/login" onClick={onClose} className={mobileLinkClass}>
                  Log in
                </Link>
                <Link to="/signup" onClick={onClose} className={mobileLinkClass}>
                  Sign Up
                </Link>
              </>
            )}
            <div className="my-2 border-t border-white/10" />
            {signedIn && (
              <button type="button" onClick={onLogout} className={`${mobileLinkClass} text-left`} data-testid="nav-logout-mobile">
                <LogOut size={18} aria-hidden /> Logout
              </button>
            )}
            <Link to="/" onClick={onClose} className={`${mobileLinkClass} text-slate-400`}>
              <House size={18} aria-hidden /> Back to Home
            </Link>
          </nav>
        </div>
      )}
    </>,
    document.body,
  );
}
