import type { StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomes } from './testing/outcomes';
import { applyRange, OutOfOrderError } from './apply-range';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS, projectionByName } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog, sampleHistory } from './testing/events';
import { allRows } from './testing/spec';
import { sessionsWaitingOnLocks, transactionsOpenedFor } from './testing/lock-waits';
import { pausedLog } from './testing/paused-log';
import { diffReadModels } from './verify';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let scratch: Kysely<DB>;
const log = asLog(sampleHistory());
/** The log as the rebuild reads it: in pages (one page unless a size is given). */
async function* stream(messages: StoredEventMessage[] = log, pageSize = messages.length) {
  for (let i = 0; i < messages.length; i += pageSize) yield messages.slice(i, i + pageSize);
}

beforeAll(async () => {
  ctx = await migratedTestDatabase('rebuild');
  for (const message of log) await applyRange(ctx.db, ALL_PROJECTIONS, [message]);
  await sql`create schema scratch`.execute(ctx.db);
  scratch = createReadDb({ connectionString: ctx.database.url, schema: 'scratch', max: 2 });
  await migrateToLatest(scratch, 'scratch');
});
afterAll(async () => {
  await scratch?.destroy();
  await ctx?.close();
});

const checkpointOf = async (db: Kysely<DB>, projection: string) => {
  const row = await db.selectFrom('projection_checkpoints').selectAll().where('projection', '=', projection).executeTakeFirstOrThrow();
  return `${row.commit_position}/${row.prepare_position}`;
};

describe('replay equals live', () => {
  it('a rebuild from the log into a scratch schema matches the live tables exactly', async () => {
    expect(await rebuildProjections(scratch, ALL_PROJECTIONS, stream())).toBe(log.length);
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    for (const p of ALL_PROJECTIONS) expect(await checkpointOf(scratch, p.name)).toBe(log.at(-1)!.position);
  });

  it('replays to the same tables whatever the page size', async () => {
    for (const pageSize of [1, 4, 7]) {
      expect(await rebuildProjections(scratch, ALL_PROJECTIONS, stream(log, pageSize))).toBe(log.length);
      expect(await diffReadModels(ctx.db, 'public', 'scratch'), `pages of ${pageSize}`).toEqual([]);
    }
  });

  it('reports changed, missing and extra rows, and a new rebuild puts them right', async () => {
    await scratch.updateTable('balances').set({ available_pence: 999_999 }).where('uid', '=', 'ana').execute();
    await scratch.deleteFrom('earnings').where('id', '=', 'e-2').execute();
    await scratch.updateTable('users').set({ uid: 'zed' }).where('uid', '=', 'ben').execute();
    const differences = await diffReadModels(ctx.db, 'public', 'scratch');
    expect(differences.map(({ table, key, kind, columns }) => ({ table, key, kind, columns }))).toEqual([
      { table: 'users', key: 'ben', kind: 'extra', columns: undefined },
      { table: 'users', key: 'zed', kind: 'missing', columns: undefined },
      { table: 'balances', key: 'ana', kind: 'changed', columns: ['available_pence'] },
      { table: 'earnings', key: 'e-2', kind: 'extra', columns: undefined },
    ]);
    expect(differences[2]).toMatchObject({ live: { available_pence: 200 }, rebuilt: { available_pence: 999_999 } });

    await rebuildProjections(scratch, ALL_PROJECTIONS, stream());
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
  });

  it('rebuilding one projection in place restores it and leaves the checkpoint at the last event', async () => {
    await ctx.db.deleteFrom('earnings').execute();
    const progress: number[] = [];
    await rebuildProjections(ctx.db, [projectionByName('wallet')!], stream(), { onProgress: (n) => progress.push(n) });
    expect(progress).toEqual([log.length]);
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    expect(await checkpointOf(ctx.db, 'wallet')).toBe(log.at(-1)!.position);
    // A late redelivery of any event after the rebuild changes nothing.
    expect(await applyRange(ctx.db, ALL_PROJECTIONS, [log[6]])).toEqual(outcomes('skipped'));
  });

  it('a log with a gap fails the rebuild and leaves the read model as it was', async () => {
    const before = await allRows(ctx.db, ALL_PROJECTIONS);
    await expect(rebuildProjections(ctx.db, ALL_PROJECTIONS, stream([...log.slice(0, 4), ...log.slice(5)]))).rejects.toBeInstanceOf(
      OutOfOrderError,
    );
    expect(await allRows(ctx.db, ALL_PROJECTIONS)).toEqual(before);
    expect(await checkpointOf(ctx.db, 'users')).toBe(log.at(-1)!.position);
  });
});

describe('a rebuild while the live worker runs', () => {
  it('the worker waits on the checkpoint locks, then skips what the rebuild applied and applies what is new', async () => {
    const next = asLog([{ type: 'UserSignedIn', data: { uid: 'ana', signedInAt: '2026-11-22T11:00:00.000Z' } }], { after: log.length })[0];
    const { pages: slowLog, paused, resume } = pausedLog(log, 3);
    const rebuilding = rebuildProjections(ctx.db, ALL_PROJECTIONS, slowLog);
    await paused; // the rebuild holds the checkpoint locks and has emptied the tables

    const settled: string[] = [];
    // The worker and the observer have connections of their own (the rebuild holds one of ctx.db's).
    const worker = createReadDb({ connectionString: ctx.database.url, max: 8 });
    const observer = createReadDb({ connectionString: ctx.database.url, max: 1 });
    const redelivered = applyRange(worker, ALL_PROJECTIONS, [log[4]]).finally(() => settled.push('redelivered'));
    const newer = applyRange(worker, ALL_PROJECTIONS, [next]).finally(() => settled.push('newer'));
    // Both wait on the checkpoint locks: every transaction they open is seen waiting, and none has finished.
    await expect.poll(() => sessionsWaitingOnLocks(observer)).toBeGreaterThanOrEqual(transactionsOpenedFor([[log[4]], [next]]));
    expect(settled).toEqual([]);

    resume();
    expect(await rebuilding).toBe(log.length);
    expect(await redelivered).toEqual(outcomes('skipped'));
    expect(await newer).toEqual(outcomes('not-handled', { users: 'applied' }));
    await Promise.all([worker.destroy(), observer.destroy()]);

    await rebuildProjections(scratch, ALL_PROJECTIONS, stream([...log, next]));
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    const ana = await ctx.db.selectFrom('users').select('last_login').where('uid', '=', 'ana').executeTakeFirstOrThrow();
    expect(ana.last_login).toEqual(new Date('2026-11-22T11:00:00.000Z'));
  });
});
