import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store';
import { ensureEventStoreSchema } from './postgres-schema';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  // The read model's migrations, which no longer make the log: the store must.
  database = await createTestDatabase('evschema', { migrated: true });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const hasEvents = async () => (await pool.query<{ present: boolean }>(`select to_regclass('events') is not null as present`)).rows[0].present;

describe('the Postgres event store schema', () => {
  it('is not made by the read model migrations, and is made by the store on first use', async () => {
    expect(await hasEvents()).toBe(false);
    const store = new PostgresEventStore(pool);
    const appended = await store.appendToStream('user-schema', [{ type: 'UserSignedIn', data: { uid: 'schema' } }]);
    expect(appended.nextExpectedRevision).toBe(0n);
    expect(await hasEvents()).toBe(true);
    expect((await store.readStream('user-schema')).map((e) => e.type)).toEqual(['UserSignedIn']);
  });

  it('leaves an existing log untouched when made again', async () => {
    await ensureEventStoreSchema(pool);
    const { rows } = await pool.query<{ n: string }>(`select count(*) as n from events where stream_id = 'user-schema'`);
    expect(rows[0].n).toBe('1');
  });

  it('is made once when several processes start on an empty database together', async () => {
    const fresh = await createTestDatabase('evschema2');
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: fresh.url, max: 1 }));
    try {
      await Promise.all(pools.map((p) => ensureEventStoreSchema(p)));
      const indexes = await pools[0].query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'events' order by indexname`);
      expect(indexes.rows.map((r) => r.indexname)).toEqual(['events_event_id_key', 'events_global_order_idx', 'events_pkey', 'events_stream_id_revision_key']);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await fresh.drop();
    }
  });
});
