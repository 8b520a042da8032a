import { PAYOUT_REQUESTED_MESSAGE } from '@playquid/contracts';
import { handleCommand } from '@playquid/server';
import { walletDecider } from '@playquid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, earn, PAYOUT_BODY, signedPath, walletTypes } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const payoutsOf = async (token: string) => (await stack.http.get('/api/users/payouts').set('authorization', token).expect(200)).body;

/** A member with the £2 welcome bonus and an approved £1.00 offer, which unlocks the bonus: £3.00 to request. */
async function earningMember() {
  const member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
  await earn(stack, member, '1.00', { tx: `o-unlock-${member.uid}` });
  await availableBecomes(stack, member, 300);
  return member;
}

describe('POST /api/users/payout', () => {
  it('requests the whole available balance, reserves it and shows it in the history', async () => {
    const member = await registeredMember(stack);
    const auth = bearer(member);
    await availableBecomes(stack, member, 200);
    await earn(stack, member, '1.25', { tx: 'o-pay-1', offerName: 'Dragon Clash' });

    const response = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(201);
    expect(response.body).toEqual({
      success: true,
      message: PAYOUT_REQUESTED_MESSAGE,
      data: { payout_id: expect.any(String), status: 'pending', amount: 3.25, amount_pence: 325 },
    });
    const payoutId = response.body.data.payout_id as string;
    expect(await walletTypes(stack, member.uid)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'MemberQualified', 'PayoutRequested']);

    const history = await eventually(async () => {
      const body = await payoutsOf(auth);
      return body.data.length === 1 ? body : undefined;
    });
    expect(history).toEqual({
      success: true,
      message: 'Payouts loaded',
      page: 1,
      per_page: 10,
      total: 1,
      total_pages: 1,
      data: [
        {
          id: payoutId,
          user_id: member.uid,
          amount: 3.25,
          amount_pence: 325,
          status: 'pending',
          method: 'tremendous_reward',
          transaction_id: null,
          requested_at: expect.any(String),
          processed_at: null,
          notes: null,
          reason: null,
          payment_details: { delivery_method: 'email', email: member.email, account_name: null, account_number: null, sort_code: null },
          reward: { status: 'not_ordered', order_id: null, detail: null, state_at: null },
          earning_count: 2,
        },
      ],
    });
    expect(await balanceOf(stack, member)).toMatchObject({ available_pence: 0, pending_pence: 0 });
    const available = await stack.http.get('/api/users/earnings?status=approved&available_for_payout=true').set('authorization', auth).expect(200);
    expect(available.body.data).toEqual([]);
    const all = await stack.http.get('/api/users/earnings').set('authorization', auth).expect(200);
    expect(all.body.data.map((e: { payout_id: string }) => e.payout_id)).toEqual([payoutId, payoutId]);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const member = await registeredMember(stack);
    const auth = bearer(member);
    const before = await walletTypes(stack, member.uid);
    const wrongMethod = await stack.http.post('/api/users/payout').set('authorization', auth).send({ ...PAYOUT_BODY, method: 'paypal' }).expect(400);
    expect(wrongMethod.body).toMatchObject({ success: false, message: "method must be 'tremendous_reward'" });
    const noDetails = await stack.http.post('/api/users/payout').set('authorization', auth).send({ method: 'tremendous_reward' }).expect(400);
    expect(noDetails.body.errors).toContain('payment_details is required');
    const wrongDelivery = await stack.http
      .post('/api/users/payout')
      .set('authorization', auth)
      .send({ method: 'tremendous_reward', payment_details: { delivery_method: 'post' } })
      .expect(400);
    expect(wrongDelivery.body.message).toContain("payment_details.delivery_method must be 'email'");
    await stack.http.post('/api/users/payout').send(PAYOUT_BODY).expect(401);
    expect(await walletTypes(stack, member.uid)).toEqual(before);
  });

  it('refuses a second request while one is open (409), and below the minimum once paid out (400)', async () => {
    const member = await earningMember();
    const auth = bearer(member);
    await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(201);
    const again = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(409);
    expect(again.body).toMatchObject({ success: false, message: 'A payout request is already in progress. Wait until it is processed or cancel it first.' });
    expect((await walletTypes(stack, member.uid)).filter((t) => t === 'PayoutRequested')).toHaveLength(1);
  });

  it('100 requests at once for one member: exactly one succeeds and the ledger never overdraws', async () => {
    const member = await earningMember();
    const auth = bearer(member);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.success).toBe(false);

    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    const requested = wallet.filter((e) => e.type === 'PayoutRequested');
    expect(requested).toHaveLength(1);
    expect((requested[0].data as { amountPence: number }).amountPence).toBe(300);
    const row = await eventually(() => stack.db.selectFrom('balances').selectAll().where('uid', '=', member.uid).where('reserved_pence', '=', 300).executeTakeFirst());
    expect(row).toMatchObject({ available_pence: 0, reserved_pence: 300, paid_out_pence: 0 });
  });
});

describe('POST /api/users/payout/{id}/cancel', () => {
  it('cancels a pending payout and gives the money back; a second cancel is a 409', async () => {
    const member = await earningMember();
    const auth = bearer(member);
    const { payout_id: id } = (await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(201)).body.data;

    const cancelled = await stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', auth).send({}).expect(200);
    expect(cancelled.body).toEqual({ success: true, message: 'Payout cancelled successfully', data: { payout_id: id, status: 'cancelled', amount: 3, amount_pence: 300 } });
    await availableBecomes(stack, member, 300);
    const history = await eventually(async () => {
      const body = await payoutsOf(auth);
      return body.data[0]?.status === 'cancelled' ? body : undefined;
    });
    expect(history.data[0]).toMatchObject({ id, status: 'cancelled', reason: 'Cancelled by member' });

    const twice = await stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', auth).send({}).expect(409);
    expect(twice.body.message).toBe('Payout is cancelled; only pending payouts can be cancelled');
  });

  it("cannot cancel another member's payout", async () => {
    const owner = await earningMember();
    const other = await registeredMember(stack);
    const { payout_id: id } = (await stack.http.post('/api/users/payout').set('authorization', bearer(owner)).send(PAYOUT_BODY).expect(201)).body.data;
    const refused = await stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', bearer(other)).send({}).expect(404);
    expect(refused.body.message).toBe('Payout not found');
    expect((await walletTypes(stack, owner.uid)).at(-1)).toBe('PayoutRequested');
  });

  it.each(['__proto__', 'constructor', 'toString'])('answers 404 Payout not found for the id %s and writes nothing', async (id) => {
    const member = await earningMember();
    const before = await walletTypes(stack, member.uid);
    const refused = await stack.http.post(`/api/users/payout/${id}/cancel`).set('authorization', bearer(member)).send({}).expect(404);
    expect(refused.body).toMatchObject({ success: false, message: 'Payout not found' });
    expect(await walletTypes(stack, member.uid)).toEqual(before);
  });
});

describe('the welcome bonus lock', () => {
  it('refuses a bonus-only request with a clear 400, then pays bonus and offer once an offer is approved', async () => {
    const member = await registeredMember(stack);
    const auth = bearer(member);
    await availableBecomes(stack, member, 200);
    const detailed = (await stack.http.get('/api/users/balance/detailed').set('authorization', auth).expect(200)).body.data;
    expect(detailed).toMatchObject({ available_pence: 200, locked_bonus_pence: 200, withdrawable_pence: 0, can_request_payout: false });

    const refused = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(400);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'Minimum payout amount is £0.79. Your welcome bonus of £2.00 is locked until your first offer is approved.',
    });
    expect(await walletTypes(stack, member.uid)).toEqual(['WelcomeBonusGranted']);

    await earn(stack, member, '0.40', { tx: `o-lock-pending-${member.uid}`, state: 'PENDING' });
    await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(400);

    await earn(stack, member, '0.85', { tx: `o-lock-${member.uid}` });
    await availableBecomes(stack, member, 285);
    const unlocked = (await stack.http.get('/api/users/balance/detailed').set('authorization', auth).expect(200)).body.data;
    expect(unlocked).toMatchObject({ locked_bonus_pence: 0, withdrawable_pence: 285, can_request_payout: true });
    const requested = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(201);
    expect(requested.body.data).toMatchObject({ status: 'pending', amount: 2.85, amount_pence: 285 });
    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    expect((wallet.at(-1)!.data as { earningIds: string[] }).earningIds).toHaveLength(2);
  });
});

describe('a reversal after a payout', () => {
  it('takes the paid money back, leaves the balance below zero and blocks payouts until earned back', async () => {
    const member = await registeredMember(stack);
    const auth = bearer(member);
    await availableBecomes(stack, member, 200);
    await earn(stack, member, '1.00', { tx: 'o-rev-1' });
    const { payout_id: id } = (await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(201)).body.data;
    // Paid on the write side as an admin would (the admin API has its own tests).
    await handleCommand(stack.store, `wallet-${member.uid}`, walletDecider, {
      type: 'ProcessPayout',
      uid: member.uid,
      payoutId: id,
      adminEmail: 'admin@playquid.test',
      transactionReference: 'BANK-1',
      notes: null,
      now: new Date().toISOString(),
    });

    await stack.http.get(signedPath({ uid: member.uid, amount: '-1.00', tx: 'or-rev-1', ref: 'o-rev-1', state: 'RECONCILED' })).expect(200);
    await availableBecomes(stack, member, -100);
    const row = await stack.db.selectFrom('balances').selectAll().where('uid', '=', member.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ available_pence: -100, reserved_pence: 0, paid_out_pence: 300 });
    expect(await walletTypes(stack, member.uid)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'MemberQualified', 'PayoutRequested', 'PayoutProcessed', 'EarningReversed', 'MemberQualificationLost']);

    const blocked = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(400);
    expect(blocked.body.message).toBe('Your balance is below zero after a reversed earning. Payouts resume once it is earned back.');
    const earnings = (await stack.http.get('/api/users/earnings').set('authorization', auth).expect(200)).body.data;
    expect(earnings.map((e: { status: string; amount_pence: number }) => [e.status, e.amount_pence])).toEqual(
      expect.arrayContaining([
        ['rejected', 100],
        ['paid', 200],
      ]),
    );

    await earn(stack, member, '1.50', { tx: 'o-rev-2' });
    await availableBecomes(stack, member, 50);
    const small = await stack.http.post('/api/users/payout').set('authorization', auth).send(PAYOUT_BODY).expect(400);
    expect(small.body.message).toBe('Minimum payout amount is £0.79');
  });
});
