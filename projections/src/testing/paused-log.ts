import type { StoredEventMessage } from '@playquid/contracts';

/**
 * The log as pages of one event that stop before the event at `at` until `resume()`: `paused`
 * settles once a reader has got there (a rebuild then holds its locks, halfway through the log).
 */
export function pausedLog(log: readonly StoredEventMessage[], at: number) {
  let reachedPause!: () => void;
  let resume!: () => void;
  const paused = new Promise<void>((r) => (reachedPause = r));
  const gate = new Promise<void>((r) => (resume = r));
  async function* pages() {
    for (const [i, message] of log.entries()) {
      if (i === at) {
        reachedPause();
        await gate;
      }
      yield [message];
    }
  }
  return { pages: pages(), paused, resume };
}
