import { buildCallbackUrl } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The path and query of a URL signed as BitLabs signs it, for our in-process HTTP client. */
function signedPath(options: Parameters<typeof buildCallbackUrl>[0]): string {
  return buildCallbackUrl({ baseUrl: TEST_PUBLIC_BASE_URL, secret: TEST_SECRET, ...options }).slice(TEST_PUBLIC_BASE_URL.length);
}

async function balanceOf(token: string) {
  const response = await stack.http.get('/api/users/balance').set('authorization', `Bearer ${token}`).expect(200);
  return response.body.data;
}

describe('GET /api/bitlabs/callback -> balance', () => {
  it('credits a signed callback and the member sees it in GET /api/users/balance', async () => {
    const member = await registeredMember(stack);
    const response = await stack.http.get(signedPath({ uid: member.uid, amount: '1.25', tx: 'o-credit-1', offerName: 'Dragon Clash' })).expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Callback received', data: { transaction_id: 'o-credit-1', duplicate: false } });

    const balance = await eventually(async () => {
      const b = await balanceOf(member.idToken);
      return b.available_pence === 325 ? b : undefined;
    });
    expect(balance).toEqual({
      available_amount: 3.25,
      completed_amount: 3.25,
      pending_amount: 0,
      total_amount: 3.25,
      available_pence: 325,
      pending_pence: 0,
      total_pence: 325,
      total_transactions: 2,
      pending_transactions: 0,
      currency: 'GBP',
    });
    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    expect(wallet.map((e) => e.type)).toEqual(['WelcomeBonusGranted', 'EarningCredited']);
    expect(wallet[1].previousHash).toBe(wallet[0].hash);
    const callback = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', 'o-credit-1').where('is_processed', '=', true).executeTakeFirst(),
    );
    expect(callback).toMatchObject({ accepted: true, user_id: member.uid, reward_pence: 125, offer_state: 'COMPLETED', offer_name: 'Dragon Clash', processing_error: null });
  });

  it('answers 200 to a duplicate transaction and credits once', async () => {
    const member = await registeredMember(stack);
    const path = signedPath({ uid: member.uid, amount: '0.50', tx: 'o-dup-1' });
    await stack.http.get(path).expect(200);
    const second = await stack.http.get(path).expect(200);
    expect(second.body).toMatchObject({ success: true, data: { duplicate: true, transaction_id: 'o-dup-1' } });
    await eventually(async () => ((await balanceOf(member.idToken)).available_pence === 250 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect((await balanceOf(member.idToken)).available_pence).toBe(250);
    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    expect(wallet.filter((e) => e.type === 'EarningCredited')).toHaveLength(1);
    expect((await stack.store.readStream('callback-o-dup-1')).map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackProcessed']);
  });

  it('answers 403 to a bad hash, stores the rejection and credits nothing', async () => {
    const member = await registeredMember(stack);
    const path = signedPath({ uid: member.uid, amount: '9.99', tx: 'o-forged-1' }).replace('val=9.99', 'val=99.99');
    const response = await stack.http.get(path).expect(403);
    expect(response.body).toMatchObject({ success: false, message: 'Invalid hash' });
    const rejected = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', 'o-forged-1').executeTakeFirst(),
    );
    expect(rejected).toMatchObject({ accepted: false, rejection_reason: 'Invalid hash', user_id: member.uid });
    expect(await stack.store.readStream('callback-o-forged-1')).toEqual([]);
    expect((await balanceOf(member.idToken)).available_pence).toBe(200);
  });

  it('answers 400 to a signed callback with a malformed amount and credits nothing', async () => {
    const member = await registeredMember(stack);
    const response = await stack.http.get(signedPath({ uid: member.uid, amount: 'abc', tx: 'o-bad-val' })).expect(400);
    expect(response.body.message).toBe('Invalid parameter: val=abc');
    expect(await stack.store.readStream('callback-o-bad-val')).toEqual([]);
  });

  it('records a processing error for an unknown member and credits nobody', async () => {
    await stack.http.get(signedPath({ uid: 'nobody-here', amount: '1.00', tx: 'o-unknown-1' })).expect(200);
    const row = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', 'o-unknown-1').where('processing_error', 'is not', null).executeTakeFirst(),
    );
    expect(row).toMatchObject({ is_processed: false, processing_error: 'Unknown member nobody-here' });
    expect(await stack.store.readStream('wallet-nobody-here')).toEqual([]);
  });

  it('keeps pending money out of the available balance until the same transaction completes', async () => {
    const member = await registeredMember(stack);
    await stack.http.get(signedPath({ uid: member.uid, amount: '2.00', tx: 'o-stateful-1', state: 'PENDING' })).expect(200);
    const pending = await eventually(async () => {
      const b = await balanceOf(member.idToken);
      return b.pending_pence === 200 ? b : undefined;
    });
    expect(pending).toMatchObject({ available_pence: 200, pending_pence: 200, total_pence: 400, pending_transactions: 1 });
    await stack.http.get(signedPath({ uid: member.uid, amount: '2.00', tx: 'o-stateful-1', state: 'COMPLETED' })).expect(200);
    const approved = await eventually(async () => {
      const b = await balanceOf(member.idToken);
      return b.available_pence === 400 ? b : undefined;
    });
    expect(approved).toMatchObject({ pending_pence: 0, total_pence: 400, pending_transactions: 0 });
  });
});
