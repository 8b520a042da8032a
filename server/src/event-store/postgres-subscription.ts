import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { EventEmitter } from 'node:events';
import type { ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './event-store';

const BATCH = 500;
const POLL_MS = 50;

/**
 * Catch-up, then live: appends wake the follower at once (`appended` emits 'appended': this store's
 * own, and other processes' as their notifications arrive); a short poll covers a notification lost
 * or not yet listened for. An event only becomes readable once every older transaction has
 * finished, which the poll also covers. An append announced while a page is being read or handled
 * is read right after it: the follower does not wait for the poll then (under load it is busy most
 * of the time, and would otherwise miss most announcements).
 */
export function subscribeToLog(
  readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>,
  appended: EventEmitter,
  options: SubscribeOptions,
): Subscription {
  let position: GlobalPosition = options.after ?? START_POSITION;
  let closed = false;
  let wake: (() => void) | undefined;
  /** An append was announced since the current read began: read again before waiting. */
  let announced = false;
  const onAppended = () => {
    announced = true;
    wake?.();
  };
  appended.on('appended', onAppended);

  const loop = (async () => {
    try {
      const maxCount = options.maxCount ?? BATCH;
      while (!closed) {
        announced = false;
        const page = await readAll({ after: position, maxCount });
        if (closed) return;
        if (page.length > 0) {
          await options.onEvents(page);
          position = page[page.length - 1].position;
        }
        if (page.length === maxCount || closed || announced) continue;
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
