import { createTestDatabase } from '@playquid/read-db';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgresEventStore', async () => {
  const database = await createTestDatabase('eventstore', { migrated: true });
  const store = new PostgresEventStore(database.url);
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
});
