import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store';

// The reader's own behaviours (the contract suite in postgres-event-store.test.ts covers the rest).
describe('PostgresEventStore: reads', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase('esreader', { migrated: true });
    store = new PostgresEventStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('read several streams at once, calls made together answered from one query each with its own streams', async () => {
    const [a, b, c] = [`grouped-${randomUUID()}`, `grouped-${randomUUID()}`, `grouped-${randomUUID()}`];
    await store.appendToStream(a, [{ type: 'Tested', data: { n: 1 } }, { type: 'Tested', data: { n: 2 } }]);
    await store.appendToStream(b, [{ type: 'Tested', data: { n: 3 } }]);
    const [first, second] = await Promise.all([store.readStreams([a, c]), store.readStreams([b, a])]);
    expect([...first.keys()]).toEqual([a, c]);
    expect([...second.keys()]).toEqual([b, a]);
    expect(first.get(a)!.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first.get(c)).toEqual([]);
    expect(second.get(b)!.map((e) => e.data)).toEqual([{ n: 3 }]);
  });


  it('hold back the log behind an append still running, and give it once it commits', async () => {
    const before = await store.readHead();
    const pending = new (await import('pg')).default.Client({ connectionString: database.url });
    await pending.connect();
    try {
      await pending.query('begin');
      await pending.query(
        `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash)
         values ($1, 0, $2, 'Tested', '{"n":1}', '{"schemaVersion":1}', 'h', null)`,
        [`held-${randomUUID()}`, randomUUID()],
      );
      const later = `later-${randomUUID()}`;
      await store.appendToStream(later, [{ type: 'Tested', data: { n: 2 } }]);
      expect((await store.readAll({ after: before })).map((e) => e.streamId)).not.toContain(later);
      await pending.query('commit');
      expect((await store.readAll({ after: before })).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    } finally {
      await pending.end();
    }
  });
});
