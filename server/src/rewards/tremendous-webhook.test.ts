import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createReadDb, createTestDatabase, type DB, migrateToLatest, type TestDatabase } from '@playquid/read-db';
import { signWebhookBody, startTremendousStandin } from '@playquid/standins';
import type { Kysely } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.factory';
import { createEventStore } from '../event-store/create-event-store';
import type { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { givenPayout, givenProjectedPayout, payoutEvents } from '../testing/reward-fixtures';
import { TremendousClient } from './tremendous.client';

// The logger module reads its level when app.module is imported, before any hook runs.
vi.hoisted(() => {
  process.env.LOG_LEVEL ??= 'error';
});

const SECRET = 'webhook-test-secret';
const PATH = '/api/tremendous/webhooks';

let database: TestDatabase;
let db: Kysely<DB>;
let store: EncryptingEventStore;
let app: NestFastifyApplication;
let http: ReturnType<typeof supertest>;

const webhook = (rewardId: string, event = 'REWARDS.DELIVERY.SUCCEEDED', uuid: string = randomUUID()) =>
  JSON.stringify({ event, uuid, created_utc: '2025-06-01T12:00:00Z', payload: { resource: { id: rewardId, type: 'rewards' } } });

const post = (body: string, signature: string | null = signWebhookBody(body, SECRET)) => {
  const request = http.post(PATH).set('content-type', 'application/json');
  return (signature === null ? request : request.set('Tremendous-Webhook-Signature', signature)).send(body);
};

beforeAll(async () => {
  database = await createTestDatabase('tremendouswebhook');
  db = createReadDb({ connectionString: database.url, max: 2 });
  await migrateToLatest(db);
  store = await createEventStore({ databaseUrl: database.url });
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    BULL_PREFIX: `t${randomBytes(4).toString('hex')}`,
    RUN_WORKERS: 'false',
    TREMENDOUS_WEBHOOK_SECRET: SECRET,
  });
  app = await createApp();
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  http = supertest(app.getHttpServer());
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('POST /api/tremendous/webhooks', () => {
  it('refuses a missing or bad signature with 401 and records nothing', async () => {
    const payout = await givenPayout(store);
    await givenProjectedPayout(db, payout, 'R-SIG');
    const body = webhook('R-SIG');

    const missing = await post(body, null).expect(401);
    expect(missing.body).toMatchObject({ success: false, message: 'Missing Tremendous webhook signature header' });
    const bad = await post(body, signWebhookBody(body, 'not-the-secret')).expect(401);
    expect(bad.body.message).toBe('Invalid Tremendous webhook signature');
    // Signed, then altered on the way.
    await post(body.replace('SUCCEEDED', 'FAILED'), signWebhookBody(body, SECRET)).expect(401);
    expect(await payoutEvents(store, payout, 'PayoutRewardDeliveryRecorded')).toHaveLength(0);
  });

  it('records a delivery once per webhook uuid: a redelivery answers 200 and adds nothing', async () => {
    const payout = await givenPayout(store);
    await givenProjectedPayout(db, payout, 'R-DUP');
    const body = webhook('R-DUP');

    const first = await post(body).expect(200);
    expect(first.body.data).toEqual({
      outcome: 'recorded',
      event: 'REWARDS.DELIVERY.SUCCEEDED',
      uuid: JSON.parse(body).uuid,
      payoutId: payout.payoutId,
    });
    const again = await post(body).expect(200);
    expect(again.body.data.outcome).toBe('duplicate');

    const recorded = await payoutEvents(store, payout, 'PayoutRewardDeliveryRecorded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ outcome: 'sent', detail: null, webhookUuid: JSON.parse(body).uuid });
  });

  it('records a failed delivery with a detail', async () => {
    const payout = await givenPayout(store);
    await givenProjectedPayout(db, payout, 'R-FAIL');
    await post(webhook('R-FAIL', 'REWARDS.DELIVERY.FAILED')).expect(200);
    const [recorded] = await payoutEvents(store, payout, 'PayoutRewardDeliveryRecorded');
    expect(recorded.data).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('REWARDS.DELIVERY.FAILED') });
  });

  it('answers 200 to events it does not act on, 503 while the reward is unknown, 400 to a malformed body', async () => {
    expect((await post(webhook('R-ANY', 'ORDERS.CREATED')).expect(200)).body.data.outcome).toBe('ignored');
    const unknown = await post(webhook('R-NOT-YET')).expect(503);
    expect(unknown.body.message).toMatch(/not known here yet/);
    await post('{"event":"REWARDS.DELIVERY.SUCCEEDED"}').expect(400);
    await post('not json').expect(400);
  });

  it('accepts what the stand-in sends for an order placed through the client', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const standin = await startTremendousStandin({
      port: 0,
      webhookUrl: `${await app.getUrl()}${PATH}`.replace('[::1]', '127.0.0.1'),
      webhookSecret: SECRET,
      deliveryDelayMs: 0,
      webhookRetryDelaysMs: [20, 50, 100, 200, 400, 800],
    });
    try {
      const payout = await givenPayout(store);
      const client = new TremendousClient(clientConfig(standin.url));
      const order = await client.createOrder({
        externalId: payout.payoutId,
        amountPence: payout.amountPence,
        email: payout.email,
        name: 'Jane',
      });
      // The webhook may arrive before the row exists (503, redelivered), exactly as in production.
      await givenProjectedPayout(db, payout, order.rewardId!, order.orderId);
      await standin.settled();
      expect(standin.webhooks).toMatchObject([{ state: 'delivered', lastStatus: 200 }]);
      expect(await payoutEvents(store, payout, 'PayoutRewardDeliveryRecorded')).toHaveLength(1);
    } finally {
      await standin.close();
    }
  });
});

const clientConfig = (baseUrl: string) => ({
  baseUrl,
  apiKey: 'any',
  fundingSourceId: 'balance',
  campaignId: 'CAMPAIGN',
  products: [],
  webhookSecret: SECRET,
  signatureHeader: 'tremendous-webhook-signature',
});
