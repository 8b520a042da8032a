import { useEffect, useRef, useState } from 'react';
import { useInViewOnce, usePrefersReducedMotion } from '../../lib/reduced-motion';

const DURATION_MS = 2_000;
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number counting up from 0 over 2 s once it is half in view, once per
 * mount. `notBefore` (a performance.now() time) holds the start back, for staggered cards.
 * The frames write the span's text directly: a React render per frame for every counter on the
 * page was most of the landing page's main-thread work on a phone after its first paint. React
 * renders the start (0) and, once the count is over, the final value.
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
  const [done, setDone] = useState(false);
  // Read by the frames: a parent's re-render (a new `format` function) does not restart the count.
  const latest = useRef({ value, format });
  latest.current = { value, format };

  useEffect(() => {
    if (!inView) return;
    if (reduceMotion) return setDone(true);
    let frame = 0;
    const start = Math.max(performance.now() + delayMs, notBefore);
    const tick = (now: number) => {
      const t = Math.min(1, Math.max(0, (now - start) / DURATION_MS));
      if (t >= 1) return setDone(true);
      const text = latest.current.format(Math.round(latest.current.value * easeOut(t)));
      if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [inView, reduceMotion, delayMs, notBefore]);

  return (
    <span ref={ref} className="tabular-nums">
      {format(done ? value : 0)}
    </span>
  );
}
