import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTremendousStandin, type TremendousStandin } from './standin';

const SECRET = 'standin-secret';
const KEY = 'standin-key';

/** A webhook endpoint that answers the given statuses in turn (the last one repeats). */
async function startReceiver(statuses: number[]) {
  const received: Array<{ headers: IncomingHttpHeaders; body: Buffer; answered: number }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = statuses[Math.min(received.length, statuses.length - 1)];
      received.push({ headers: req.headers, body: Buffer.concat(chunks), answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const order = (overrides: { externalId?: string; email?: string; denomination?: number } = {}) => ({
  external_id: overrides.externalId ?? 'payout-1',
  payment: { funding_source_id: 'balance' },
  reward: {
    campaign_id: 'CAMPAIGN',
    value: { denomination: overrides.denomination ?? 2, currency_code: 'GBP' },
    recipient: { name: 'Jane', email: overrides.email ?? 'jane@playquid.test' },
    delivery: { method: 'EMAIL' },
  },
});

async function call(standin: TremendousStandin, method: string, path: string, body?: unknown, key = KEY) {
  const response = await fetch(`${standin.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('Tremendous stand-in', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  async function start(webhookUrl?: string) {
    const standin = await startTremendousStandin({
      port: 0,
      webhookUrl,
      webhookSecret: SECRET,
      apiKey: KEY,
      deliveryDelayMs: 0,
      webhookRetryDelaysMs: [10, 10, 10],
    });
    cleanups.push(() => standin.close());
    return standin;
  }

  it('is idempotent on external_id: the same payload returns the existing order, another payload is 409', async () => {
    const standin = await start();
    const first = await call(standin, 'POST', '/orders', order());
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({
      external_id: 'payout-1',
      status: 'EXECUTED',
      rewards: [{ value: { denomination: 2, currency_code: 'GBP' } }],
    });

    const again = await call(standin, 'POST', '/orders', order());
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(first.body.order.id);

    const conflict = await call(standin, 'POST', '/orders', order({ denomination: 3 }));
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors.message).toMatch(/external_id/);
    expect(standin.orders.size).toBe(1);

    const other = await call(standin, 'POST', '/orders', order({ externalId: 'payout-2' }));
    expect(other.body.order.id).not.toBe(first.body.order.id);
    expect(standin.orders.size).toBe(2);
  });

  it('serves orders by id or external id and rewards by id', async () => {
    const standin = await start();
    const created = (await call(standin, 'POST', '/orders', order())).body.order;
    expect((await call(standin, 'GET', `/orders/${created.id}`)).body.order.id).toBe(created.id);
    expect((await call(standin, 'GET', '/orders/payout-1')).body.order.id).toBe(created.id);
    expect((await call(standin, 'GET', `/rewards/${created.rewards[0].id}`)).body.reward.order_id).toBe(created.id);
    expect((await call(standin, 'GET', '/orders/nope')).status).toBe(404);
  });

  it('wants the Bearer key and a complete order', async () => {
    const standin = await start();
    expect((await call(standin, 'POST', '/orders', order(), 'wrong')).status).toBe(401);
    const { campaign_id: _, ...withoutCampaign } = order().reward;
    expect((await call(standin, 'POST', '/orders', { ...order(), reward: withoutCampaign })).status).toBe(400);
    expect((await call(standin, 'POST', '/orders', order({ email: 'not-an-email' }))).status).toBe(400);
    expect(standin.orders.size).toBe(0);
  });

  it('sends a signed delivery webhook and retries it until it is accepted', async () => {
    const receiver = await startReceiver([503, 200]);
    cleanups.push(receiver.close);
    const standin = await start(receiver.url);
    const created = (await call(standin, 'POST', '/orders', order())).body.order;
    await standin.settled();

    expect(receiver.received.map((r) => r.answered)).toEqual([503, 200]);
    const [first, second] = receiver.received;
    expect(second.body.equals(first.body)).toBe(true); // a redelivery, same uuid
    expect(second.headers['tremendous-webhook-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(second.body).digest('hex')}`);
    expect(JSON.parse(second.body.toString())).toMatchObject({
      event: 'REWARDS.DELIVERY.SUCCEEDED',
      uuid: expect.any(String),
      created_utc: expect.any(String),
      payload: { resource: { id: created.rewards[0].id, type: 'rewards' } },
    });
    expect(standin.webhooks).toMatchObject([{ state: 'delivered', attempts: 2, lastStatus: 200 }]);
    // An identical retry of the order sends nothing new.
    await call(standin, 'POST', '/orders', order());
    await standin.settled();
    expect(receiver.received).toHaveLength(2);
  });

  it('reports a failed delivery for a recipient with +fail and gives up after its retries', async () => {
    const receiver = await startReceiver([500]);
    cleanups.push(receiver.close);
    const standin = await start(receiver.url);
    await call(standin, 'POST', '/orders', order({ email: 'jane+fail@playquid.test' }));
    await standin.settled();
    expect(JSON.parse(receiver.received[0].body.toString()).event).toBe('REWARDS.DELIVERY.FAILED');
    expect(receiver.received).toHaveLength(4);
    expect(standin.webhooks).toMatchObject([{ state: 'gave_up', attempts: 4 }]);
  });

  it('can be told to fail the next orders (test hook)', async () => {
    const standin = await start();
    standin.failNextOrders(500);
    expect((await call(standin, 'POST', '/orders', order())).status).toBe(500);
    expect((await call(standin, 'POST', '/orders', order())).status).toBe(200);
  });
});
