import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { bullConnection } from '@playquid/config';
import { QUEUES, type RewardOrderJob } from '@playquid/contracts';
import { walletDecider } from '@playquid/domain';
import { eventually } from '@playquid/domain/testing';
import { createReadDb, createTestDatabase, type DB, migrateToLatest, type TestDatabase } from '@playquid/read-db';
import { startTremendousStandin, type TremendousStandin } from '@playquid/standins';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig, loadConfig } from '../config/app-config';
import { Clock, SystemClock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE } from '../event-store/event-store';
import { createEventStore } from '../event-store/create-event-store';
import type { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { ForwarderService } from '../forwarder/forwarder.service';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { givenPayout, payoutEvents } from '../testing/reward-fixtures';
import { PlaceRewardOrderCommand, PlaceRewardOrderHandler } from './reward-order.command';
import { RewardOrderProcessor } from './reward-order.processor';
import { TremendousClient, TremendousError } from './tremendous.client';

let database: TestDatabase;
let db: Kysely<DB>;
let store: EncryptingEventStore;
let standin: TremendousStandin;
let config: AppConfig;
let handler: PlaceRewardOrderHandler;
const connection = bullConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

const placeOrder = (order: RewardOrderJob, lastAttempt = false) => handler.execute(new PlaceRewardOrderCommand(order, lastAttempt));
const ordersFor = (payoutId: string) => [...standin.orders.values()].filter((o) => o.external_id === payoutId);

beforeAll(async () => {
  database = await createTestDatabase('rewardorders');
  db = createReadDb({ connectionString: database.url, max: 2 });
  await migrateToLatest(db);
  store = await createEventStore({ databaseUrl: database.url });
  standin = await startTremendousStandin({ port: 0, webhookSecret: 'unused', apiKey: 'worker-key' });
  config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    BULL_PREFIX: `t${randomBytes(4).toString('hex')}`,
    TREMENDOUS_BASE_URL: standin.url,
    TREMENDOUS_API_KEY: 'worker-key',
    TREMENDOUS_CAMPAIGN_ID: 'CAMPAIGN',
  });
  handler = new PlaceRewardOrderHandler(store, new TremendousClient(config.tremendous), new SystemClock());
});

afterAll(async () => {
  await standin?.close();
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('reward orders', () => {
  it('places one order and records it once, however often the job runs', async () => {
    const payout = await givenPayout(store, { username: 'Jane' });
    const first = await placeOrder(payout);
    expect(first).toMatchObject({ outcome: 'ordered', source: 'created', status: 'EXECUTED' });
    expect(await placeOrder(payout)).toEqual({
      outcome: 'skipped',
      reason: `already ordered (${(first as { orderId: string }).orderId})`,
    });

    expect(ordersFor(payout.payoutId)).toHaveLength(1);
    expect(ordersFor(payout.payoutId)[0].rewards[0]).toMatchObject({
      value: { denomination: payout.amountPence / 100, currency_code: 'GBP' },
      recipient: { name: 'Jane', email: payout.email },
    });
    const ordered = await payoutEvents(store, payout, 'PayoutRewardOrdered');
    expect(ordered).toHaveLength(1);
    expect(ordered[0].data).toMatchObject({
      orderId: ordersFor(payout.payoutId)[0].id,
      rewardId: ordersFor(payout.payoutId)[0].rewards[0].id,
      orderStatus: 'EXECUTED',
    });
  });

  it('stays at one order and one event when two runs race', async () => {
    const payout = await givenPayout(store);
    const outcomes = await Promise.all([placeOrder(payout), placeOrder(payout)]);
    // Which run wins depends on timing; the second either sees the order already recorded or gets
    // the same order back from Tremendous and records nothing new.
    expect(outcomes.map((o) => o.outcome)).toContain('ordered');
    expect(outcomes.every((o) => o.outcome === 'ordered' || o.outcome === 'skipped')).toBe(true);
    expect(ordersFor(payout.payoutId)).toHaveLength(1);
    expect(await payoutEvents(store, payout, 'PayoutRewardOrdered')).toHaveLength(1);
  });

  it('orders nothing for a payout that is not approved', async () => {
    const payout = await givenPayout(store, { approve: false });
    expect(await placeOrder(payout)).toEqual({ outcome: 'skipped', reason: 'payout is pending' });
    expect(ordersFor(payout.payoutId)).toHaveLength(0);
  });

  it('records a refusal (4xx) as a failed order, returns the money to the member once, and does not try again', async () => {
    const payout = await givenPayout(store);
    standin.failNextOrders(422);
    expect(await placeOrder(payout)).toMatchObject({ outcome: 'failed', error: expect.stringContaining('HTTP 422') });
    expect(await payoutEvents(store, payout, 'PayoutRewardOrderFailed')).toHaveLength(1);
    const [returned] = await payoutEvents(store, payout, 'PayoutReturned');
    expect(returned.data).toMatchObject({ returnedBy: 'tremendous', reason: expect.stringContaining('the reward order was refused') });
    expect(await placeOrder(payout)).toEqual({ outcome: 'skipped', reason: 'payout is returned' });
    expect(await payoutEvents(store, payout, 'PayoutReturned')).toHaveLength(1);
    expect(ordersFor(payout.payoutId)).toHaveLength(0);
  });

  it('throws on a 5xx so BullMQ retries, and records the failure only on the last attempt', async () => {
    const payout = await givenPayout(store);
    standin.failNextOrders(502);
    await expect(placeOrder(payout)).rejects.toBeInstanceOf(TremendousError);
    // The order was committed before the call; the retry re-sends the same external_id, nothing else.
    expect((await store.readStream(`wallet-${payout.uid}`)).map((e) => e.type)).toEqual([
      'WelcomeBonusGranted',
      'EarningCredited',
      'MemberQualified',
      'PayoutRequested',
      'PayoutApproved',
      'PayoutRewardOrderPlaced',
    ]);

    standin.failNextOrders(502);
    expect(await placeOrder(payout, true)).toMatchObject({ outcome: 'failed', error: expect.stringContaining('gave up') });
    expect(await payoutEvents(store, payout, 'PayoutRewardOrderFailed')).toHaveLength(1);
    expect(await payoutEvents(store, payout, 'PayoutRewardOrderPlaced')).toHaveLength(1);
  });

  it('commits the order on the wallet stream before Tremendous is called, once', async () => {
    const payout = await givenPayout(store);
    await placeOrder(payout);
    const types = (await store.readStream(`wallet-${payout.uid}`)).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['PayoutRewardOrderPlaced', 'PayoutRewardOrdered']);
  });

  it('orders nothing once an admin cancelled the approved payout', async () => {
    const payout = await givenPayout(store);
    await handleCommand(store, `wallet-${payout.uid}`, walletDecider, {
      type: 'CancelPayout',
      uid: payout.uid,
      payoutId: payout.payoutId,
      actor: 'admin@playquid.test',
      byAdmin: true,
      reason: 'Cancelled by admin',
      now: new Date().toISOString(),
    });
    expect(await placeOrder(payout)).toEqual({ outcome: 'skipped', reason: 'payout is cancelled' });
    expect(ordersFor(payout.payoutId)).toHaveLength(0);
    expect(await payoutEvents(store, payout, 'PayoutRewardOrderPlaced')).toHaveLength(0);
  });

  it('skips an approved payout flagged by a reversal until an admin acknowledges it', async () => {
    const payout = await givenPayout(store);
    const recorded = await store.readStream(`wallet-${payout.uid}`);
    await store.appendToStream(
      `wallet-${payout.uid}`,
      [
        {
          type: 'PayoutFlaggedForReview',
          data: {
            uid: payout.uid,
            payoutId: payout.payoutId,
            earningId: 'e',
            reversedPence: 100,
            reason: 'r',
            flaggedAt: new Date().toISOString(),
          },
          metadata: {},
        },
      ],
      { expectedRevision: recorded.at(-1)!.revision },
    );
    expect(await placeOrder(payout)).toEqual({
      outcome: 'skipped',
      reason:
        'A reversal of £1.00 landed after this payout was requested; confirm you have reviewed it (acknowledge_reversal) before processing',
    });
    expect(ordersFor(payout.payoutId)).toHaveLength(0);
  });

  it('runs from the log: the forwarder queues PayoutApproved (jobId = payout id) and the processor orders it', async () => {
    const payout = await givenPayout(store);
    const redis = new Redis(connection);
    const app = await Test.createTestingModule({
      imports: [
        CqrsModule.forRoot(),
        BullModule.forRoot({ connection, prefix: config.bullPrefix }),
        BullModule.registerQueue(
          { name: QUEUES.projections },
          { name: QUEUES.callbackProcessing },
          { name: QUEUES.rewardOrders },
          { name: QUEUES.referralSettlements },
        ),
      ],
      providers: [
        { provide: EVENT_STORE, useValue: store },
        { provide: READ_DB, useValue: db },
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useClass: SystemClock },
        { provide: REDIS_CLIENT, useValue: redis },
        { provide: TremendousClient, useValue: new TremendousClient(config.tremendous) },
        ForwarderService,
        PlaceRewardOrderHandler,
        RewardOrderProcessor,
      ],
    }).compile();
    const queues = [QUEUES.projections, QUEUES.callbackProcessing, QUEUES.rewardOrders, QUEUES.referralSettlements].map((name) => app.get<Queue>(getQueueToken(name)));
    try {
      // Starts the forwarder and the processor, as the API process does with RUN_WORKERS on.
      await app.init();
      await eventually(async () => ((await payoutEvents(store, payout, 'PayoutRewardOrdered')).length > 0 ? true : undefined));
      const job = await app.get<Queue>(getQueueToken(QUEUES.rewardOrders)).getJob(payout.payoutId);
      expect(job?.data).toEqual({ uid: payout.uid, payoutId: payout.payoutId });
      expect(ordersFor(payout.payoutId)).toHaveLength(1);
    } finally {
      for (const queue of queues) await queue.obliterate({ force: true });
      await app.close();
      await redis.quit();
    }
  });
});
