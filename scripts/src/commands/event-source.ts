import { comparePositions, START_POSITION, type StoredEventMessage } from '@playquid/contracts';
import { type EventStore, toMessage } from '@playquid/server';
import { setTimeout as sleep } from 'node:timers/promises';

const HEAD_WAIT_MS = 30_000;

/**
 * The whole global log as committed when the call starts, in order, as the messages the forwarder
 * would have sent. A short page is not the end: an older transaction anywhere in the cluster can
 * hold newer events back for a moment, so it reads on until it has passed the head it saw first.
 */
export async function* allEvents(store: EventStore, batchSize = 500): AsyncGenerator<StoredEventMessage> {
  const head = await store.readHead();
  const deadline = Date.now() + HEAD_WAIT_MS;
  let previous = START_POSITION;
  while (comparePositions(previous, head) < 0) {
    const batch = await store.readAll({ after: previous, maxCount: batchSize });
    for (const event of batch) {
      yield toMessage(event, previous);
      previous = event.position;
    }
    if (batch.length === 0) {
      if (Date.now() > deadline) throw new Error(`The log did not become readable up to its head within ${HEAD_WAIT_MS / 1000} s: a long transaction holds it back`);
      await sleep(20);
    }
  }
}
