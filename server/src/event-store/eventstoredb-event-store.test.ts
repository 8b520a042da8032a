import { describe } from 'vitest';
import { describeEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

// EventStoreDB cannot run on our CI machines (no Docker engine); the same contract runs wherever it is configured.
describe.skipIf(!connectionString)('EventStoreDbEventStore', () => {
  describeEventStoreContract('EventStoreDbEventStore', async () => {
    const store = new EventStoreDbEventStore(connectionString!);
    return { store, cleanup: () => store.close() };
  });
});
