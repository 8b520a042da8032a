import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

export interface EventStoreConfig {
  databaseUrl: string;
  eventStoreConnectionString?: string;
}

/**
 * EventStoreDB when its connection string is configured, else the Postgres store, whose `events`
 * table the read-db migrations create (`migrate` runs before anything opens a store).
 */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return new EventStoreDbEventStore(config.eventStoreConnectionString);
  }
  return new PostgresEventStore(config.databaseUrl);
}
