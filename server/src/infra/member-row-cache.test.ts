import { eventually } from '@playquid/domain/testing';
import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import { MemberRowCache } from './member-row-cache';

let database: TestDatabase;
let db: pg.Pool;
let cache: MemberRowCache;

beforeAll(async () => {
  database = await createTestDatabase('rowcache', { migrated: true });
  db = new pg.Pool({ connectionString: database.url, max: 4 });
  cache = new MemberRowCache({ databaseUrl: database.url } as AppConfig);
  await cache.onApplicationBootstrap();
});
afterAll(async () => {
  await cache?.onApplicationShutdown();
  await db?.end();
  await database?.drop();
});

const availableOf = async (uid: string) => {
  const row = (await db.query<{ available_pence: string }>('select available_pence from balances where uid = $1', [uid])).rows[0];
  return row && Number(row.available_pence);
};

/** A balance read through the cache, counting the database reads it makes. */
function reader(uid: string) {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    read: () =>
      cache.get(uid, 'balance', async () => {
        reads++;
        return availableOf(uid);
      }),
  };
}

const setAvailable = (uid: string, pence: number) =>
  db.query(
    `insert into balances (uid, available_pence, updated_at) values ($1, $2, now())
     on conflict (uid) do update set available_pence = excluded.available_pence, updated_at = now()`,
    [uid, pence],
  );

/** A read made before a change's own notification arrives is, rightly, not kept: let them arrive. */
const notificationsDelivered = () => new Promise((r) => setTimeout(r, 100));

/** Reads through the cache until it gives `expected` (the change's notification is on its way). */
async function readsEventually(read: () => Promise<unknown>, expected: unknown): Promise<void> {
  await eventually(async () => (await read()) === expected, { timeoutMs: 2_000, intervalMs: 10 }).catch(() => undefined);
  expect(await read()).toBe(expected);
}

describe('MemberRowCache', () => {
  it('keeps a row until its table changes it, then reads it again', async () => {
    await setAvailable('member-a', 100);
    await notificationsDelivered();
    const a = reader('member-a');
    expect(await a.read()).toBe(100);
    expect(await a.read()).toBe(100);
    expect(a.reads).toBe(1);

    await setAvailable('member-a', 250);
    await readsEventually(a.read, 250);
    const readsAfterChange = a.reads;
    expect(await a.read()).toBe(250);
    expect(a.reads).toBe(readsAfterChange);
  });

  it("drops only the changed member's rows", async () => {
    await setAvailable('member-b', 1);
    await setAvailable('member-c', 2);
    await notificationsDelivered();
    const b = reader('member-b');
    const c = reader('member-c');
    await b.read();
    await c.read();
    await setAvailable('member-b', 11);
    await readsEventually(b.read, 11);
    expect(await c.read()).toBe(2);
    expect(c.reads).toBe(1);
  });

  it('does not keep a row read while a change to it was committing', async () => {
    await setAvailable('member-d', 5);
    let reads = 0;
    const stale = await cache.get('member-d', 'balance', async () => {
      reads++;
      const before = await availableOf('member-d');
      // The change commits and its notification arrives while this read is still in flight.
      await setAvailable('member-d', 6);
      await new Promise((r) => setTimeout(r, 200));
      return before;
    });
    expect(stale).toBe(5);
    expect(await cache.get('member-d', 'balance', async () => (reads++, availableOf('member-d')))).toBe(6);
    expect(reads).toBe(2);
  });

  it('forgets every member when a table is emptied (a rebuild)', async () => {
    await setAvailable('member-e', 7);
    const e = reader('member-e');
    await e.read();
    await db.query('delete from balances');
    await readsEventually(e.read, undefined);
  });
});
