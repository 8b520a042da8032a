import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadDb } from './db';
import { createMigrator, migrateAllDown, migrateDown, migrateToLatest } from './migrator';
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

/** Tables and views (callback_log) of the latest schema; the event store's `events` table is not one of them. */
const LATEST_TABLES = [
  'balances',
  'blog_views',
  'blogs',
  'callback_counters',
  'callback_log',
  'callback_transactions',
  'callbacks',
  'claims',
  'earnings',
  'log_checkpoints',
  'offer_completions',
  'offer_starts',
  'offers',
  'payouts',
  'personal_data_keys',
  'privacy_requests',
  'projection_checkpoints',
  'statement_entries',
  'unsigned_callback_rejects',
  'user_counters',
  'users',
  'wallet_counters',
  'wallet_snapshots',
];

describe('read-model migrations', () => {
  it('go up, all the way down (keeping the event log), and up again', async () => {
    await migrateToLatest(db);
    expect(await tables()).toEqual(LATEST_TABLES);
    await migrateAllDown(db);
    expect(await tables()).toEqual([]);
    await migrateToLatest(db);
    expect(await tables()).toEqual(LATEST_TABLES);
  });

  it('leave the event store log alone, rows and all, going all the way down and up again', async () => {
    await migrateToLatest(db);
    // The event store's own table (server/src/event-store/postgres-schema.ts), reduced to what this test reads.
    await sql`create table events (sequence bigserial primary key, stream_id text not null)`.execute(db);
    await sql`insert into events (stream_id) values ('user-1')`.execute(db);
    await migrateAllDown(db);
    expect(await tables()).toEqual(['events']);
    await migrateToLatest(db);
    expect((await sql<{ stream_id: string }>`select stream_id from events`.execute(db)).rows).toEqual([{ stream_id: 'user-1' }]);
    await sql`drop table events`.execute(db);
  });

  it('step down one migration at a time (offers, statement entries, then payouts)', async () => {
    await migrateToLatest(db);
    await createMigrator(db).migrateTo('1795600000000-Offers');
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'payouts', 'projection_checkpoints', 'statement_entries', 'users']);
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'payouts', 'projection_checkpoints', 'users']);
    await migrateDown(db);
    expect(await tables()).toEqual(['balances', 'callbacks', 'earnings', 'projection_checkpoints', 'users']);
    await migrateToLatest(db);
  });

  it('keeps the unsigned callback rejects to a fixed ring of rows, and steps down cleanly', async () => {
    await migrateToLatest(db);
    const insert = (n: number) =>
      sql`insert into unsigned_callback_rejects (slot, id, reason, source_ip, raw_query, raw_parameters, created_at)
        values (nextval('unsigned_callback_rejects_slot_seq'), ${`r-${n}`}, 'Invalid hash', '10.0.0.1', '', '{}', now())
        on conflict (slot) do update set id = excluded.id`.execute(db);
    await sql`select setval('unsigned_callback_rejects_slot_seq', 9998)`.execute(db);
    await insert(1); // the last slot, then the sequence cycles to the first one
    await insert(2);
    await insert(3);
    const rows = await sql<{ slot: number; id: string }>`select slot, id from unsigned_callback_rejects order by slot`.execute(db);
    expect(rows.rows).toEqual([
      { slot: 0, id: 'r-2' },
      { slot: 1, id: 'r-3' },
      { slot: 9999, id: 'r-1' },
    ]);
    await createMigrator(db).migrateTo('1795600000000-Offers');
    expect(await tables()).not.toContain('unsigned_callback_rejects');
    await migrateToLatest(db);
    expect(await tables()).toEqual(LATEST_TABLES);
  });

  it('steps the claims table down and up again', async () => {
    await migrateToLatest(db);
    await createMigrator(db).migrateTo('1796100000000-ListIndexes');
    expect(await tables()).not.toContain('claims');
    await migrateToLatest(db);
    expect(await tables()).toEqual(LATEST_TABLES);
  });

  it('count an existing database\'s offer starts into the wallet counters, or have the wallet replayed when the offers projection is behind it', async () => {
    await migrateToLatest(db);
    await createMigrator(db).migrateTo('1796800000001-StatementAsOfIndex');
    const start = (uid: string, offerId: string, apiId: string) =>
      sql`insert into offer_starts (id, uid, offer_id, api_id, offer_title, first_started_at, last_started_at, start_count)
        values (${`${uid}:${offerId}`}, ${uid}, ${offerId}, ${apiId}, 'An offer', now(), now(), 1)`.execute(db);
    await start('ana', 'o1', '42');
    await start('ana', 'o2', '42');
    await start('bob', 'o1', '42');
    await start('bob', 'o3', '43');
    await sql`insert into wallet_counters (key, n) values ('pair:42:ana', 2), ('pair:43:cy', 1)`.execute(db);
    const checkpoints = (offers: string, wallet: string) =>
      sql`insert into projection_checkpoints (projection, commit_position, prepare_position) values ('offers', ${offers}, ${offers}), ('wallet', ${wallet}, ${wallet})
        on conflict (projection) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position`.execute(db);
    await checkpoints('9', '7');
    await migrateToLatest(db);
    const counters = async () =>
      Object.fromEntries((await sql<{ key: string; n: string }>`select key, n from wallet_counters order by key`.execute(db)).rows.map((r) => [r.key, Number(r.n)]));
    expect(await counters()).toEqual({
      converted_starts: 2,
      offer_starts: 4,
      'pair:42:ana': 2,
      'pair:43:cy': 1,
      'start:ana:o1': 1,
      'start:ana:o2': 1,
      'start:bob:o1': 1,
      'start:bob:o3': 1,
      'starts:42:ana': 2,
      'starts:42:bob': 1,
      'starts:43:bob': 1,
    });
    await migrateDown(db);
    expect(await counters()).toEqual({ 'pair:42:ana': 2, 'pair:43:cy': 1 });
    await checkpoints('7', '9');
    await migrateToLatest(db);
    expect(await counters()).toEqual({ 'pair:42:ana': 2, 'pair:43:cy': 1 });
    const names = (await sql<{ projection: string }>`select projection from projection_checkpoints order by projection`.execute(db)).rows.map((r) => r.projection);
    expect(names).toEqual(['offers']);
    await sql`delete from offer_starts`.execute(db);
    await sql`delete from wallet_counters`.execute(db);
    await sql`delete from projection_checkpoints`.execute(db);
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
