import type { StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange, OutOfOrderError } from './apply-range';
import type { Projection } from './projection';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS, projectionByName } from './registry';
import { rebuildProjectionsBySwap } from './swap-rebuild';
import { migratedTestDatabase } from './testing/database';
import { asLog, sampleHistory } from './testing/events';
import { outcomes } from './testing/outcomes';
import { allRows } from './testing/spec';
import { sessionsWaitingOnLocks, transactionsOpenedFor } from './testing/lock-waits';
import { pausedLog } from './testing/paused-log';
import { diffReadModels } from './verify';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let scratch: Kysely<DB>;
const log = asLog(sampleHistory());
async function* stream(messages: StoredEventMessage[] = log, pageSize = messages.length) {
  for (let i = 0; i < messages.length; i += pageSize) yield messages.slice(i, i + pageSize);
}

beforeAll(async () => {
  ctx = await migratedTestDatabase('swaprebuild');
  for (const message of log) await applyRange(ctx.db, ALL_PROJECTIONS, [message]);
  await sql`create schema scratch`.execute(ctx.db);
  scratch = createReadDb({ connectionString: ctx.database.url, schema: 'scratch', max: 2 });
  await migrateToLatest(scratch, 'scratch');
  await rebuildProjections(scratch, ALL_PROJECTIONS, stream());
});
afterAll(async () => {
  await scratch?.destroy();
  await ctx?.close();
});

/**
 * What the migrations made of the public schema, without object ids: tables and their options,
 * owners and grants, columns, constraints, indexes, triggers, views and what each view reads.
 */
async function catalog(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select format('table %s %s %s %s %s', c.relname, c.relkind, c.relpersistence, c.relacl, c.reloptions) || ' owner ' || c.relowner::regrole as line
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'S')
    union all
    select format('column %s.%s %s %s %s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid), a.attstorage)
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v') and a.attnum > 0 and not a.attisdropped
    union all
    select format('column order %s %s', c.relname, string_agg(a.attname, ',' order by a.attnum))
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v') and a.attnum > 0 and not a.attisdropped group by c.relname
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
    union all
    select format('view %s %s', c.relname, pg_get_viewdef(c.oid)) from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'v'
    union all
    select distinct format('view %s reads %s.%s', v.relname, t.relnamespace::regnamespace, t.relname)
      from pg_depend d join pg_rewrite r on r.oid = d.objid join pg_class v on v.oid = r.ev_class join pg_class t on t.oid = d.refobjid
      where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and v.oid <> t.oid and v.relnamespace = 'public'::regnamespace
    union all
    select 'schema ' || nspname from pg_namespace where nspname like 'playquid_rebuild%'
    order by 1`.execute(db);
  return rows.map((r) => r.line);
}

const checkpoints = async () =>
  (await ctx.db.selectFrom('projection_checkpoints').selectAll().orderBy('projection').execute()).map(
    (r) => `${r.projection} ${r.commit_position}/${r.prepare_position}`,
  );

describe('rebuild by swap', () => {
  it('replays into fresh tables and swaps them in: rows equal live, the schema as the migrations left it, the checkpoints at the last event', async () => {
    const before = await catalog(ctx.db);
    await ctx.db.updateTable('balances').set({ available_pence: 999_999 }).where('uid', '=', 'ana').execute();
    const progress: number[] = [];
    expect(
      await rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, stream(log, 5), { connections: 3, onProgress: (n) => progress.push(n) }),
    ).toBe(log.length);
    expect(progress.at(-1)).toBe(log.length);
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    expect(await catalog(ctx.db)).toEqual(before);
    expect(await checkpoints()).toEqual(ALL_PROJECTIONS.map((p) => `${p.name} ${log.at(-1)!.position}`).sort());
    // The view over callbacks reads the new table, and a late redelivery changes nothing.
    await expect(sql`select count(*) from callback_log`.execute(ctx.db)).resolves.toBeDefined();
    expect(await applyRange(ctx.db, ALL_PROJECTIONS, [log[6]])).toEqual(outcomes('skipped'));
  });

  it('gives the same tables whatever the page size and the number of connections', async () => {
    for (const [pageSize, connections] of [
      [1, 1],
      [4, 2],
      [7, 3],
    ]) {
      await rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, stream(log, pageSize), { connections });
      expect(await diffReadModels(ctx.db, 'public', 'scratch'), `pages of ${pageSize} on ${connections}`).toEqual([]);
    }
  });

  it('tells the API every member row changed, once the swap commits', async () => {
    const listener = new pg.Client({ connectionString: ctx.database.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(`${n.channel} ${n.payload}`));
      await listener.query('listen playquid_member_rows');
      await rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, stream(), { connections: 2 });
      await expect.poll(() => heard).toContain('playquid_member_rows *');
    } finally {
      await listener.end();
    }
  });

  it('a rebuild that fails midway leaves the live tables, their schema and the checkpoints untouched', async () => {
    const rows = await allRows(ctx.db, ALL_PROJECTIONS);
    const schema = await catalog(ctx.db);
    const marks = await checkpoints();
    const unchanged = async () => {
      expect(await allRows(ctx.db, ALL_PROJECTIONS)).toEqual(rows);
      expect(await catalog(ctx.db)).toEqual(schema);
      expect(await checkpoints()).toEqual(marks);
    };
    // A gap in the log, halfway.
    const half = Math.floor(log.length / 2);
    await expect(
      rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, stream([...log.slice(0, half), ...log.slice(half + 1)], 3), { connections: 3 }),
    ).rejects.toBeInstanceOf(OutOfOrderError);
    await unchanged();
    // A projection that fails on its third page.
    const users = projectionByName('users')!;
    let calls = 0;
    const failing: Projection = {
      ...users,
      apply: async (trx, events) => {
        if (++calls === 3) throw new Error('projection failed');
        return users.apply(trx, events);
      },
    };
    await expect(
      rebuildProjectionsBySwap(ctx.db, [failing, ...ALL_PROJECTIONS.filter((p) => p !== users)], stream(log, 3), { connections: 3 }),
    ).rejects.toThrow('projection failed');
    await unchanged();
    // Everything filled, the indexes built, then a failure just before the swap.
    await expect(
      rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, stream(), {
        connections: 3,
        beforeSwap: () => Promise.reject(new Error('died before the swap')),
      }),
    ).rejects.toThrow('died before the swap');
    await unchanged();
  });

  it('rebuilds one projection alone and leaves the others and their checkpoints as they were', async () => {
    const others = ALL_PROJECTIONS.filter((p) => p.name !== 'wallet');
    const rows = await allRows(ctx.db, others);
    await ctx.db.deleteFrom('earnings').execute();
    await rebuildProjectionsBySwap(ctx.db, [projectionByName('wallet')!], stream(), { connections: 2 });
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    expect(await allRows(ctx.db, others)).toEqual(rows);
  });
});

describe('a rebuild by swap while the live worker runs', () => {
  it('the worker waits on the checkpoint locks, then skips what the rebuild applied and applies what is new', async () => {
    const next = asLog([{ type: 'UserSignedIn', data: { uid: 'ana', signedInAt: '2026-11-22T11:00:00.000Z' } }], { after: log.length })[0];
    const { pages: slowLog, paused, resume } = pausedLog(log, 3);
    // The worker and the API need connections of their own (the rebuild holds all of ctx.db's).
    const worker = createReadDb({ connectionString: ctx.database.url, max: 8 });
    const api = createReadDb({ connectionString: ctx.database.url, max: 1 });
    try {
      const rebuilding = rebuildProjectionsBySwap(ctx.db, ALL_PROJECTIONS, slowLog, { connections: 3 });
      await paused;
      const settled: string[] = [];
      const redelivered = applyRange(worker, ALL_PROJECTIONS, [log[4]]).finally(() => settled.push('redelivered'));
      const newer = applyRange(worker, ALL_PROJECTIONS, [next]).finally(() => settled.push('newer'));
      // The worker's transactions wait on the checkpoint locks; meanwhile the API reads the old rows.
      await expect.poll(() => sessionsWaitingOnLocks(api)).toBeGreaterThanOrEqual(transactionsOpenedFor([[log[4]], [next]]));
      expect(await api.selectFrom('users').select('uid').where('uid', '=', 'ana').executeTakeFirst()).toBeDefined();
      expect(settled).toEqual([]);

      resume();
      expect(await rebuilding).toBe(log.length);
      expect(await redelivered).toEqual(outcomes('skipped'));
      expect(await newer).toEqual(outcomes('not-handled', { users: 'applied' }));
    } finally {
      await Promise.all([worker.destroy(), api.destroy()]);
    }
    await rebuildProjections(scratch, ALL_PROJECTIONS, stream([...log, next]));
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
  });
});
