import { ALL_PROJECTIONS, rebuildProjections } from '@playquid/projections';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { createEventStore, type EventStore } from '@playquid/server';
import type { Kysely } from 'kysely';
import { env } from '../env';
import { logPages } from './event-source';

/**
 * A projection added to a running system has no checkpoint yet: the worker would wait for ever for
 * event 0/0's successor and hold every other projection with it. Such a projection is caught up from
 * the log here, before the worker starts on it. A new, empty system has nothing to catch up.
 */
async function catchUpNewProjections(db: Kysely<DB>, store: EventStore): Promise<void> {
  const known = new Set((await db.selectFrom('projection_checkpoints').select('projection').execute()).map((r) => r.projection));
  const fresh = ALL_PROJECTIONS.filter((p) => !known.has(p.name));
  if (fresh.length === 0 || known.size === 0) return;
  const count = await rebuildProjections(db, fresh, logPages(store));
  console.log(`read model: caught up ${fresh.map((p) => p.name).join(', ')} from ${count} events`);
}

/** Creates the event store table (Postgres adapter), migrates the read model and catches up new projections. */
export async function migrate(): Promise<void> {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, max: 2 });
  try {
    const result = await migrateToLatest(db);
    for (const r of result.results ?? []) console.log(`read model: ${r.direction} ${r.migrationName} ${r.status}`);
    await catchUpNewProjections(db, store);
    console.log('migrations: up to date');
  } finally {
    await Promise.all([db.destroy(), store.close()]);
  }
}
