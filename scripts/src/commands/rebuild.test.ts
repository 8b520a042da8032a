import { streams } from '@playquid/contracts';
import { ALL_PROJECTIONS, applyRange } from '@playquid/projections';
import { createReadDb, createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { createEventStore, handleCommand } from '@playquid/server';
import { userDecider, walletDecider } from '@playquid/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPages } from './event-source';
import { migrate } from './migrate';
import { rebuild, verify } from './rebuild';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;

beforeAll(async () => {
  database = await createTestDatabase('cli');
  process.env.DATABASE_URL = database.url;
  await migrate();
  db = createReadDb({ connectionString: database.url, max: 2 });

  // A member registers and gets the bonus; the live pipeline is simulated by applying the log in order.
  const store = await createEventStore({ databaseUrl: database.url });
  const now = '2026-11-22T10:00:00.000Z';
  for (const uid of ['ana', 'ben']) {
    await handleCommand(store, streams.user(uid), userDecider, {
      type: 'RegisterUser',
      uid,
      email: `${uid}@example.com`,
      username: uid,
      gender: null,
      referredBy: null,
      emailVerified: true,
      now,
    });
    await handleCommand(store, streams.wallet(uid), walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: `bonus-${uid}`, now });
  }
  for await (const page of logPages(store)) await applyRange(db, ALL_PROJECTIONS, page);
  await store.close();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('verify and rebuild commands', () => {
  it('verify finds the live read model equal to a replay of the log', async () => {
    expect(await verify()).toEqual([]);
  });

  it('verify reports a read-model row changed behind the projections back', async () => {
    await db.updateTable('balances').set({ available_pence: 5_000 }).where('uid', '=', 'ana').execute();
    const differences = await verify();
    expect(differences).toHaveLength(1);
    expect(JSON.parse(differences[0])).toMatchObject({ table: 'balances', key: 'ana', kind: 'changed' });
  });

  const indexes = async () =>
    (await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(db)).rows;

  it('rebuild all restores the read model from the log into fresh tables swapped in, every index and no shadow schema left', async () => {
    const before = await indexes();
    expect(await rebuild('all')).toBe(4);
    expect(await verify()).toEqual([]);
    const row = await db.selectFrom('balances').select('available_pence').where('uid', '=', 'ana').executeTakeFirstOrThrow();
    expect(row.available_pence).toBe(200);
    expect(await indexes()).toEqual(before);
    const schemas = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 'playquid_rebuild%'`.execute(db);
    expect(schemas.rows).toEqual([]);
  });

  it('rebuild all --in-place restores the read model', async () => {
    await db.updateTable('balances').set({ available_pence: 5_000 }).where('uid', '=', 'ana').execute();
    expect(await rebuild('all', { inPlace: true })).toBe(4);
    expect(await verify()).toEqual([]);
  });

  it('rebuild all --defer-indexes restores the read model and leaves every index in place', async () => {
    const before = await indexes();
    await db.updateTable('balances').set({ available_pence: 5_000 }).where('uid', '=', 'ben').execute();
    expect(await rebuild('all', { deferIndexes: true })).toBe(4);
    expect(await verify()).toEqual([]);
    expect(await indexes()).toEqual(before);
  });

  it('rebuild refuses an unknown projection by name', async () => {
    await expect(rebuild('nope')).rejects.toThrow('Unknown projection "nope". Known: all, users, wallet, callbacks');
  });
});
