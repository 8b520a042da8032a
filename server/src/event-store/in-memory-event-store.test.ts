import { describeEventStoreContract } from './event-store.contract';
import { InMemoryEventStore } from './in-memory-event-store';

describeEventStoreContract('InMemoryEventStore', async () => ({ store: new InMemoryEventStore(), cleanup: async () => {} }));
