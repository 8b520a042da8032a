import type { PlayQuidEvent, StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange } from './apply-range';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog, callbackReceived } from './testing/events';
import { historyOf, historySteps, STEP_KINDS } from './testing/generated-history';
import { diffReadModels } from './verify';

/**
 * A rebuild erases callbacks' technical data by key among the rows it wrote (not by a walk of every
 * older row, see StoredCallbacks): it must change exactly the rows the live path changed, whatever
 * the page size, with retention runs whose cut-offs go back and forth, closures, and callbacks that
 * arrive after a run with a time older than its cut-off (those stay until a later run).
 */
let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let live: Kysely<DB>;
let replayed: Kysely<DB>;

beforeAll(async () => {
  ctx = await migratedTestDatabase('rebuildretention');
  for (const schema of ['live', 'replayed']) await sql`create schema ${sql.id(schema)}`.execute(ctx.db);
  live = createReadDb({ connectionString: ctx.database.url, schema: 'live', max: 2 });
  replayed = createReadDb({ connectionString: ctx.database.url, schema: 'replayed', max: 2 });
  await migrateToLatest(live, 'live');
  await migrateToLatest(replayed, 'replayed');
});
afterAll(async () => {
  await live?.destroy();
  await replayed?.destroy();
  await ctx?.close();
});

async function* pages(log: StoredEventMessage[], size: number) {
  for (let i = 0; i < log.length; i += size) yield log.slice(i, i + size);
}

const retention = (before: string, n: number): PlayQuidEvent => ({
  type: 'PersonalDataRetentionApplied',
  data: { day: `2026-01-01-run-${n}`, technicalBefore: before, shreddedKeys: { technical: 1 }, ranAt: before },
});

/** Late callbacks and runs whose cut-offs are before, between and after them, mixed into a generated history. */
function withLateCallbacks(events: PlayQuidEvent[], picks: number[]): PlayQuidEvent[] {
  const out = [...events];
  picks.forEach((pick, n) => {
    const at = new Date(Date.UTC(2020, 0, 1) + (pick % 50) * 60_000).toISOString();
    const before = new Date(Date.UTC(2020, 0, 1) + ((pick * 7) % 50) * 60_000).toISOString();
    const event = pick % 3 === 0 ? retention(before, n) : callbackReceived(`late-${n}`, `late-tx-${n}`, 'm0', 10, 'PENDING', at);
    out.splice(pick % (out.length + 1), 0, event);
  });
  return out;
}

describe('a rebuild erases what the live path erased', () => {
  const kinds = fc.constantFrom(...STEP_KINDS, 'retention', 'retention', 'callback', 'callback', 'closeAccount');
  it('for any history, page size and late callbacks', async () => {
    await fc.assert(
      fc.asyncProperty(
        historySteps({ members: 4, maxLength: 80 }).chain((steps) =>
          fc.tuple(fc.constant(steps), fc.array(kinds, { minLength: steps.length, maxLength: steps.length })),
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        async ([steps, stepKinds], late, pageSize) => {
          const events = withLateCallbacks(historyOf(steps.map((s, i) => ({ ...s, kind: stepKinds[i] }))), late);
          const log = asLog(events);
          if (log.length === 0) return;
          for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await live.deleteFrom(table).execute();
          await live.deleteFrom('projection_checkpoints').execute();
          for (const message of log) await applyRange(live, ALL_PROJECTIONS, [message]);
          await rebuildProjections(replayed, ALL_PROJECTIONS, pages(log, pageSize));
          expect(await diffReadModels(ctx.db, 'live', 'replayed')).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);

  it('erases by key in a rebuild, and the rows are those the live path erased (a late callback stays)', async () => {
    const events = [
      callbackReceived('cb-1', 'tx-1', 'm0', 10, 'PENDING', '2020-01-01T00:10:00.000Z'),
      callbackReceived('cb-2', 'tx-2', 'm0', 10, 'PENDING', '2020-01-01T00:30:00.000Z'),
      retention('2020-01-01T00:20:00.000Z', 1),
      callbackReceived('cb-late', 'tx-3', 'm0', 10, 'PENDING', '2020-01-01T00:05:00.000Z'),
      retention('2020-01-01T00:15:00.000Z', 2),
      callbackReceived('cb-late-2', 'tx-4', 'm0', 10, 'PENDING', '2020-01-01T00:01:00.000Z'),
    ];
    const log = asLog(events);
    for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await live.deleteFrom(table).execute();
    await live.deleteFrom('projection_checkpoints').execute();
    for (const message of log) await applyRange(live, ALL_PROJECTIONS, [message]);
    await rebuildProjections(replayed, ALL_PROJECTIONS, pages(log, 1));
    expect(await diffReadModels(ctx.db, 'live', 'replayed')).toEqual([]);
    const ips = await replayed.selectFrom('callbacks').select(['id', 'source_ip']).orderBy('id').execute();
    expect(ips).toEqual([
      { id: 'cb-1', source_ip: '[erased]' },
      { id: 'cb-2', source_ip: '10.1.2.3' },
      { id: 'cb-late', source_ip: '[erased]' },
      { id: 'cb-late-2', source_ip: '10.1.2.3' },
    ]);
  });
});
