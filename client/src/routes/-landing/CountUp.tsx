import { useEffect, useRef, useState } from 'react';
import { useInViewOnce, usePrefersReducedMotion } from '../../lib/reduced-motion';

const DURATION_MS = 2_000;
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number counting up from 0 over 2 s once it is half in view, once per
 * mount. `notBefore` (a performance.now() time) holds the start back, for staggered cards.
 */
export function CountUp({
  value,
  format,
  delayMs = 0,
  notBefore = 0,
}: {
  value: number;
  format: (value: number) => string;
  delayMs?: number;
  notBefore?: number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const inView = useInViewOnce(ref, 0.5);
  const reduceMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!inView) return;
    if (reduceMotion) return setProgress(1);
    let frame = 0;
    const start = Math.max(performance.now() + delayMs, notBefore);
    const tick = (now: number) => {
      const t = Math.min(1, Math.max(0, (now - start) / DURATION_MS));
      setProgress(easeOut(t));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [inView, reduceMotion, delayMs, notBefore]);

  return (
    <span ref={ref} className="tabular-nums">
      {format(Math.round(value * progress))}
    </span>
  );
}
