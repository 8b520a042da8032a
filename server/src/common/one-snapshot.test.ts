import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneSnapshot } from './list-pages';

let database: TestDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await createTestDatabase('onesnapshot', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 3 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const count = async (on: Kysely<DB>) =>
  Number(
    (
      await on
        .selectFrom('projection_checkpoints')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const rows = (on: Kysely<DB>) => on.selectFrom('projection_checkpoints').select('projection').execute();
/** A projection committing rows while a list is being read (its own connection, committed at once). */
const commitRow = (projection: string) =>
  db.insertInto('projection_checkpoints').values({ projection, commit_position: '1', prepare_position: '1' }).execute();

describe('oneSnapshot', () => {
  it('reads a total and its rows as of one moment, whatever commits between the two reads', async () => {
    const read = await oneSnapshot(db, async (snapshot) => {
      const total = await count(snapshot);
      await commitRow('committed-between-reads');
      return { total, rows: await rows(snapshot) };
    });
    expect(read).toEqual({ total: 0, rows: [] });
    // Outside a snapshot the same two reads disagree: the reason list pages use one.
    const total = await count(db);
    await commitRow('committed-between-plain-reads');
    expect({ total, rows: (await rows(db)).length }).toEqual({ total: 1, rows: 2 });
  });

  it('refuses writes: a list read never changes anything', async () => {
    await expect(oneSnapshot(db, (snapshot) => snapshot.deleteFrom('projection_checkpoints').execute())).rejects.toThrow(
      /read-only transaction/,
    );
    expect(await count(db)).toBe(2);
  });
});
