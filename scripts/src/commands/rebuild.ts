import { ALL_PROJECTIONS, diffReadModels, projectionByName, rebuildProjections } from '@playquid/projections';
import { createReadDb, migrateToLatest } from '@playquid/read-db';
import { createEventStore } from '@playquid/server';
import { SingleBar } from 'cli-progress';
import { sql } from 'kysely';
import { env } from '../env';
import { allEvents } from './event-source';

function selectProjections(name: string) {
  if (name === 'all') return ALL_PROJECTIONS;
  const projection = projectionByName(name);
  if (!projection) throw new Error(`Unknown projection "${name}". Known: all, ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
  return [projection];
}

async function withStoreAndDb<T>(schema: string | undefined, run: (deps: { store: Awaited<ReturnType<typeof createEventStore>>; db: ReturnType<typeof createReadDb> }) => Promise<T>) {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, schema, max: 2 });
  try {
    return await run({ store, db });
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}

/** Replays the log from position 0 into the live tables of one projection or all of them. */
export async function rebuild(name: string): Promise<number> {
  const projections = selectProjections(name);
  return withStoreAndDb(undefined, async ({ store, db }) => {
    const bar = new SingleBar({ format: 'rebuild {bar} {value} events', hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 });
    bar.start(0, 0);
    try {
      const count = await rebuildProjections(db, projections, allEvents(store), {
        onProgress: (n: number) => {
          bar.setTotal(n);
          bar.update(n);
        },
      });
      return count;
    } finally {
      bar.stop();
    }
  });
}

/**
 * Rebuilds every projection into a scratch schema and compares it with the live tables.
 * Returns the differences; the CLI exits non-zero when there are any.
 */
export async function verify(): Promise<string[]> {
  const scratch = `verify_${Date.now()}`;
  return withStoreAndDb(undefined, async ({ store, db }) => {
    await sql`create schema ${sql.id(scratch)}`.execute(db);
    const scratchDb = createReadDb({ connectionString: env.databaseUrl, schema: scratch, max: 2 });
    try {
      await migrateToLatest(scratchDb, scratch);
      await rebuildProjections(scratchDb, ALL_PROJECTIONS, allEvents(store), {});
      const differences = await diffReadModels(db, 'public', scratch);
      return differences.map((d) => (typeof d === 'string' ? d : JSON.stringify(d)));
    } finally {
      await scratchDb.destroy();
      await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
    }
  });
}
