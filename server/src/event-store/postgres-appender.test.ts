import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from './event-store';
import { verifyStreamChain } from './hash-chain';
import { PostgresEventStore } from './postgres-event-store';

// The appender's own behaviours (the contract suite in postgres-event-store.test.ts covers the rest).
describe('PostgresEventStore: single-event appends made at the same moment', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const inserts: number[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('groupcommit', { migrated: true });
    pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    // Counts the INSERT statements, and how many events each carried.
    pool.query = ((text: string, values?: unknown[]) => {
      if (typeof text === 'string' && text.startsWith('insert into events')) inserts.push((values?.length ?? 0) / 8);
      return query(text, values);
    }) as typeof pool.query;
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('share INSERTs, and of two racing for the same place exactly one wins', async () => {
    inserts.length = 0;
    const streams = Array.from({ length: 60 }, (_, i) => `grouped-${randomUUID()}-${i}`);
    const attempts = [...streams, ...streams].map((stream, i) =>
      store.appendToStream(stream, [{ type: 'Tested', data: { i } }], { expectedRevision: 'no_stream' }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(streams.length);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(inserts.length).toBeLessThan(attempts.length / 4);
    for (const stream of streams) {
      const read = await store.readStream(stream);
      expect(read).toHaveLength(1);
      expect(verifyStreamChain(read)).toEqual({ ok: true });
    }
  });

  it('refuse only the event the database refuses, not the ones sharing its INSERT', async () => {
    const stream = (label: string) => `grouped-${label}-${randomUUID()}`;
    const results = await Promise.allSettled(
      ['a', 'b', 'nul', 'c'].map((label) =>
        store.appendToStream(stream(label), [{ type: 'Tested', data: { text: label === 'nul' ? 'x\u0000y' : label } }], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P05' });
  });

  it('append after a known revision, and tell a stale one apart', async () => {
    const stream = `grouped-${randomUUID()}`;
    const first = await store.appendToStream(stream, [{ type: 'Tested', data: { n: 0 } }], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled(
      [1, 2].map((n) => store.appendToStream(stream, [{ type: 'Tested', data: { n } }], { expectedRevision: first.nextExpectedRevision })),
    );
    const won = results.findIndex((r) => r.status === 'fulfilled');
    expect(results[won]).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1n } });
    expect(results[1 - won]).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
    const read = await store.readStream(stream);
    expect(read.map((e) => e.data)).toEqual([{ n: 0 }, { n: won + 1 }]);
    expect(verifyStreamChain(read)).toEqual({ ok: true });
  });
});
