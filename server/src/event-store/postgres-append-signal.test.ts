import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { eventually } from '@playquid/domain/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppendSignal } from './postgres-append-signal';
import { PostgresEventStore } from './postgres-event-store';

describe('AppendSignal', () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  const pool = () => {
    const created = new pg.Pool({ connectionString: database.url, max: 2 });
    pools.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase('appendsignal', { migrated: false });
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await database?.drop();
  });

  it('tells every other listening store of an append, and not the store that made it', async () => {
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    const a = new AppendSignal(pool(), (by) => heardByA.push(by));
    const b = new AppendSignal(pool(), (by) => heardByB.push(by));
    await Promise.all([a.listen(), b.listen()]);

    // B's own notification commits before A's, and a listener hears them in commit order.
    await b.appended();
    await a.appended();
    await eventually(() => heardByB.length > 0 && heardByA.length > 0);
    expect(heardByB).toEqual([a.id]);
    expect(heardByA).toEqual([b.id]);
    await Promise.all([a.close(), b.close()]);
  });

  it('covers the appends made while a notification is in flight with one more', async () => {
    const heard: string[] = [];
    const listener = new AppendSignal(pool(), (by) => heard.push(by));
    const sender = new AppendSignal(pool(), () => undefined);
    await listener.listen();
    const sends = [sender.appended(), sender.appended(), sender.appended()];
    await Promise.all(sends);
    // A marker sent after them: once it is heard, every notification before it has been.
    const marker = new AppendSignal(pool(), () => undefined);
    await marker.appended();
    await eventually(() => heard.includes(marker.id));
    expect(heard).toEqual([sender.id, sender.id, marker.id]);
    await Promise.all([listener.close(), sender.close(), marker.close()]);
  });

  it("lets a store's subscription follow another store's appends", async () => {
    const writer = new PostgresEventStore(database.url);
    const reader = new PostgresEventStore(database.url);
    await writer.ensureSchema();
    const seen: string[] = [];
    const subscription = reader.subscribeToAll({ onEvents: async (events) => void seen.push(...events.map((e) => e.streamId)) });
    await writer.appendToStream('signal-1', [{ type: 'Tested', data: {} }]);
    await eventually(() => seen.includes('signal-1'));
    await subscription.close();
    await Promise.all([writer.close(), reader.close()]);
  });
});
