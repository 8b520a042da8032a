import { createTestDatabase } from '@playquid/read-db';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgresEventStore', async () => {
  const database = await createTestDatabase('eventstore');
  const store = new PostgresEventStore(database.url);
  await store.migrate();
  await store.migrate(); // idempotent
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
});
