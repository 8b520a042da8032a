import { parsePosition } from '@playquid/contracts';
import { ALL_PROJECTIONS, diffReadModels, type Projection, projectionByName, rebuildProjections } from '@playquid/projections';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { checkWalletSnapshots, createEventStore, type EventStore } from '@playquid/server';
import { SingleBar } from 'cli-progress';
import { type Kysely, sql } from 'kysely';
import { env } from '../env';
import { logPages } from './event-source';

function selectProjections(name: string) {
  if (name === 'all') return ALL_PROJECTIONS;
  const projection = projectionByName(name);
  if (!projection) throw new Error(`Unknown projection "${name}". Known: all, ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
  return [projection];
}

async function withStoreAndDb<T>(run: (deps: { store: EventStore; db: Kysely<DB> }) => Promise<T>) {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, max: 2 });
  try {
    return await run({ store, db });
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}

/**
 * Replays the whole log into `db` with a progress bar on stderr (how far into the log, events and
 * events per second), shown only when stderr is a terminal. Progress is measured by position: the
 * prepare part grows with the log in both adapters (a sequence number, a byte offset).
 */
async function replay(
  label: string,
  store: EventStore,
  db: Kysely<DB>,
  projections: readonly Projection[],
  { deferIndexes = false }: { deferIndexes?: boolean } = {},
): Promise<number> {
  const head = await store.readHead();
  const total = Number(head.prepare);
  const bar = new SingleBar({
    format: `${label} {bar} {percentage}% | {events} events | {rate} events/s`,
    hideCursor: true,
    stream: process.stderr,
  });
  const started = Date.now();
  bar.start(total, 0, { events: 0, rate: 0 });
  try {
    return await rebuildProjections(db, projections, logPages(store, { head }), {
      deferIndexes,
      onProgress: (applied, position) => {
        const seconds = Math.max((Date.now() - started) / 1_000, 0.001);
        bar.update(Math.min(Number(parsePosition(position).prepare), total), { events: applied, rate: Math.round(applied / seconds) });
      },
    });
  } finally {
    bar.stop();
  }
}

/**
 * Replays the log from position 0 into the live tables of one projection or all of them. With
 * `deferIndexes` the tables' secondary indexes are dropped and built again at the end (in the same
 * transaction); the API's reads of those tables wait until the rebuild commits. Not shown faster
 * in the one measurement at L so far (issue 19).
 */
export async function rebuild(name: string, { deferIndexes = false }: { deferIndexes?: boolean } = {}): Promise<number> {
  const projections = selectProjections(name);
  return withStoreAndDb(({ store, db }) => replay('rebuild', store, db, projections, { deferIndexes }));
}

/**
 * Rebuilds every projection into a scratch schema and compares it with the live tables, set-based
 * (only differing rows leave the database), then folds each member's wallet stream again up to
 * every wallet snapshot (a cache) and reports any that differs. Returns the differences; the CLI
 * exits non-zero when there are any.
 */
export async function verify(): Promise<string[]> {
  const scratch = `verify_${Date.now()}`;
  return withStoreAndDb(async ({ store, db }) => {
    await sql`create schema ${sql.id(scratch)}`.execute(db);
    const scratchDb = createReadDb({ connectionString: env.databaseUrl, schema: scratch, max: 2 });
    try {
      await migrateToLatest(scratchDb, scratch);
      await replay('verify', store, scratchDb, ALL_PROJECTIONS);
      const differences = await diffReadModels(db, 'public', scratch);
      return [...differences.map((d) => JSON.stringify(d)), ...(await checkWalletSnapshots(db, store))];
    } finally {
      await scratchDb.destroy();
      await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
    }
  });
}
