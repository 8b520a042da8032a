import { formatPosition, type GlobalPosition, START_POSITION } from '@playquid/contracts';
import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
let store: PostgresEventStore;
let raw: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('gapfree', { migrated: true });
  store = new PostgresEventStore(database.url);
  await store.ensureSchema(); // the slow appends below write to the table directly
  raw = new pg.Pool({ connectionString: database.url, max: 12 });
  raw.on('error', () => undefined); // connections closed by the database drop in afterAll
});
afterAll(async () => {
  await raw?.end();
  await store?.close();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A transaction that takes its sequence number now but commits later, as a slow append would:
 * exactly the case where ordering by sequence alone lets a follower skip an event.
 */
async function slowAppend(ids: string[], holdMs: number): Promise<void> {
  const client = await raw.connect();
  try {
    await client.query('begin');
    const id = randomUUID();
    await client.query(
      `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash) values ($1, 0, $2, 'Slow', '{}', '{}', 'x', null)`,
      [`slow-${id}`, id],
    );
    await sleep(holdMs);
    await client.query('commit');
    ids.push(id);
  } finally {
    client.release();
  }
}

describe('PostgresEventStore global order under concurrent appends', () => {
  it('a follower sees every committed event exactly once, in strictly increasing positions', async () => {
    const written: string[] = [];
    const seen: string[] = [];
    const positions: GlobalPosition[] = [];
    let writing = true;

    const follower = (async () => {
      let after = START_POSITION;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: 100 });
        for (const e of batch) {
          seen.push(e.id);
          positions.push(e.position);
          after = e.position;
        }
        if (!writing && batch.length === 0 && seen.length >= written.length) return;
        if (batch.length === 0) await sleep(2);
      }
    })();

    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 60; i++) {
        const id = randomUUID();
        await store.appendToStream(`writer-${w}-${i % 5}`, [{ id, type: 'Fast', data: { w, i } }]);
        written.push(id);
      }
    });
    const slow = Array.from({ length: 12 }, (_, i) => slowAppend(written, 20 + ((i * 37) % 120)));
    await Promise.all([...writers, ...slow]);
    writing = false;
    await follower;

    expect(written).toHaveLength(8 * 60 + 12);
    expect(new Set(seen).size).toBe(seen.length); // never twice
    expect(new Set(seen)).toEqual(new Set(written)); // never skipped
    for (let i = 1; i < positions.length; i++) expect(formatPosition(positions[i]) !== formatPosition(positions[i - 1])).toBe(true);
    const sorted = [...positions].sort((a, b) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit)));
    expect(positions).toEqual(sorted);
  });

  it('shows the trap it avoids: a follower ordering by sequence alone would skip the late commit', async () => {
    const client = await raw.connect();
    try {
      const lateId = randomUUID();
      await client.query('begin');
      await client.query(
        `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash) values ($1, 0, $2, 'Late', '{}', '{}', 'x', null)`,
        [`late-${lateId}`, lateId],
      );
      const early = await store.appendToStream(`early-${randomUUID()}`, [{ type: 'Early', data: {} }]);

      // Naive follower: reads committed rows by sequence and moves its checkpoint past the early one.
      const naiveCheckpoint = (await raw.query<{ max: string }>('select max(sequence) as max from events')).rows[0].max;
      expect(BigInt(naiveCheckpoint)).toBe(early.position.prepare);
      // Our follower does not even see the early event while an older transaction is open.
      const before = await store.readAll({ maxCount: 10_000 });
      expect(before.some((e) => e.type === 'Early' && e.position.prepare === early.position.prepare)).toBe(false);

      await client.query('commit');
      const naiveAfter = await raw.query('select event_id from events where sequence > $1', [naiveCheckpoint]);
      expect(naiveAfter.rows.map((r) => r.event_id)).not.toContain(lateId); // skipped for ever

      // Readable once every older append has ended (other test files run too).
      let after = await store.readAll({ maxCount: 10_000 });
      for (let tries = 0; tries < 500 && !after.some((e) => e.id === lateId); tries++) {
        await new Promise((r) => setTimeout(r, 20));
        after = await store.readAll({ maxCount: 10_000 });
      }
      const types = after.filter((e) => e.id === lateId || e.position.prepare === early.position.prepare).map((e) => e.type);
      expect(types).toEqual(['Late', 'Early']); // both seen, the late commit first (it began first)
    } finally {
      client.release();
    }
  });

  it('a long transaction that does not append (a projection applying a large range) does not hold the log back', async () => {
    const client = await raw.connect();
    try {
      await client.query('begin');
      // An id of its own, older than the append below, as a projection's writes would take.
      await client.query('select pg_current_xact_id()');
      const appended = await store.appendToStream(`while-open-${randomUUID()}`, [{ type: 'WhileOpen', data: {} }]);
      let seen = await store.readAll({ after: START_POSITION, maxCount: 100_000 });
      for (let tries = 0; tries < 500 && !seen.some((e) => e.position.prepare === appended.position.prepare); tries++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await store.readAll({ maxCount: 100_000 });
      }
      expect(seen.filter((e) => e.position.prepare === appended.position.prepare).map((e) => e.type)).toEqual(['WhileOpen']);
      await client.query('commit');
    } finally {
      client.release();
    }
  });
});
