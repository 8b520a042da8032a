import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadDb } from './db';
import { createMigrator, migrateToLatest } from './migrator';
import { PARKED_EMAIL_DOMAIN } from './migrations/1795720000000-UniqueEmails';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;

beforeAll(async () => {
  database = await createTestDatabase('uniqueemails');
  db = createReadDb({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const user = (uid: string, email: string, createdAt: string) => ({
  uid,
  email,
  username: uid,
  role: 'USER',
  is_verified: false,
  created_at: createdAt,
  updated_at: createdAt,
});

describe('migration 1795720000000-UniqueEmails', () => {
  it('keeps the email on the earliest profile, parks later duplicates, then refuses new duplicates', async () => {
    const check = (result: { error?: unknown }) => expect(result.error).toBeUndefined();
    check(await createMigrator(db).migrateTo('1795600000000-Offers'));
    await db
      .insertInto('users')
      .values([
        user('admin', 'admin@playquid.test', '2026-01-01T00:00:00Z'),
        user('forger', 'Admin@PlayQuid.test', '2026-02-01T00:00:00Z'),
        user('ana', 'ana@example.com', '2026-02-01T00:00:00Z'),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('users').select(['uid', 'email']).orderBy('uid').execute();
    expect(rows).toEqual([
      { uid: 'admin', email: 'admin@playquid.test' },
      { uid: 'ana', email: 'ana@example.com' },
      { uid: 'forger', email: `forger@${PARKED_EMAIL_DOMAIN}` },
    ]);
    await expect(db.insertInto('users').values(user('late', 'ANA@example.com', '2026-03-01T00:00:00Z')).execute()).rejects.toThrow(
      /users_email_lower_key/,
    );

    check(await createMigrator(db).migrateTo('1795710000000-CallbackIntakeHardening'));
    await db.insertInto('users').values(user('late', 'ANA@example.com', '2026-03-01T00:00:00Z')).execute();
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'users' order by indexname`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['users_email_idx', 'users_pkey']);
  });
});
