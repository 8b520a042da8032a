import { START_POSITION, type StoredEventMessage } from '@playquid/contracts';
import { type EventStore, toMessage } from '@playquid/server';

/** The whole global log, in order, as the messages the forwarder would have sent. */
export async function* allEvents(store: EventStore, batchSize = 500): AsyncGenerator<StoredEventMessage> {
  let previous = START_POSITION;
  for (;;) {
    const batch = await store.readAll({ after: previous, maxCount: batchSize });
    for (const event of batch) {
      yield toMessage(event, previous);
      previous = event.position;
    }
    if (batch.length < batchSize) return;
  }
}
