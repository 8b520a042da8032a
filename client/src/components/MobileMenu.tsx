import { Link, type LinkProps } from '@tanstack/react-router';
import { House, LogOut } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { MOBILE_BREAKPOINT_PX } from '@playquid/contracts';

export type NavItem = { to: NonNullable<LinkProps['to']>; label: string };

const mobileLinkClass =
  'flex items-center gap-3 rounded-2xl px-4 py-3.5 text-base font-semibold text-slate-200 transition hover:bg-white/5';

/**
 * Open-menu behaviour: closes on a click outside the menu and its bar, on
 * Escape and once the window is desktop wide; the page behind it does not scroll meanwhile.
 */
export function useMobileMenu(insideRefs: ReadonlyArray<RefObject<HTMLElement | null>>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!insideRefs.some((ref) => ref.current?.contains(target))) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onResize = () => window.innerWidth >= MOBILE_BREAKPOINT_PX && close();
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
    // The refs are stable objects; only opening and closing re-arms the listeners.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return { open, setOpen, close: () => setOpen(false), toggle: () => setOpen((value) => !value) };
}

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
export function MobileMenu({ open, links, signedIn, panelRef, onClose, onLogout }: MobileMenuProps) {
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
