/**
 * Runs `then` once the browser has painted the page's first content (its first-contentful-paint
 * entry): the shell of a public page is on screen before the app's JavaScript is fetched or run.
 * Without paint timing, it waits for the next frame instead. A page in a background tab paints
 * nothing, so `then` runs at once there, and `fallbackMs` after the call at the latest in any case.
 */
export function afterFirstPaint(then: () => void, fallbackMs = 1000, win: Window & typeof globalThis = window): void {
  let done = false;
  const cleanups: Array<() => void> = [];
  const run = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups) cleanup();
    then();
  };
  if (win.document.visibilityState === 'hidden') return run();
  const fallback = win.setTimeout(run, fallbackMs);
  cleanups.push(() => win.clearTimeout(fallback));
  const onHidden = () => win.document.visibilityState === 'hidden' && run();
  win.document.addEventListener('visibilitychange', onHidden);
  cleanups.push(() => win.document.removeEventListener('visibilitychange', onHidden));
  if (win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    cleanups.push(() => observer.disconnect());
    // Buffered: a paint before this call counts too.
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // The frame callback runs just before that frame paints; a task queued from it, just after.
    win.requestAnimationFrame(() => win.setTimeout(run, 0));
  }
}
