import { createReadDb, PersonalDataVault } from '@playquid/read-db';
import { EncryptingEventStore } from './encrypting-event-store';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

export interface EventStoreConfig {
  databaseUrl: string;
  eventStoreConnectionString?: string;
}

/**
 * EventStoreDB when its connection string is configured, else the Postgres store, whose `events`
 * table is made here when the database has none (postgres-schema.ts), before anything reads it.
 */
export async function createEventStore(config: EventStoreConfig, vault?: PersonalDataVault): Promise<EncryptingEventStore> {
  const adapter = await createAdapter(config);
  if (vault) return new EncryptingEventStore(adapter, vault);
  // The CLI and tests: a vault of its own over the key store in the same database (master key from the environment).
  const keysDb = createReadDb({ connectionString: config.databaseUrl, max: 2 });
  return new EncryptingEventStore(adapter, PersonalDataVault.forDatabase(keysDb), () => keysDb.destroy());
}

/** The adapter alone: personal fields reach it encrypted or it refuses them. */
async function createAdapter(config: EventStoreConfig): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return new EventStoreDbEventStore(config.eventStoreConnectionString);
  }
  const store = new PostgresEventStore(config.databaseUrl);
  await store.ensureSchema();
  return store;
}
