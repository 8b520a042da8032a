import { type ReactNode, Suspense, useRef } from 'react';
import { useInViewOnce } from '../lib/reduced-motion';

/** How far below the screen a section starts loading: about half a phone screen of scrolling ahead. */
const AHEAD = '0px 0px 480px 0px';

/**
 * A section further down a page, rendered (and its code and data loaded, when `children` is lazy)
 * only once it comes within half a screen of the visible part; until then a placeholder of about its
 * height (`placeholderClassName`) holds its place. A visitor who never scrolls there never pays for it.
 */
export function WhenNear({
  children,
  placeholderClassName,
  testId,
}: {
  children: ReactNode;
  placeholderClassName: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInViewOnce(ref, 0, AHEAD);
  const placeholder = <div className={placeholderClassName} aria-hidden />;
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
