import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { EventEmitter } from 'node:events';
import type { ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './event-store';

const BATCH = 500;
const POLL_MS = 50;

/**
 * Catch-up, then live: appends made through this store wake the follower at once (`appended`
 * emits 'appended'); appends from other processes are found by a short poll. An event only becomes
 * readable once every older transaction has finished, which the poll also covers.
 */
export function subscribeToLog(
  readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>,
  appended: EventEmitter,
  options: SubscribeOptions,
): Subscription {
  let position: GlobalPosition = options.after ?? START_POSITION;
  let closed = false;
  let wake: (() => void) | undefined;
  const onAppended = () => wake?.();
  appended.on('appended', onAppended);

  const loop = (async () => {
    try {
      const maxCount = options.maxCount ?? BATCH;
      while (!closed) {
        const page = await readAll({ after: position, maxCount });
        if (closed) return;
        if (page.length > 0) {
          await options.onEvents(page);
          position = page[page.length - 1].position;
        }
        if (page.length === maxCount || closed) continue;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, POLL_MS);
        });
        wake = undefined;
      }
    } catch (error) {
      if (!closed) (options.onError ?? console.error)(error);
    }
  })();

  return {
    close: async () => {
      closed = true;
      appended.off('appended', onAppended);
      wake?.();
      await loop;
    },
  };
}
