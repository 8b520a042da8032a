import { START_POSITION } from '@playquid/contracts';
import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForwarderCheckpointRepository } from './forwarder-checkpoint.repository';

let database: TestDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await createTestDatabase('fwdcheckpoint', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('ForwarderCheckpointRepository', () => {
  it('resumes from the start until the forwarder saved a checkpoint, then from the lowest of all checkpoints', async () => {
    const checkpoints = new ForwarderCheckpointRepository(db);
    await db.insertInto('projection_checkpoints').values({ projection: 'wallets', commit_position: '40', prepare_position: '2' }).execute();
    expect(await checkpoints.resumePosition()).toEqual(START_POSITION);

    await checkpoints.save({ commit: 50n, prepare: 1n });
    expect(await checkpoints.resumePosition()).toEqual({ commit: 40n, prepare: 2n });
    await db.updateTable('projection_checkpoints').set({ commit_position: '60' }).where('projection', '=', 'wallets').execute();
    expect(await checkpoints.resumePosition()).toEqual({ commit: 50n, prepare: 1n });

    await checkpoints.save({ commit: 70n, prepare: 3n });
    expect(await checkpoints.resumePosition()).toEqual({ commit: 60n, prepare: 2n });
  });
});
