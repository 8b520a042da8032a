import { type CallbackReceived, streams } from '@playquid/contracts';
import { ALL_PROJECTIONS, applyRange } from '@playquid/projections';
import { createReadDb, createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { computeEventHash, createEventStore, handleCommand } from '@playquid/server';
import { userDecider, walletDecider } from '@playquid/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audit } from './audit';
import { checkpoint } from './checkpoint';
import { logPages } from './event-source';
import { migrate } from './migrate';

let database: TestDatabase;
let db: ReturnType<typeof createReadDb>;
const now = '2026-11-22T10:00:00.000Z';

const callback = (uid: string, transactionId: string, rewardPence: number): CallbackReceived['data'] => ({
  callbackId: `cb-${transactionId}`,
  transactionId,
  userId: uid,
  offerId: '42',
  offerName: 'Dragon Clash',
  taskId: '1',
  taskName: 'Level 5',
  userRewardRaw: (rewardPence / 100).toFixed(2),
  rewardPence,
  rawPaymentRaw: null,
  rawUsd: null,
  state: 'COMPLETED',
  type: 'COMPLETE',
  ref: null,
  fscore: null,
  debug: false,
  sourceIp: '10.0.0.1',
  hash: 'f'.repeat(40),
  rawParameters: {},
  triggeredBy: null,
  receivedAt: now,
});

beforeAll(async () => {
  database = await createTestDatabase('audit');
  process.env.DATABASE_URL = database.url;
  await migrate();
  db = createReadDb({ connectionString: database.url, max: 2 });

  // Two members: a bonus each; ana also earns £1.25 and requests a payout of everything available.
  const store = await createEventStore({ databaseUrl: database.url });
  for (const uid of ['ana', 'ben']) {
    await handleCommand(store, streams.user(uid), userDecider, {
      type: 'RegisterUser',
      uid,
      email: `${uid}@example.com`,
      username: uid,
      gender: null,
      referredBy: null,
      emailVerified: true,
      now,
    });
    await handleCommand(store, streams.wallet(uid), walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: `bonus-${uid}`, now });
  }
  const wallet = streams.wallet('ana');
  await handleCommand(store, wallet, walletDecider, { type: 'ApplyCallback', uid: 'ana', callback: callback('ana', 'o-1', 125), earningId: 'e-1', now });
  await handleCommand(store, wallet, walletDecider, {
    type: 'RequestPayout',
    uid: 'ana',
    payoutId: 'p-1',
    email: 'ana@example.com',
    method: 'tremendous_reward',
    minPayoutPence: 79,
    now,
  });
  // The live pipeline, simulated by applying the log in order.
  for await (const page of logPages(store)) await applyRange(db, ALL_PROJECTIONS, page);
  await store.close();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('audit command', () => {
  it('passes on a consistent ledger (bonus, credit, payout requested)', async () => {
    const row = await db.selectFrom('balances').select(['available_pence', 'reserved_pence']).where('uid', '=', 'ana').executeTakeFirstOrThrow();
    expect(row).toEqual({ available_pence: 0, reserved_pence: 325 });
    expect(await audit()).toEqual({ problems: [], notes: [], members: 2, streams: 4 });
  });

  it('names the member whose balance row was changed behind the projections back', async () => {
    await db.updateTable('balances').set({ available_pence: 5_000 }).where('uid', '=', 'ben').execute();
    try {
      expect((await audit()).problems).toEqual(['balance ben: available_pence read model 5000, log 200']);
    } finally {
      await db.updateTable('balances').set({ available_pence: 200 }).where('uid', '=', 'ben').execute();
    }
  });

  it('names the stream whose event data was tampered with in the events table', async () => {
    const tamper = (pence: number) =>
      sql`update events set data = jsonb_set(data, '{amountPence}', ${String(pence)}::jsonb) where stream_id = ${streams.wallet('ben')} and revision = 0`.execute(db);
    await tamper(20_000);
    try {
      const { problems } = await audit();
      expect(problems).toContain('chain wallet-ben: broken at revision 0: hash does not match the event');
      // The forged amount no longer matches what was projected either.
      expect(problems).toContain('balance ben: available_pence read model 200, log 20000');
    } finally {
      await tamper(200);
    }
    expect((await audit()).problems).toEqual([]);
  });
});

describe('signed log checkpoints', () => {
  it('audit names the stream whose history was rewritten with its chain recomputed after a checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pq-checkpoints-'));
    process.env.LOG_CHECKPOINT_FILE = join(dir, 'checkpoints.jsonl');
    process.env.STATEMENT_SIGNING_KEY_FILE = join(dir, 'key.pem');
    const signed = await checkpoint();
    expect(signed.checkpoint).toMatchObject({ streams: 4, events: 7 });
    expect(readFileSync(process.env.LOG_CHECKPOINT_FILE, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(await audit()).toMatchObject({ problems: [] });
    // The table keeps what was signed: the app's role cannot delete or rewrite a checkpoint.
    await expect(sql`delete from log_checkpoints`.execute(db)).rejects.toThrow(/append-only/);

    // Ben's bonus becomes £200 and every hash of his wallet is recomputed: the chain alone is fooled.
    const rewrite = async (pence: number) => {
      const store = await createEventStore({ databaseUrl: database.url });
      try {
        await sql`update events set data = jsonb_set(data, '{amountPence}', ${String(pence)}::jsonb) where stream_id = ${streams.wallet('ben')} and revision = 0`.execute(db);
        let previous: string | null = null;
        for (const event of await store.readStream(streams.wallet('ben'))) {
          const hash = computeEventHash(previous, { ...event, data: event.recordedData ?? event.data });
          await sql`update events set hash = ${hash}, previous_hash = ${previous} where event_id = ${event.id}`.execute(db);
          previous = hash;
        }
      } finally {
        await store.close();
      }
    };
    await rewrite(20_000);
    try {
      const { problems } = await audit();
      expect(problems.filter((p) => p.startsWith('chain '))).toEqual([]);
      expect(problems).toContainEqual(expect.stringMatching(/^checkpoint of .*: stream wallet-ben no longer matches: the signed head was revision 0 hash/));
    } finally {
      await rewrite(200);
    }
    expect((await audit()).problems).toEqual([]);
  });
});
