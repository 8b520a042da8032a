import { createReadDb, createTestDatabase, type DB, migrateToLatest, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';

export async function migratedTestDatabase(label: string): Promise<{ database: TestDatabase; db: Kysely<DB>; close(): Promise<void> }> {
  const database = await createTestDatabase(label);
  const db = createReadDb({ connectionString: database.url, max: 4 });
  await migrateToLatest(db);
  return {
    database,
    db,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
