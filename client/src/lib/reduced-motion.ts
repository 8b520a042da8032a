import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

/** Whether the visitor asked for reduced motion (follows changes), without an animation library. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = media();
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => media()?.matches ?? false,
  );
}

/**
 * True from the moment `amount` of the element has been in view (once; true at once without
 * IntersectionObserver); `rootMargin` widens the view (e.g. '0px 0px 400px 0px': 400 px below the screen too).
 */
export function useInViewOnce(ref: RefObject<Element | null>, amount: number, rootMargin = '0px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setInView(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: amount, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, amount, rootMargin, inView]);
  return inView;
}
