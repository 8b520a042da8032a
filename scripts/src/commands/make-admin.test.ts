import { streams } from '@playquid/contracts';
import { createReadDb, createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { createEventStore, type EventStore, handleCommand } from '@playquid/server';
import { userDecider } from '@playquid/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from './make-admin';
import { migrate } from './migrate';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;
let store: EventStore;
const now = '2026-11-22T10:00:00.000Z';

const profile = (uid: string, email: string) => ({ uid, email, username: uid, role: 'USER', is_verified: true, created_at: now, updated_at: now });

beforeAll(async () => {
  database = await createTestDatabase('makeadmin');
  process.env.DATABASE_URL = database.url;
  await migrate();
  db = createReadDb({ connectionString: database.url, max: 1 });
  store = await createEventStore({ databaseUrl: database.url });
  for (const uid of ['ana', 'twin-1', 'twin-2']) {
    await handleCommand(store, streams.user(uid), userDecider, {
      type: 'RegisterUser',
      uid,
      email: uid === 'ana' ? 'ana@example.com' : 'twin@example.com',
      username: uid,
      gender: null,
      referredBy: null,
      emailVerified: true,
      now,
    });
  }
  // A read model from before emails were unique (the index is what normally rules this out).
  await sql`drop index users_email_lower_key`.execute(db);
  await db.insertInto('users').values([profile('ana', 'ana@example.com'), profile('twin-1', 'twin@example.com'), profile('twin-2', 'TWIN@example.com')]).execute();
});
afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const roleOf = async (uid: string) => (await store.readStream(streams.user(uid))).filter((e) => e.type === 'UserRoleChanged').map((e) => e.data);

describe('make-admin', () => {
  it('grants ADMIN to the one member with that email (any case)', async () => {
    expect(await makeAdmin('ANA@example.com', 'test')).toBe('ana');
    expect(await roleOf('ana')).toEqual([expect.objectContaining({ uid: 'ana', role: 'ADMIN', changedBy: 'test' })]);
  });

  it('refuses an email more than one member has, naming them, and writes nothing', async () => {
    await expect(makeAdmin('twin@example.com', 'test')).rejects.toThrow(
      'make-admin refused: 2 members have the email twin@example.com (uids twin-1, twin-2); run it again with the uid',
    );
    expect(await roleOf('twin-1')).toEqual([]);
    expect(await roleOf('twin-2')).toEqual([]);
  });

  it('takes a uid as it is', async () => {
    expect(await makeAdmin('twin-2', 'test')).toBe('twin-2');
    expect(await roleOf('twin-2')).toEqual([expect.objectContaining({ role: 'ADMIN' })]);
  });
});
