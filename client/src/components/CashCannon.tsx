import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../lib/reduced-motion';

// 60 projectiles, fired in batches of 5 every 300 ms, from both sides.
const TOTAL = 60;
const BATCH = 5;
const BATCH_MS = 300;
const EMOJIS = ['💷', '💰', '💵', '🪙', '💸'];

interface Projectile {
  emoji: string;
  fromLeft: boolean;
  /** Horizontal reach and peak height as viewport fractions, and flight time in seconds. */
  reach: number;
  peak: number;
  duration: number;
}

function projectile(id: number): Projectile {
  return {
    emoji: EMOJIS[id % EMOJIS.length],
    fromLeft: id % 2 === 0,
    reach: 0.25 + Math.random() * 0.45,
    peak: 0.45 + Math.random() * 0.35,
    duration: 1.6 + Math.random() * 0.8,
  };
}

/** Fires one projectile from the layer: the browser's own animation engine (no library), an arc up and across, fading at the end. */
function fire(layer: HTMLElement, shot: Projectile): void {
  const element = document.createElement('span');
  element.className = 'absolute bottom-0 text-3xl';
  element.style[shot.fromLeft ? 'left' : 'right'] = '0';
  element.textContent = shot.emoji;
  layer.appendChild(element);
  if (typeof element.animate !== 'function') return;
  const x = `${(shot.fromLeft ? 1 : -1) * shot.reach * 100}vw`;
  const half = `${(shot.fromLeft ? 1 : -1) * shot.reach * 50}vw`;
  const turn = shot.fromLeft ? 1 : -1;
  element.animate(
    [
      { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
      { transform: `translate(${half}, ${-shot.peak * 100}vh) rotate(${turn * 180}deg)`, opacity: 1 },
      { transform: `translate(${x}, 10vh) rotate(${turn * 360}deg)`, opacity: 0 },
    ],
    { duration: shot.duration * 1000, easing: 'ease-out', fill: 'forwards' },
  ).onfinish = () => element.remove();
}

/**
 * Decorative money emojis fired from the bottom corners; nothing at all under reduced motion.
 * The layer sits at z-index 0 of its stacking context: the page content (wrapped above it), every
 * dialog and the cookie panel paint over it, so it never covers text or controls.
 * The projectiles are made and removed outside React: a render of the whole volley for every batch
 * and every landing was main-thread work a phone paid for while the page was loading.
 */
export function CashCannon() {
  const reduced = usePrefersReducedMotion();
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = layer.current;
    if (reduced || !target) return;
    let fired = 0;
    const timer = window.setInterval(() => {
      for (let index = 0; index < BATCH; index++) fire(target, projectile(fired + index));
      fired += BATCH;
      if (fired >= TOTAL) window.clearInterval(timer);
    }, BATCH_MS);
    return () => {
      window.clearInterval(timer);
      target.replaceChildren();
    };
  }, [reduced]);

  if (reduced) return null;
  return <div ref={layer} className="pointer-events-none fixed inset-0 z-0 overflow-hidden" aria-hidden data-testid="cash-cannon" />;
}
