import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCheckpointsMatchStore, FOREIGN_CHECKPOINTS_MESSAGE } from './checkpoint-check';
import { PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
let db: Kysely<DB>;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase('checkpointcheck', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 2 });
  store = new PostgresEventStore(database.url);
});
afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const checkpoint = (projection: string, commit: bigint, prepare: bigint) =>
  db
    .insertInto('projection_checkpoints')
    .values({ projection, commit_position: commit.toString(), prepare_position: prepare.toString() })
    .onConflict((oc) => oc.column('projection').doUpdateSet({ commit_position: commit.toString(), prepare_position: prepare.toString() }))
    .execute();

describe('switching a deployment from the Postgres store to EventStoreDB', () => {
  it('refuses to start on EventStoreDB with checkpoints that are positions of the Postgres events table', async () => {
    await checkpoint('wallet', 10_000_000n, 10_000_000n);
    await expect(checkCheckpointsMatchStore(db, true)).resolves.toBeUndefined();
    const { position } = await store.appendToStream('wallet-u1', [{ type: 'Thing', data: {} }]);
    await checkpoint('wallet', position.commit, position.prepare);
    await expect(checkCheckpointsMatchStore(db, false)).resolves.toBeUndefined();
    await expect(checkCheckpointsMatchStore(db, true)).rejects.toThrow(FOREIGN_CHECKPOINTS_MESSAGE);
  });
});
