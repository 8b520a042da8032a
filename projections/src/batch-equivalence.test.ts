import type { StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange } from './apply-range';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog } from './testing/events';
import { historyOf, historySteps, seededSteps } from './testing/generated-history';
import { diffReadModels } from './verify';

/**
 * Batching is invisible: a history applied in ranges of any size, each range to every projection
 * at once and set-based, gives exactly the tables of the same history applied one event at a time.
 */
let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let oneByOne: Kysely<DB>;
let batched: Kysely<DB>;

async function schema(name: string): Promise<Kysely<DB>> {
  await sql`create schema ${sql.id(name)}`.execute(ctx.db);
  const db = createReadDb({ connectionString: ctx.database.url, schema: name, max: ALL_PROJECTIONS.length });
  await migrateToLatest(db, name);
  return db;
}

beforeAll(async () => {
  ctx = await migratedTestDatabase('batches');
  oneByOne = await schema('one_by_one');
  batched = await schema('batched');
});
afterAll(async () => {
  await oneByOne?.destroy();
  await batched?.destroy();
  await ctx?.close();
});

async function empty(db: Kysely<DB>): Promise<void> {
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await db.deleteFrom(table).execute();
  await db.deleteFrom('projection_checkpoints').execute();
}

/** The log cut before each of the given indexes: contiguous ranges covering it exactly once. */
function cut(log: StoredEventMessage[], cuts: number[]): StoredEventMessage[][] {
  const edges = [...new Set(cuts.map((c) => c % log.length).filter((c) => c > 0))].sort((a, b) => a - b);
  return [0, ...edges].map((start, i) => log.slice(start, edges[i] ?? log.length));
}

describe('a batch spanning several projections and event types', () => {
  it('comes from histories that hold every event type the projections handle', () => {
    const types = new Set(historyOf(seededSteps(3_000)).map((e) => e.type));
    expect(ALL_PROJECTIONS.flatMap((p) => p.handles).filter((type) => !types.has(type))).toEqual([]);
  });

  it('gives the same tables as applying its events one by one, however the log is cut into ranges', async () => {
    await fc.assert(
      fc.asyncProperty(historySteps(), fc.array(fc.nat(), { maxLength: 6 }), fc.nat(), async (steps, cuts, resent) => {
        const log = asLog(historyOf(steps));
        if (log.length === 0) return;
        await Promise.all([empty(oneByOne), empty(batched)]);

        // One event per batch (a page of one event each, all in one transaction, for speed).
        await rebuildProjections(
          oneByOne,
          ALL_PROJECTIONS,
          (async function* () {
            for (const message of log) yield [message];
          })(),
        );
        // The live path: range after range, each projection in a transaction of its own.
        const ranges = cut(log, cuts);
        for (const range of ranges) await applyRange(batched, ALL_PROJECTIONS, range);
        // A range sent again (a redelivery or a rewound forwarder) changes nothing.
        await applyRange(batched, ALL_PROJECTIONS, ranges[resent % ranges.length]);

        expect(await diffReadModels(ctx.db, 'one_by_one', 'batched')).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
