import { parsePosition } from '@playquid/contracts';
import {
  ALL_PROJECTIONS,
  diffReadModels,
  type Projection,
  projectionByName,
  rebuildProjections,
  rebuildProjectionsBySwap,
} from '@playquid/projections';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { checkWalletSnapshots, createEventStore, type EventStore } from '@playquid/server';
import { SingleBar } from 'cli-progress';
import { type Kysely, sql } from 'kysely';
import { env } from '../env';
import { logPages, REBUILD_PAGE_SIZE } from './event-source';

function selectProjections(name: string) {
  if (name === 'all') return ALL_PROJECTIONS;
  const projection = projectionByName(name);
  if (!projection) throw new Error(`Unknown projection "${name}". Known: all, ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
  return [projection];
}

async function withStoreAndDb<T>(run: (deps: { store: EventStore; db: Kysely<DB> }) => Promise<T>, connections = 2) {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, max: connections });
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
  { deferIndexes = false, inPlace = true }: { deferIndexes?: boolean; inPlace?: boolean } = {},
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
  const onProgress = (applied: number, position: string) => {
    const seconds = Math.max((Date.now() - started) / 1_000, 0.001);
    bar.update(Math.min(Number(parsePosition(position).prepare), total), { events: applied, rate: Math.round(applied / seconds) });
  };
  try {
    if (inPlace) return await rebuildProjections(db, projections, logPages(store, { head }), { deferIndexes, onProgress });
    // Every projection on a connection of its own; the pool holds one more for the swap (see withStoreAndDb).
    return await rebuildProjectionsBySwap(db, projections, logPages(store, { head, pageSize: REBUILD_PAGE_SIZE }), {
      connections: projections.length,
      onProgress,
    });
  } finally {
    bar.stop();
  }
}

/**
 * Replays the log from position 0 into one projection's tables or all of them. By default into
 * fresh copies of the tables, one connection per projection, swapped into place at the end
 * (rebuildProjectionsBySwap: the API reads the old rows until then, a failed rebuild leaves them as
 * they were). `inPlace`: the earlier path, the live tables emptied and refilled in one transaction on
 * one connection; with `deferIndexes` as well, their secondary indexes dropped and built again at
 * the end of it (the API's reads of those tables wait until the rebuild commits).
 */
export async function rebuild(
  name: string,
  { deferIndexes = false, inPlace = deferIndexes }: { deferIndexes?: boolean; inPlace?: boolean } = {},
): Promise<number> {
  const projections = selectProjections(name);
  return withStoreAndDb(
    ({ store, db }) => replay('rebuild', store, db, projections, { deferIndexes, inPlace }),
    inPlace ? 2 : projections.length + 1,
  );
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
