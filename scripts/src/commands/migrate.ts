import { createReadDb, migrateToLatest } from '@playquid/read-db';
import { createEventStore } from '@playquid/server';
import { env } from '../env';

/** Creates the event store table (Postgres adapter) and brings the read model to the latest migration. */
export async function migrate(): Promise<void> {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  await store.close();
  const db = createReadDb({ connectionString: env.databaseUrl, max: 1 });
  try {
    const result = await migrateToLatest(db);
    for (const r of result.results ?? []) console.log(`read model: ${r.direction} ${r.migrationName} ${r.status}`);
    console.log('migrations: up to date');
  } finally {
    await db.destroy();
  }
}
