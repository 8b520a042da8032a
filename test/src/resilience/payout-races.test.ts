import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, earn, makeAdmin, PAYOUT_BODY } from '../support/money';
import { eventCount, settled } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

/**
 * R2: payout requests and admin decisions racing each other. Whatever the interleaving, a payout
 * ends one way only, there is never more than one reward order per member's money, and no balance
 * goes below zero.
 */
let stack: Stack;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

// The £2 welcome bonus plus an approved £1 offer (which also unlocks the bonus for withdrawal).
const FUNDED_PENCE = 300;
const ALREADY_SENT = 'The reward email has already been sent; this payout can no longer be cancelled';

async function fundedMember(tx: string): Promise<EmulatorUser> {
  const member = await registeredMember(stack, { label: 'r2' });
  await earn(stack, member, '1.00', { tx });
  await availableBecomes(stack, member, FUNDED_PENCE);
  return member;
}

const adminCall = (action: 'approve' | 'cancel' | 'reject' | 'process', id: string) =>
  stack.http
    .post(`/api/admin/payouts/${id}/${action}`)
    .set('authorization', bearer(admin))
    .send(action === 'reject' ? { reason: 'R2 race' } : action === 'process' ? { transaction_id: `R2-${id.slice(0, 8)}` } : {});

const ordersFor = (member: EmulatorUser) =>
  [...stack.tremendous.orders.values()].filter((o) => o.rewards.some((r) => r.recipient.email === member.email));

async function payoutEvents(member: EmulatorUser, payoutId: string) {
  const events = await stack.store.readStream(`wallet-${member.uid}`);
  return events.filter((e) => (e.data as { payoutId?: string }).payoutId === payoutId).map((e) => e.type);
}

/** Waits until follow-up work (reward orders and their webhooks) is done, then checks the money. */
async function assertLedger(member: EmulatorUser, payoutId: string) {
  await settled(stack, 500);
  await stack.tremendous.settled();
  const types = await payoutEvents(member, payoutId);
  const endings = types.filter((t) => t === 'PayoutCancelled' || t === 'PayoutRejected' || t === 'PayoutProcessed');
  expect(endings.length, `payout ${payoutId}: ${types.join(', ')}`).toBeLessThanOrEqual(1);
  expect(types.filter((t) => t === 'PayoutApproved').length).toBeLessThanOrEqual(1);
  const orders = ordersFor(member);
  expect(orders.length).toBeLessThanOrEqual(1);
  const moneyCameBack = endings[0] === 'PayoutCancelled' || endings[0] === 'PayoutRejected';
  // An order sent is money gone: the reserve must not also return to the member.
  if (orders.length === 1) expect(moneyCameBack, `payout ${payoutId} ordered and given back: ${types.join(', ')}`).toBe(false);

  const row = await eventually(async () => {
    const balance = await stack.db.selectFrom('balances').selectAll().where('uid', '=', member.uid).executeTakeFirstOrThrow();
    const expectedAvailable = moneyCameBack ? FUNDED_PENCE : 0;
    return balance.available_pence === expectedAvailable ? balance : undefined;
  });
  expect(row.available_pence).toBeGreaterThanOrEqual(0);
  expect(row.available_pence + row.reserved_pence + row.paid_out_pence).toBe(FUNDED_PENCE);
  return { types, endings, orders };
}

describe('R2: payout races', () => {
  let members: EmulatorUser[] = [];
  const payoutIds: string[] = [];

  it('100 concurrent requests from 10 members: one payout each, never more than the balance', { timeout: 120_000 }, async () => {
    members = await Promise.all(Array.from({ length: 10 }, (_, i) => fundedMember(`r2-fund-${i}-${Date.now()}`)));
    const attempts = members.flatMap((m) => Array.from({ length: 10 }, () => m));
    const responses = await Promise.all(
      attempts.map((m) => stack.http.post('/api/users/payout').set('authorization', bearer(m)).send(PAYOUT_BODY)),
    );
    for (const [i, member] of members.entries()) {
      const mine = responses.slice(i * 10, i * 10 + 10);
      expect(mine.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const created = mine.find((r) => r.status === 201)!;
      expect(created.body.data).toMatchObject({ status: 'pending', amount_pence: FUNDED_PENCE });
      payoutIds[i] = created.body.data.payout_id;
      const requested = (await stack.store.readStream(`wallet-${member.uid}`)).filter((e) => e.type === 'PayoutRequested');
      expect(requested).toHaveLength(1);
    }
    for (const id of payoutIds) await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
  });

  it(
    'approve vs cancel, cancel vs process, approve vs approve, approve vs reject vs member cancel: one ending, at most one order',
    { timeout: 120_000 },
    async () => {
      expect(payoutIds).toHaveLength(10);
      const races: Array<Array<() => Promise<{ status: number }>>> = payoutIds.map((id, i) => {
        const member = members[i];
        if (i < 3) return [() => adminCall('approve', id), () => adminCall('cancel', id)];
        if (i < 6) return [() => adminCall('cancel', id), () => adminCall('process', id)];
        if (i < 8) return [() => adminCall('approve', id), () => adminCall('approve', id)];
        return [
          () => adminCall('approve', id),
          () => adminCall('reject', id),
          () => stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', bearer(member)).send({}),
        ];
      });
      const outcomes = await Promise.all(races.map((calls) => Promise.all(calls.map((call) => call()))));
      for (const [i, statuses] of outcomes.map((o) => o.map((r) => r.status)).entries()) {
        for (const status of statuses) expect([200, 409]).toContain(status);
        const { types, endings, orders } = await assertLedger(members[i], payoutIds[i]);
        console.log(`R2 race ${i}: answers ${statuses.join('/')}, ended ${endings[0] ?? 'open'}, ${orders.length} order(s)`);
        if (i >= 3 && i < 6) {
          expect(
            statuses.filter((s) => s === 200),
            `cancel vs process: ${types.join(', ')}`,
          ).toHaveLength(1);
          expect(endings).toHaveLength(1);
        }
        if (i >= 6 && i < 8) expect(statuses.sort()).toEqual([200, 409]);
      }
    },
  );

  it(
    'once the reward order is placed, cancel and reject are refused with 409 and the money cannot be requested again',
    { timeout: 60_000 },
    async () => {
      const member = await fundedMember(`r2-sent-${Date.now()}`);
      const id = (await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201)).body.data
        .payout_id as string;
      await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
      await adminCall('approve', id).expect(200);
      await eventually(async () => (ordersFor(member).length === 1 ? true : undefined));
      await eventually(async () => ((await payoutEvents(member, id)).includes('PayoutRewardOrdered') ? true : undefined));
      const before = await settled(stack, 300);

      const [cancel, reject, memberCancel] = await Promise.all([
        adminCall('cancel', id),
        adminCall('reject', id),
        stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', bearer(member)).send({}),
      ]);
      expect(cancel.status).toBe(409);
      expect(cancel.body).toMatchObject({ success: false, message: ALREADY_SENT });
      expect(reject.status).toBe(409);
      expect(reject.body.message).toMatch(/^The reward email has already been sent; this payout can no longer be/);
      expect(memberCancel.status).toBe(409);
      expect(await eventCount(stack)).toBe(before);

      const again = await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY);
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      await settled(stack, 300);
      expect(ordersFor(member)).toHaveLength(1);
      const balance = await stack.db.selectFrom('balances').selectAll().where('uid', '=', member.uid).executeTakeFirstOrThrow();
      expect(balance).toMatchObject({ available_pence: 0, reserved_pence: FUNDED_PENCE });
    },
  );
});
