import type { StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange, OutOfOrderError } from './apply-range';
import { INDEXES_PROJECTIONS_READ_BY } from './deferred-indexes';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog, sampleHistory } from './testing/events';
import { allRows } from './testing/spec';
import { diffReadModels } from './verify';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let scratch: Kysely<DB>;
const log = asLog(sampleHistory());
async function* stream(messages: StoredEventMessage[] = log, pageSize = 5) {
  for (let i = 0; i < messages.length; i += pageSize) yield messages.slice(i, i + pageSize);
}

/** Every index of the scratch schema's tables: name, definition and oid (a new oid: dropped and built again). */
const indexesOf = async (db: Kysely<DB>) =>
  (
    await sql<{ name: string; definition: string; oid: number }>`
      select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indexrelid::int as oid
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where i.relnamespace = 'scratch'::regnamespace order by i.relname`.execute(db)
  ).rows;

beforeAll(async () => {
  ctx = await migratedTestDatabase('deferidx');
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

describe('a rebuild with deferred indexes', () => {
  it('keeps an index by every name the projections read by (a renamed one would fail here)', async () => {
    const names = (await indexesOf(scratch)).map((i) => i.name);
    for (const name of INDEXES_PROJECTIONS_READ_BY) expect(names).toContain(name);
  });

  it('equals the live tables and ends with the same indexes, the secondary ones built again', async () => {
    const before = await indexesOf(scratch);
    expect(await rebuildProjections(scratch, ALL_PROJECTIONS, stream(), { deferIndexes: true })).toBe(log.length);
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
    const after = await indexesOf(scratch);
    expect(after.map(({ name, definition }) => ({ name, definition }))).toEqual(
      before.map(({ name, definition }) => ({ name, definition })),
    );
    const oid = (list: typeof before, name: string) => list.find((i) => i.name === name)!.oid;
    // A trigram and a sort index were dropped and built again; primary keys, unique ones and those the projections read by stayed.
    for (const name of ['callbacks_user_trgm_idx', 'users_created_uid_idx', 'earnings_created_idx'])
      expect(oid(after, name), name).not.toBe(oid(before, name));
    for (const name of ['callbacks_pkey', 'users_email_lower_key', 'statement_entries_uid_revision_key', ...INDEXES_PROJECTIONS_READ_BY])
      expect(oid(after, name), name).toBe(oid(before, name));
  });

  it('a rebuild that fails midway leaves every row and every index as it was', async () => {
    const rows = await allRows(scratch, ALL_PROJECTIONS);
    const before = await indexesOf(scratch);
    await expect(
      rebuildProjections(scratch, ALL_PROJECTIONS, stream([...log.slice(0, 12), ...log.slice(13)]), { deferIndexes: true }),
    ).rejects.toBeInstanceOf(OutOfOrderError);
    expect(await indexesOf(scratch)).toEqual(before);
    expect(await allRows(scratch, ALL_PROJECTIONS)).toEqual(rows);
  });

  it('reads of the rebuilt tables wait until it commits', async () => {
    let reachedPause!: () => void;
    let resume!: () => void;
    const paused = new Promise<void>((r) => (reachedPause = r));
    const gate = new Promise<void>((r) => (resume = r));
    async function* slowLog() {
      for (const [i, page] of [log.slice(0, 10), log.slice(10)].entries()) {
        if (i === 1) {
          reachedPause();
          await gate;
        }
        yield page;
      }
    }
    const rebuilding = rebuildProjections(scratch, ALL_PROJECTIONS, slowLog(), { deferIndexes: true });
    await paused;
    const read = ctx.db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '200ms'`.execute(trx);
      return sql`select count(*) from scratch.callbacks`.execute(trx);
    });
    await expect(read).rejects.toMatchObject({ code: '55P03' });
    resume();
    expect(await rebuilding).toBe(log.length);
    expect(await diffReadModels(ctx.db, 'public', 'scratch')).toEqual([]);
  });
});
