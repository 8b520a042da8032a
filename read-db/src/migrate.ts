#!/usr/bin/env node
import { createReadDb } from './db';
import { migrateDown, migrateToLatest } from './migrator';

/** `playquid-migrate latest|down`: applies or reverts read-model migrations on DATABASE_URL. */
async function main() {
  const command = process.argv[2] ?? 'latest';
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  const db = createReadDb({ connectionString, max: 1 });
  try {
    const result = command === 'down' ? await migrateDown(db) : await migrateToLatest(db);
    for (const r of result.results ?? []) console.log(`${r.direction} ${r.migrationName}: ${r.status}`);
    if (!result.results?.length) console.log('read model: nothing to migrate');
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
