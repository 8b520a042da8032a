import { buildCallbackUrl } from '@playquid/scripts';
import { sql } from 'kysely';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from '../support/stack';

let stack: Stack;
/** Small, so the throttling scenario needs few requests (the other unsigned requests here stay below it). */
const UNSIGNED_PER_MINUTE = 6;
beforeAll(async () => {
  process.env.BITLABS_UNSIGNED_PER_MINUTE = String(UNSIGNED_PER_MINUTE);
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The path and query of a URL signed as BitLabs signs it, for our in-process HTTP client. */
function signedPath(options: Parameters<typeof buildCallbackUrl>[0]): string {
  return buildCallbackUrl({ baseUrl: TEST_PUBLIC_BASE_URL, secret: TEST_SECRET, ...options }).slice(TEST_PUBLIC_BASE_URL.length);
}

/** Any query, signed over the public URL as BitLabs signs it (for parameters buildCallbackUrl cannot send). */
function signedQuery(query: string): string {
  const path = `/api/bitlabs/callback?${query}`;
  return `${path}&hash=${createHmac('sha1', TEST_SECRET).update(`${TEST_PUBLIC_BASE_URL}${path}`).digest('hex')}`;
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
      total_earned: 3.25,
      total_earned_pence: 325,
      total_transactions: 2,
      pending_transactions: 0,
      currency: 'GBP',
      // The one payout answer every screen shows: the first approved offer unlocked the bonus.
      withdrawable_pence: 325,
      locked_bonus_pence: 0,
      can_request_payout: true,
      payout_block: null,
      payout_hold: null,
      payout_shortfall_pence: 0,
      min_payout_pence: 79,
    });
    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    expect(wallet.map((e) => e.type)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'MemberQualified']);
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
    // The duplicate appended nothing (the log proves it; no waiting for a second credit that cannot come).
    const wallet = await stack.store.readStream(`wallet-${member.uid}`);
    expect(wallet.filter((e) => e.type === 'EarningCredited')).toHaveLength(1);
    expect((await stack.store.readStream('callback-o-dup-1')).map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackProcessed']);
  });

  it('answers 403 to a bad hash, keeps it in the bounded unsigned list (no event) and credits nothing', async () => {
    const member = await registeredMember(stack);
    const path = signedPath({ uid: member.uid, amount: '9.99', tx: 'o-forged-1' }).replace('val=9.99', 'val=99.99');
    const eventsBefore = await eventCount();
    const response = await stack.http.get(path).expect(403);
    expect(response.body).toMatchObject({ success: false, message: 'Invalid hash' });
    const missing = await stack.http.get(`/api/bitlabs/callback?uid=${member.uid}&tx=o-forged-2&val=5.00`).expect(403);
    expect(missing.body).toMatchObject({ success: false, message: 'Missing hash' });
    expect(await eventCount()).toBe(eventsBefore);
    const rows = await stack.db.selectFrom('callback_log').selectAll().where('transaction_id', 'in', ['o-forged-1', 'o-forged-2']).orderBy('created_at').execute();
    expect(rows).toMatchObject([
      { unsigned: true, accepted: false, rejection_reason: 'Invalid hash', user_id: member.uid, user_reward_raw: '99.99', source_ip: '127.0.0.1' },
      { unsigned: true, accepted: false, rejection_reason: 'Missing hash', user_id: member.uid, callback_hash: null },
    ]);
    expect(await stack.store.readStream('callback-o-forged-1')).toEqual([]);
    // Only the welcome bonus (projected a moment after sign-up): the forged £99.99 never arrives.
    await eventually(async () => ((await balanceOf(member.idToken)).available_pence === 200 ? true : undefined));
    expect(await stack.store.readStream(`wallet-${member.uid}`)).toHaveLength(1);
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

const eventCount = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(stack.db)).rows[0].n);
const rejectedRow = (tx: string) =>
  eventually(() => stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', tx).where('accepted', '=', false).executeTakeFirst());

describe('GET /api/bitlabs/callback: money integrity (issue 7)', () => {
  it.each([
    ['90071992547409.91', 'o-huge-1', 'val exceeds the maximum single credit of £1,000.00'],
    ['1000.01', 'o-huge-2', 'val exceeds the maximum single credit of £1,000.00'],
    ['1.255', 'o-precise-1', 'Invalid parameter: val=1.255 is more precise than whole pence'],
    ['1e3', 'o-exponent-1', 'Invalid parameter: val=1e3'],
  ])('refuses a signed val=%s with 400, stores it as rejected and credits nothing', async (amount, tx, reason) => {
    const member = await registeredMember(stack);
    const response = await stack.http.get(signedPath({ uid: member.uid, amount, tx })).expect(400);
    expect(response.body).toMatchObject({ success: false, message: reason });
    expect(await rejectedRow(tx)).toMatchObject({ accepted: false, rejection_reason: reason, user_id: member.uid, user_reward_raw: amount });
    expect(await stack.store.readStream(`callback-${tx}`)).toEqual([]);
    expect(await stack.store.readStream(`wallet-${member.uid}`)).toHaveLength(1);
    expect((await balanceOf(member.idToken)).available_pence).toBe(200);
  });

  it.each([
    ['a NUL byte', 'o-nul%00x', 'Parameter tx contains a NUL byte', 'o-nul\uFFFDx'],
    ['a lone surrogate', 'o-surrogate%ED%A0%80', 'Parameter tx is not valid UTF-8 text (malformed bytes or a lone surrogate)', 'o-surrogate\uFFFD\uFFFD\uFFFD'],
  ])('refuses a signed callback with %s with 400 and stores it as rejected, jsonb-safe', async (_label, tx, reason, stored) => {
    const member = await registeredMember(stack);
    const response = await stack.http.get(signedQuery(`uid=${member.uid}&tx=${tx}&val=1.00&state=COMPLETED`)).expect(400);
    expect(response.body).toMatchObject({ success: false, message: reason });
    const row = await rejectedRow(stored);
    expect(row).toMatchObject({ rejection_reason: reason, raw_parameters: { uid: member.uid, tx: stored, val: '1.00', state: 'COMPLETED' } });
    expect((await balanceOf(member.idToken)).available_pence).toBe(200);
  });

  it('answers 409 to the same transaction id for a second member and credits only the first', async () => {
    const first = await registeredMember(stack);
    const second = await registeredMember(stack);
    await stack.http.get(signedPath({ uid: first.uid, amount: '1.50', tx: 'o-shared-1' })).expect(200);
    await eventually(async () => ((await balanceOf(first.idToken)).available_pence === 350 ? true : undefined));
    const response = await stack.http.get(signedPath({ uid: second.uid, amount: '1.50', tx: 'o-shared-1' })).expect(409);
    expect(response.body).toMatchObject({ success: false, message: 'Transaction id o-shared-1 already belongs to another member; it is never credited twice' });
    await eventually(async () => ((await balanceOf(first.idToken)).available_pence === 350 ? true : undefined));
    const row = await rejectedRow('o-shared-1');
    expect(row).toMatchObject({ user_id: second.uid, rejection_reason: 'Transaction id o-shared-1 already belongs to another member; it is never credited twice' });
    expect((await stack.store.readStream('callback-o-shared-1')).map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackProcessed', 'CallbackRejected']);
    expect(await stack.store.readStream(`wallet-${second.uid}`)).toHaveLength(1);
    expect((await balanceOf(second.idToken)).available_pence).toBe(200);
  });

  it('records a debug=true callback as processed and credits nothing', async () => {
    const member = await registeredMember(stack);
    await stack.http.get(signedQuery(`uid=${member.uid}&tx=o-debug-1&val=5.00&state=COMPLETED&debug=true`)).expect(200);
    const row = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', 'o-debug-1').where('is_processed', '=', true).executeTakeFirst(),
    );
    expect(row).toMatchObject({ accepted: true, reward_pence: 500, earning_id: null });
    const events = await stack.store.readStream('callback-o-debug-1');
    expect(events[1]).toMatchObject({ type: 'CallbackProcessed', data: { outcome: 'debug_not_credited', earningId: null } });
    expect(await stack.store.readStream(`wallet-${member.uid}`)).toHaveLength(1);
    expect((await balanceOf(member.idToken)).available_pence).toBe(200);
  });

  it('processes tx=constructor and tx=__proto__ like any transaction, and ref=__proto__ names only that transaction', async () => {
    const member = await registeredMember(stack);
    for (const tx of ['constructor', '__proto__']) {
      await stack.http.get(signedQuery(`uid=${member.uid}&tx=${tx}&val=1.00&state=COMPLETED`)).expect(200);
    }
    await eventually(async () => ((await balanceOf(member.idToken)).available_pence === 400 ? true : undefined));
    // A member with no such credit: the reversal waits for it (processed, awaiting its credit), as a plain key.
    const other = await registeredMember(stack);
    await stack.http.get(signedQuery(`uid=${other.uid}&tx=or-proto-2&val=-1.00&state=RECONCILED&ref=__proto__`)).expect(200);
    const waiting = await eventually(() =>
      // The wallet's ReversalAwaitingCredit and the callback's CallbackProcessed are two appends: wait for both.
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', 'or-proto-2').where('awaiting_credit', '=', true).where('is_processed', '=', true).executeTakeFirst(),
    );
    expect(waiting).toMatchObject({ is_processed: true, processing_error: null, raw_parameters: { ref: '__proto__' } });
    expect((await balanceOf(other.idToken)).available_pence).toBe(200);
    // The member who has it: the reversal takes back exactly that credit.
    await stack.http.get(signedQuery(`uid=${member.uid}&tx=or-proto-1&val=-1.00&state=RECONCILED&ref=__proto__`)).expect(200);
    await eventually(async () => ((await balanceOf(member.idToken)).available_pence === 300 ? true : undefined));
    const earnings = await stack.db.selectFrom('earnings').select(['transaction_id', 'status']).where('uid', '=', member.uid).where('kind', '=', 'offer').orderBy('transaction_id').execute();
    expect(earnings).toEqual([
      { transaction_id: '__proto__', status: 'rejected' },
      { transaction_id: 'constructor', status: 'approved' },
    ]);
  });

  // Last in this file: it spends this address's unsigned allowance for the minute.
  it('limits unsigned requests per address with a helpful 429, while a signed callback from it still gets 200', async () => {
    const member = await registeredMember(stack);
    const statuses: number[] = [];
    let limited: { status: number; body: { message: string } } | undefined;
    for (let i = 0; i <= UNSIGNED_PER_MINUTE && !limited; i++) {
      const response = await stack.http.get(`/api/bitlabs/callback?uid=${member.uid}&tx=o-flood-${i}&val=1.00&hash=${'0'.repeat(40)}`);
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(statuses.filter((s) => s !== 403 && s !== 429)).toEqual([]);
    expect(limited?.body.message).toMatch(/^Too many unsigned callback requests from this address; try again in \d+ seconds\./);
    const signed = await stack.http.get(signedPath({ uid: member.uid, amount: '1.00', tx: 'o-after-flood' }));
    expect(signed.status).toBe(200);
    await eventually(async () => ((await balanceOf(member.idToken)).available_pence === 300 ? true : undefined));
  });
});
