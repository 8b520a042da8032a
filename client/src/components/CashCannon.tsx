import { m, useReducedMotion } from 'motion/react';
import { useEffect, useState } from 'react';

// 60 projectiles, fired in batches of 5 every 300 ms, from both sides.
const TOTAL = 60;
const BATCH = 5;
const BATCH_MS = 300;
const EMOJIS = ['💷', '💰', '💵', '🪙', '💸'];

interface Projectile {
  id: number;
  emoji: string;
  fromLeft: boolean;
  /** Horizontal reach and peak height as viewport fractions, and flight time in seconds. */
  reach: number;
  peak: number;
  duration: number;
}

function projectile(id: number): Projectile {
  return {
    id,
    emoji: EMOJIS[id % EMOJIS.length],
    fromLeft: id % 2 === 0,
    reach: 0.25 + Math.random() * 0.45,
    peak: 0.45 + Math.random() * 0.35,
    duration: 1.6 + Math.random() * 0.8,
  };
}

/**
 * Decorative money emojis fired from the bottom corners; nothing at all under reduced motion.
 * The layer sits at z-index 0 of its stacking context: the page content (wrapped above it), every
 * dialog and the cookie panel paint over it, so it never covers text or controls.
 */
export function CashCannon() {
  const reduced = useReducedMotion();
  const [shots, setShots] = useState<Projectile[]>([]);

  useEffect(() => {
    if (reduced) return;
    let fired = 0;
    const timer = window.setInterval(() => {
      const batch = Array.from({ length: BATCH }, (_, index) => projectile(fired + index));
      fired += BATCH;
      setShots((current) => [...current, ...batch]);
      if (fired >= TOTAL) window.clearInterval(timer);
    }, BATCH_MS);
    return () => window.clearInterval(timer);
  }, [reduced]);

  if (reduced) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-0 overflow-hidden" aria-hidden data-testid="cash-cannon">
      {shots.map((shot) => (
        <m.span
          key={shot.id}
          className="absolute bottom-0 text-3xl"
          style={shot.fromLeft ? { left: 0 } : { right: 0 }}
          initial={{ x: 0, y: 0, opacity: 1, rotate: 0 }}
          animate={{
            x: `${(shot.fromLeft ? 1 : -1) * shot.reach * 100}vw`,
            y: [0, `${-shot.peak * 100}vh`, '10vh'],
            opacity: [1, 1, 0],
            rotate: shot.fromLeft ? 360 : -360,
          }}
          transition={{ duration: shot.duration, ease: 'easeOut' }}
          onAnimationComplete={() => setShots((current) => current.filter((other) => other.id !== shot.id))}
        >
          {shot.emoji}
        </m.span>
      ))}
    </div>
  );
}
