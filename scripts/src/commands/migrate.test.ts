import { streams } from '@playquid/contracts';
import { ALL_PROJECTIONS, applyRange } from '@playquid/projections';
import { createReadDb, createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { createEventStore, handleCommand } from '@playquid/server';
import { userDecider, walletDecider } from '@playquid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPages } from './event-source';
import { migrate } from './migrate';
import { verify } from './rebuild';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;

beforeAll(async () => {
  database = await createTestDatabase('migrate');
  process.env.DATABASE_URL = database.url;
  db = createReadDb({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('migrate', () => {
  it('leaves a new, empty system without checkpoints', async () => {
    await migrate();
    expect(await db.selectFrom('projection_checkpoints').selectAll().execute()).toEqual([]);
  });

  it('catches up a projection added after the others had projected the log', async () => {
    const store = await createEventStore({ databaseUrl: database.url });
    const now = '2026-11-22T10:00:00.000Z';
    await handleCommand(store, streams.user('ana'), userDecider, {
      type: 'RegisterUser',
      uid: 'ana',
      email: 'ana@example.com',
      username: 'ana',
      gender: null,
      referredBy: null,
      emailVerified: true,
      now,
    });
    await handleCommand(store, streams.wallet('ana'), walletDecider, { type: 'GrantWelcomeBonus', uid: 'ana', earningId: 'bonus-ana', now });
    const existing = ALL_PROJECTIONS.filter((p) => p.name !== 'statement');
    for await (const page of logPages(store)) await applyRange(db, existing, page);
    await store.close();
    expect(await db.selectFrom('statement_entries').selectAll().execute()).toEqual([]);

    await migrate();

    expect(await db.selectFrom('statement_entries').select(['uid', 'kind', 'available_balance_pence']).execute()).toEqual([
      { uid: 'ana', kind: 'welcome_bonus', available_balance_pence: 200 },
    ]);
    const checkpoints = await db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
    const wallet = checkpoints.find((c) => c.projection === 'wallet')!;
    expect(checkpoints.find((c) => c.projection === 'statement')).toEqual({ ...wallet, projection: 'statement' });
    expect(await verify()).toEqual([]);
  });
});
