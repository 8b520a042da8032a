import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createReadDb } from './db';
import { migrateToLatest } from './migrator';

/**
 * Each test file gets its own database, so files run in parallel without touching each other and
 * never touch dev data. The admin URL points at the server's maintenance database.
 */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Run every read-model migration first (the event store creates its `events` table on first use). */
  migrated?: boolean;
}

export async function createTestDatabase(label = 'test', options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `playquid_test_${label.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 20)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  if (options.migrated) {
    const db = createReadDb({ connectionString: url.toString(), max: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  }
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
      await client.connect();
      try {
        // Pools may still be closing their connections: give them a moment before forcing, so no
        // client is killed mid-shutdown (that surfaces as an unhandled error in the test run).
        for (let attempt = 0; attempt < 20; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error; // object in use
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
