import type { RewardOrderRequest } from '../rewards/tremendous.client';
import { describe, expect, it } from 'vitest';
import { fakeTremendous } from './fake-tremendous';

const request = (externalId: string, email = 'ana@sim.test') => ({ externalId, email, amountPence: 500 }) as RewardOrderRequest;

function fake(failing = false) {
  let id = 0;
  return fakeTremendous({ pause: async () => {}, chance: () => failing, nextId: (prefix) => `${prefix}-${++id}` });
}

describe('fakeTremendous', () => {
  it('sends one reward per external id: a repeated order gets the existing one back', async () => {
    const { tremendous, sent } = fake();
    const first = await tremendous.createOrder(request('p-1'));
    const again = await tremendous.createOrder(request('p-1'));
    expect(first).toMatchObject({ source: 'created' });
    expect(again).toMatchObject({ source: 'existing', rewardId: first.rewardId });
    expect([...sent.values()]).toEqual([{ payoutId: 'p-1', amountPence: 500, rewardId: first.rewardId, bounced: false }]);
  });

  it('refuses a refused payout for good (422) and fails now and then with a retryable 503', async () => {
    const { tremendous, refusedPayouts } = fake();
    refusedPayouts.add('p-2');
    await expect(tremendous.createOrder(request('p-2'))).rejects.toMatchObject({ status: 422, retryable: false });
    await expect(fake(true).tremendous.createOrder(request('p-3'))).rejects.toMatchObject({ status: 503, retryable: true });
  });

  it("bounces a '+fail' address and books a resend against its payout", async () => {
    const { tremendous, sent } = fake();
    await tremendous.createOrder(request('p-4-resend-1', 'ana+fail@sim.test'));
    expect(sent.get('p-4-resend-1')).toMatchObject({ payoutId: 'p-4', bounced: true });
  });
});
