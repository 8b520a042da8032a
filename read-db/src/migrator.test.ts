import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadDb } from './db';
import { migrateAllDown, migrateDown, migrateToLatest } from './migrator';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;

beforeAll(async () => {
  database = await createTestDatabase('migrations');
  db = createReadDb({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const tables = async () =>
  (
    await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db)
  ).rows.map((r) => r.table_name);

describe('read-model migrations', () => {
  it('go up, all the way down, and up again', async () => {
    await migrateToLatest(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'offer_starts', 'offers', 'payouts', 'projection_checkpoints', 'statement_entries', 'users']);
    await migrateAllDown(db);
    expect(await tables()).toEqual([]);
    await migrateToLatest(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'offer_starts', 'offers', 'payouts', 'projection_checkpoints', 'statement_entries', 'users']);
  });

  it('step down one migration at a time (offers, statement entries, then payouts)', async () => {
    await migrateToLatest(db);
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'payouts', 'projection_checkpoints', 'statement_entries', 'users']);
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'payouts', 'projection_checkpoints', 'users']);
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'projection_checkpoints', 'users']);
    await migrateToLatest(db);
  });

  it('return bigint pence as numbers', async () => {
    await migrateToLatest(db);
    await db
      .insertInto('balances')
      .values({ uid: 'u1', available_pence: 123, pending_pence: 0, total_earned_pence: 123, total_transactions: 1, pending_transactions: 0, completed_offers: 1, updated_at: new Date() })
      .execute();
    const row = await db.selectFrom('balances').selectAll().executeTakeFirstOrThrow();
    expect(row.available_pence).toBe(123);
  });
});
