import type { LinkProps } from '@tanstack/react-router';
import { type RefObject, useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@playquid/contracts';

export type NavItem = { to: NonNullable<LinkProps['to']>; label: string };

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

/** The overlay (MobileMenuPanel.tsx) loads when the menu is first opened, or as the finger lands on the toggle. */
export const loadMobileMenuPanel = () => import('./MobileMenuPanel');
