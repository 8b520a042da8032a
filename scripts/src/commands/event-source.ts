import { comparePositions, type GlobalPosition, START_POSITION, type StoredEventMessage } from '@playquid/contracts';
import { type EventStore, type RecordedEvent, toMessage } from '@playquid/server';
import { setTimeout as sleep } from 'node:timers/promises';

const HEAD_WAIT_MS = 30_000;
/** Events per page when the whole log is replayed: few, large statements per page. */
export const REPLAY_PAGE_SIZE = 10_000;
/**
 * Events per page for `rebuild`: a row many events change (a balance, a counter, a member) is
 * written once per page, so larger pages write fewer versions of it (at L, 100,000 members / 2.6M
 * events: Postgres CPU 104 s with pages of 10,000, 78 s with 20,000, 58 s with 50,000).
 */
export const REBUILD_PAGE_SIZE = 50_000;

export interface LogPagesOptions {
  pageSize?: number;
  /** Read at least up to here (default: the head when the call starts). */
  head?: GlobalPosition;
}

/**
 * The whole global log as committed when the call starts, in order, in pages of the messages the
 * forwarder would have sent; the next page is read while the caller works on the current one. A
 * short page is not the end: an older transaction anywhere in the cluster can hold newer events
 * back for a moment, so it reads on until it has passed the head.
 */
export async function* logPages(
  store: EventStore,
  { pageSize = REPLAY_PAGE_SIZE, head }: LogPagesOptions = {},
): AsyncGenerator<StoredEventMessage[]> {
  const end = head ?? (await store.readHead());
  const read = (after: GlobalPosition): Promise<RecordedEvent[]> => {
    const page = store.readAll({ after, maxCount: pageSize });
    page.catch(() => undefined); // read ahead: a caller that stops early never awaits it
    return page;
  };
  let previous = START_POSITION;
  let next = read(previous);
  let waitingSince = Date.now();
  while (comparePositions(previous, end) < 0) {
    const events = await next;
    if (events.length === 0) {
      if (Date.now() - waitingSince > HEAD_WAIT_MS) {
        throw new Error(`The log did not become readable up to its head within ${HEAD_WAIT_MS / 1000} s: a long transaction holds it back`);
      }
      await sleep(20);
      next = read(previous);
      continue;
    }
    waitingSince = Date.now();
    const last = events[events.length - 1].position;
    if (comparePositions(last, end) < 0) next = read(last);
    yield events.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
  }
}

/** The same log one event at a time. */
export async function* allEvents(store: EventStore): AsyncGenerator<StoredEventMessage> {
  for await (const page of logPages(store)) yield* page;
}
