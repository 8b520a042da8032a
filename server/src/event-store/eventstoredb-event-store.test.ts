import { describe } from 'vitest';
import { describeEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

// EventStoreDB cannot run on our CI machines (no Docker engine); the same contract runs wherever it is configured.
// The adapter's own behaviours are covered against a faked client in eventstoredb-adapter.test.ts.
const SKIPPED = 'skipped: EVENTSTORE_CONNECTION_STRING is not set (no EventStoreDB server on this machine)';
if (!connectionString) console.log(`EventStoreDbEventStore contract suite ${SKIPPED}`);
describe.skipIf(!connectionString)(connectionString ? 'EventStoreDbEventStore' : `EventStoreDbEventStore (${SKIPPED})`, () => {
  describeEventStoreContract('EventStoreDbEventStore', async () => {
    const store = new EventStoreDbEventStore(connectionString!);
    return { store, cleanup: () => store.close() };
  });
});
