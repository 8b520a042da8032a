import { startTremendousStandin, type TremendousStandin } from '@playquid/standins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TremendousConfig } from '../config/app-config';
import { TremendousClient, TremendousError } from './tremendous.client';

const KEY = 'client-test-key';
let standin: TremendousStandin;

const configFor = (overrides: Partial<TremendousConfig> = {}): TremendousConfig => ({
  baseUrl: standin.url,
  apiKey: KEY,
  fundingSourceId: 'balance',
  campaignId: 'CAMPAIGN',
  products: [],
  webhookSecret: 'unused',
  signatureHeader: 'tremendous-webhook-signature',
  ...overrides,
});

const request = (externalId: string, name = 'Jane') => ({ externalId, amountPence: 1234, email: 'jane@playquid.test', name });

async function failureOf(promise: Promise<unknown>): Promise<TremendousError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TremendousError);
  return error as TremendousError;
}

beforeAll(async () => {
  standin = await startTremendousStandin({ port: 0, webhookSecret: 'unused', apiKey: KEY });
});
afterAll(async () => {
  await standin.close();
});

describe('TremendousClient (official SDK) against the stand-in', () => {
  it('places a GBP email reward with external_id = payout id', async () => {
    const result = await new TremendousClient(configFor()).createOrder(request('p-create'));
    expect(result).toMatchObject({ source: 'created', status: 'EXECUTED', orderId: expect.any(String), rewardId: expect.any(String) });
    const order = standin.orders.get(result.orderId)!;
    expect(order.external_id).toBe('p-create');
    expect(order.campaign_id).toBe('CAMPAIGN');
    expect(order.rewards[0]).toMatchObject({
      id: result.rewardId,
      value: { denomination: 12.34, currency_code: 'GBP' },
      recipient: { name: 'Jane', email: 'jane@playquid.test' },
      delivery: { method: 'EMAIL' },
    });
  });

  it('gets the existing order back for an identical retry', async () => {
    const client = new TremendousClient(configFor());
    const first = await client.createOrder(request('p-retry'));
    const again = await client.createOrder(request('p-retry'));
    expect(again).toEqual({ ...first, source: 'existing' });
  });

  it('adopts the existing order when a retry differs (409): one payout, one order', async () => {
    const client = new TremendousClient(configFor());
    const first = await client.createOrder(request('p-renamed', 'Jane'));
    const renamed = await client.createOrder(request('p-renamed', 'Janet'));
    expect(renamed).toEqual({ ...first, source: 'adopted' });
    expect([...standin.orders.values()].filter((o) => o.external_id === 'p-renamed')).toHaveLength(1);
  });

  it('sends products instead of a campaign when configured', async () => {
    const result = await new TremendousClient(configFor({ campaignId: undefined, products: ['GIFT1', 'GIFT2'] })).createOrder(
      request('p-products'),
    );
    expect(standin.orders.get(result.orderId)!.campaign_id).toBeNull();
  });

  it('marks a request Tremendous refuses (400) as not retryable', async () => {
    const error = await failureOf(new TremendousClient(configFor({ campaignId: undefined })).createOrder(request('p-400')));
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect(error.message).toContain('Either products or campaign_id must be specified');
  });

  it('marks 5xx, a refused key and an unreachable API as retryable', async () => {
    standin.failNextOrders(503);
    expect(await failureOf(new TremendousClient(configFor()).createOrder(request('p-503')))).toMatchObject({
      status: 503,
      retryable: true,
    });
    expect(await failureOf(new TremendousClient(configFor({ apiKey: 'wrong' })).createOrder(request('p-401')))).toMatchObject({
      status: 401,
      retryable: true,
    });
    const unreachable = new TremendousClient(configFor({ baseUrl: 'http://127.0.0.1:1/api/v2' }));
    expect(await failureOf(unreachable.createOrder(request('p-down')))).toMatchObject({ status: null, retryable: true });
    // None of those created anything, so the next attempt places the order.
    expect((await new TremendousClient(configFor()).createOrder(request('p-503'))).source).toBe('created');
  });
});
