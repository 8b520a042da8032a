import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { type CallbackReceived, streams } from '@playquid/contracts';
import { userDecider, walletDecider } from '@playquid/domain';
import { callbackData } from '@playquid/domain/testing';
import { createTestDatabase, type TestDatabase } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig, loadConfig } from '../config/app-config';
import { Clock, SystemClock } from '../cqrs/clock';
import { EVENT_STORE } from '../event-store/event-store';
import { createEventStore } from '../event-store/create-event-store';
import type { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { handleCommand } from '../cqrs/command-handler';
import { SettleReferralCommand, SettleReferralHandler } from '../wallet/referral-settlement.command';
import {
  DEBUG_NOT_CREDITED,
  ProcessCallbackCommand,
  ProcessCallbackHandler,
  ProcessMemberCallbacksCommand,
  ProcessMemberCallbacksHandler,
} from './process-callback.command';

let database: TestDatabase;
let store: EncryptingEventStore;
let config: AppConfig;
let commandBus: CommandBus;
let processing: ProcessMemberCallbacksHandler;
let single: ProcessCallbackHandler;
/** Another process's processing: its own kept wallets and members. */
const elsewhere = () => new ProcessMemberCallbacksHandler(store, config, new SystemClock());

beforeAll(async () => {
  database = await createTestDatabase('processcallbacks', { migrated: true });
  store = await createEventStore({ databaseUrl: database.url });
  config = loadConfig({ ...process.env, DATABASE_URL: database.url });
  const moduleRef = await Test.createTestingModule({
    imports: [CqrsModule.forRoot()],
    providers: [
      { provide: EVENT_STORE, useValue: store },
      { provide: APP_CONFIG, useValue: config },
      { provide: Clock, useClass: SystemClock },
      ProcessMemberCallbacksHandler,
      ProcessCallbackHandler,
      SettleReferralHandler,
    ],
  }).compile();
  await moduleRef.init();
  commandBus = moduleRef.get(CommandBus);
  processing = moduleRef.get(ProcessMemberCallbacksHandler);
  single = moduleRef.get(ProcessCallbackHandler);
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const now = new Date().toISOString();

async function member(referredBy: string | null = null): Promise<string> {
  const uid = `u${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await handleCommand(store, streams.user(uid), userDecider, {
    type: 'RegisterUser',
    uid,
    email: `${uid}@playquid.test`,
    username: uid,
    gender: null,
    referredBy,
    emailVerified: true,
    now,
  });
  return uid;
}

/** A callback as the intake stores it; returns what a job names it by. */
async function stored(userId: string, overrides: Partial<CallbackReceived['data']> = {}) {
  const data = callbackData({ callbackId: randomUUID(), transactionId: `o-${randomUUID()}`, userId, ...overrides });
  await store.appendToStream(streams.callback(data.transactionId), [{ type: 'CallbackReceived', data }]);
  return { transactionId: data.transactionId, callbackId: data.callbackId };
}

const walletOf = async (uid: string) => (await store.readStream(streams.wallet(uid))).map((e) => e.type);
const callbackStream = async (transactionId: string) => (await store.readStream(streams.callback(transactionId))).map((e) => e.type);

describe('callback processing of one member', () => {
  it('credits all of a job in one wallet append and records each outcome on its own stream', async () => {
    const uid = await member();
    const callbacks = [
      await stored(uid, { rewardPence: 100 }),
      await stored(uid, { rewardPence: 250, state: 'PENDING' }),
      await stored(uid, { debug: true }),
    ];
    const results = await processing.execute(new ProcessMemberCallbacksCommand(uid, callbacks));
    expect(results).toMatchObject([
      { outcome: 'processed', detail: 'credited_approved' },
      { outcome: 'processed', detail: 'credited_pending' },
      { outcome: 'processed', detail: DEBUG_NOT_CREDITED, earningId: null },
    ]);
    const wallet = await store.readStream(streams.wallet(uid));
    expect(wallet.map((e) => e.type)).toEqual(['EarningCredited', 'MemberQualified', 'EarningCredited']);
    // One append: both events were written by the same transaction.
    expect(wallet[0].position.commit).toBe(wallet[1].position.commit);
    for (const { transactionId } of callbacks)
      expect(await callbackStream(transactionId)).toEqual(['CallbackReceived', 'CallbackProcessed']);
  });

  it('changes nothing when the job runs again', async () => {
    const uid = await member();
    const callbacks = [await stored(uid), await stored(uid)];
    await processing.execute(new ProcessMemberCallbacksCommand(uid, callbacks));
    const again = await processing.execute(new ProcessMemberCallbacksCommand(uid, callbacks));
    expect(again).toEqual([{ outcome: 'already_processed' }, { outcome: 'already_processed' }]);
    // Even another process that never saw the first run books nothing twice.
    await elsewhere().execute(new ProcessMemberCallbacksCommand(uid, callbacks));
    expect(await walletOf(uid)).toEqual(['EarningCredited', 'MemberQualified', 'EarningCredited']);
  });

  it('decides a member’s jobs one after another, each on the wallet the previous one left', async () => {
    const uid = await member();
    const pending = await stored(uid, { state: 'PENDING', rewardPence: 300 });
    const completed = await stored(uid, { transactionId: pending.transactionId, state: 'COMPLETED', rewardPence: 300 });
    const reversal = await stored(uid, {
      transactionId: `or-${randomUUID()}`,
      ref: pending.transactionId,
      state: 'RECONCILED',
      rewardPence: -300,
    });
    const results = await Promise.all([
      processing.execute(new ProcessMemberCallbacksCommand(uid, [pending])),
      processing.execute(new ProcessMemberCallbacksCommand(uid, [completed])),
      processing.execute(new ProcessMemberCallbacksCommand(uid, [reversal])),
    ]);
    expect(results.flat().map((r) => (r.outcome === 'processed' ? r.detail : r.outcome))).toEqual([
      'credited_pending',
      'approved',
      'reversed',
    ]);
    expect(await walletOf(uid)).toEqual(['EarningCredited', 'EarningApproved', 'MemberQualified', 'EarningReversed', 'MemberQualificationLost']);
    // Two callbacks of the same transaction: its stream records both outcomes.
    expect(await callbackStream(pending.transactionId)).toEqual([
      'CallbackReceived',
      'CallbackReceived',
      'CallbackProcessed',
      'CallbackProcessed',
    ]);
  });

  it('decides on the wallet as it stands when another writer appended since the last job', async () => {
    const uid = await member();
    await processing.execute(new ProcessMemberCallbacksCommand(uid, [await stored(uid, { rewardPence: 100 })]));
    await handleCommand(store, streams.wallet(uid), walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: randomUUID(), now });
    const credit = await stored(uid, { rewardPence: 100 });
    const reversal = await stored(uid, {
      transactionId: `or-${randomUUID()}`,
      ref: credit.transactionId,
      state: 'RECONCILED',
      rewardPence: -100,
    });
    await processing.execute(new ProcessMemberCallbacksCommand(uid, [credit, reversal]));
    expect(await walletOf(uid)).toEqual(['EarningCredited', 'MemberQualified', 'WelcomeBonusGranted', 'EarningCredited', 'EarningReversed']);
  });

  it('takes the jobs of a member that queue up behind a run into one run, each answered with its own results', async () => {
    const uid = await member();
    const jobs = await Promise.all([1, 2, 3, 4].map(async (n) => [await stored(uid, { rewardPence: n * 100 })]));
    const results = await Promise.all(jobs.map((job) => processing.execute(new ProcessMemberCallbacksCommand(uid, job))));
    expect(results.map((r) => r.map((x) => x.outcome))).toEqual([['processed'], ['processed'], ['processed'], ['processed']]);
    const wallet = (await store.readStream(streams.wallet(uid))).filter((e) => e.type === 'EarningCredited');
    expect(wallet.map((e) => (e.data as { amountPence: number }).amountPence)).toEqual([100, 200, 300, 400]);
    // The first job ran alone; the three that waited for it went in one append.
    expect(new Set(wallet.map((e) => e.position.commit)).size).toBe(2);
    for (const [job] of jobs) expect(await callbackStream(job.transactionId)).toEqual(['CallbackReceived', 'CallbackProcessed']);
  });

  it('never refuses on a kept wallet that another process has moved on from', async () => {
    const uid = await member();
    await processing.execute(new ProcessMemberCallbacksCommand(uid, [await stored(uid)]));
    // Another process credits a transaction this one has not seen...
    const credit = await stored(uid, { rewardPence: 300 });
    await elsewhere().execute(new ProcessMemberCallbacksCommand(uid, [credit]));
    // ...and its reversal, alone in a job, finds that credit here too.
    const reversal = await stored(uid, {
      transactionId: `or-${randomUUID()}`,
      ref: credit.transactionId,
      state: 'RECONCILED',
      rewardPence: -300,
    });
    expect(await processing.execute(new ProcessMemberCallbacksCommand(uid, [reversal]))).toMatchObject([
      { outcome: 'processed', detail: 'reversed' },
    ]);
    expect(await walletOf(uid)).toEqual(['EarningCredited', 'MemberQualified', 'EarningCredited', 'EarningReversed']);
  });

  it('records a refusal on the callback it concerns and still credits the others', async () => {
    const uid = await member();
    const zero = await stored(uid, { rewardPence: 0, userRewardRaw: '0.00' });
    const credit = await stored(uid);
    const results = await processing.execute(new ProcessMemberCallbacksCommand(uid, [zero, credit]));
    expect(results).toMatchObject([
      { outcome: 'failed', error: 'Reward must be positive, got 0.00' },
      { outcome: 'processed', detail: 'credited_approved' },
    ]);
    expect(await callbackStream(zero.transactionId)).toEqual(['CallbackReceived', 'CallbackProcessingFailed']);
    expect(await walletOf(uid)).toEqual(['EarningCredited', 'MemberQualified']);
  });

  it('keeps a reversal that arrives before its credit, and books the credit reversed when it comes, in either job order', async () => {
    for (const order of ['reversal first', 'credit first'] as const) {
      const uid = await member();
      const tx = `o-${randomUUID()}`;
      const reversal = await stored(uid, { transactionId: `or-${randomUUID()}`, ref: tx, state: 'RECONCILED', rewardPence: -50, userRewardRaw: '-0.50' });
      const credit = await stored(uid, { transactionId: tx, rewardPence: 50 });
      const jobs = order === 'reversal first' ? [reversal, credit] : [credit, reversal];
      // Two processes, one job each, in the order BitLabs' retries happened to deliver them.
      await processing.execute(new ProcessMemberCallbacksCommand(uid, [jobs[0]]));
      await elsewhere().execute(new ProcessMemberCallbacksCommand(uid, [jobs[1]]));
      const wallet = walletDecider.initialState();
      const events = await store.readStream(streams.wallet(uid));
      const state = events.reduce((s, e) => walletDecider.evolve(s, { type: e.type, data: e.data } as never), wallet);
      expect([order, state.availablePence, state.completedOffers, Object.keys(state.awaitingReversals)]).toEqual([order, 0, 0, []]);
      expect(await callbackStream(reversal.transactionId)).toEqual(['CallbackReceived', 'CallbackProcessed']);
    }
  });

  it('fails every callback of an unknown member and credits nobody', async () => {
    const uid = `nobody-${randomUUID()}`;
    const callbacks = [await stored(uid), await stored(uid)];
    const results = await processing.execute(new ProcessMemberCallbacksCommand(uid, callbacks));
    expect(results).toEqual([
      { outcome: 'failed', error: `Unknown member ${uid}` },
      { outcome: 'failed', error: `Unknown member ${uid}` },
    ]);
    expect(await walletOf(uid)).toEqual([]);
  });

  it('records the friend’s qualification once; the referrer’s reward follows it, not the jobs', async () => {
    const referrer = await member();
    const friend = await member(referrer);
    await processing.execute(new ProcessMemberCallbacksCommand(friend, [await stored(friend), await stored(friend)]));
    await processing.execute(new ProcessMemberCallbacksCommand(friend, [await stored(friend)]));
    expect(await walletOf(friend)).toEqual(['EarningCredited', 'MemberQualified', 'EarningCredited', 'EarningCredited']);
    // Processing grants nothing itself: the settlement job (one per MemberQualified) does, once.
    expect(await walletOf(referrer)).toEqual([]);
    const settle = () => commandBus.execute(new SettleReferralCommand(friend));
    expect(await Promise.all([settle(), settle()])).toEqual(expect.arrayContaining([expect.objectContaining({ outcome: 'granted' })]));
    expect(await walletOf(referrer)).toEqual(['ReferralRewardGranted']);
  });

  it('pays all twelve friends’ rewards when they qualify at the same moment, with every job run twice at once', async () => {
    const referrer = await member();
    const friends = await Promise.all(Array.from({ length: 12 }, () => member(referrer)));
    await Promise.all(friends.map(async (friend) => processing.execute(new ProcessMemberCallbacksCommand(friend, [await stored(friend)]))));
    // Each settlement as a BullMQ job would run it: contended appends throw and the job is retried.
    const settleUntilDone = async (friend: string): Promise<void> => {
      for (;;) {
        try {
          await commandBus.execute(new SettleReferralCommand(friend));
          return;
        } catch (error) {
          if (!(error instanceof Error) || !/revision|kept changing/i.test(`${error.name} ${error.message}`)) throw error;
        }
      }
    };
    await Promise.all(friends.flatMap((friend) => [settleUntilDone(friend), settleUntilDone(friend)]));
    const rewards = (await store.readStream(streams.wallet(referrer))).filter((e) => e.type === 'ReferralRewardGranted');
    expect(rewards.map((e) => (e.data as { friendUid: string }).friendUid).sort()).toEqual([...friends].sort());
  });

  it('takes the referral reward back when the friend’s only qualifying offer is reversed, and grants it again if they qualify again', async () => {
    const referrer = await member();
    const friend = await member(referrer);
    const credit = await stored(friend, { rewardPence: 50 });
    await processing.execute(new ProcessMemberCallbacksCommand(friend, [credit]));
    await commandBus.execute(new SettleReferralCommand(friend));
    const reversal = await stored(friend, { transactionId: `or-${randomUUID()}`, ref: credit.transactionId, state: 'RECONCILED', rewardPence: -50 });
    await processing.execute(new ProcessMemberCallbacksCommand(friend, [reversal]));
    expect(await commandBus.execute(new SettleReferralCommand(friend))).toMatchObject({ outcome: 'reversed' });
    await processing.execute(new ProcessMemberCallbacksCommand(friend, [await stored(friend)]));
    expect(await commandBus.execute(new SettleReferralCommand(friend))).toMatchObject({ outcome: 'granted' });
    expect(await walletOf(referrer)).toEqual(['ReferralRewardGranted', 'ReferralRewardReversed', 'ReferralRewardGranted']);
    expect(await walletOf(friend)).toEqual(['EarningCredited', 'MemberQualified', 'EarningReversed', 'MemberQualificationLost', 'EarningCredited', 'MemberQualified']);
  });

  it('processes one callback for an admin’s reprocess, through the same path', async () => {
    const uid = await member();
    const callback = await stored(uid);
    expect(await single.execute(new ProcessCallbackCommand(callback.transactionId, callback.callbackId))).toMatchObject({
      outcome: 'processed',
    });
    expect(await single.execute(new ProcessCallbackCommand(callback.transactionId, callback.callbackId))).toEqual({
      outcome: 'already_processed',
    });
    await expect(single.execute(new ProcessCallbackCommand(callback.transactionId, 'missing'))).rejects.toThrow(
      'Callback missing not found',
    );
  });
});
