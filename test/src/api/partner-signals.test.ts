import type { EmulatorUser } from '@playquid/scripts';
import { signCallbackUrl } from '@playquid/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, earn, makeAdmin, PAYOUT_BODY, signedPath, walletTypes } from '../support/money';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;

beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'signals-admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

/** A ban callback as BitLabs would sign it. */
const banPath = (params: Record<string, string>) =>
  signCallbackUrl(`${TEST_PUBLIC_BASE_URL}/api/bitlabs/ban-callback?${new URLSearchParams(params).toString()}`, TEST_SECRET).slice(TEST_PUBLIC_BASE_URL.length);

describe('partner signals: a fraud score of BAD', () => {
  it('holds even a small credit for review, says why on the statement, and an admin releases it', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    const tx = `o-bad-${member.uid}`;
    await stack.http.get(signedPath({ uid: member.uid, amount: '1.25', tx, offerName: 'Gem Quest', fscore: 'BAD' })).expect(200);
    const held = await eventually(async () => {
      const b = await balanceOf(stack, member);
      return b.pending_pence === 125 ? b : undefined;
    });
    expect(held).toMatchObject({ available_pence: 200, pending_pence: 125 });
    const statement = (await stack.http.get('/api/users/statement').set('authorization', bearer(member)).expect(200)).body.data;
    expect(statement.entries.at(-1).reason).toBe("Gem Quest (held for review: flagged by the offer partner's fraud check)");

    // It waits in the callbacks console's review queue like a large credit.
    const row = await eventually(async () => {
      const list = (await stack.http.get(`/api/admin/callbacks?search=${tx}`).set('authorization', bearer(admin)).expect(200)).body.data;
      return list.find((c: { transaction_id: string; review_status: string | null }) => c.transaction_id === tx && c.review_status === 'held');
    });
    await stack.http.post(`/api/admin/callbacks/${row.id}/review/approve`).set('authorization', bearer(admin)).send({ reason: 'Checked with BitLabs' }).expect(200);
    await availableBecomes(stack, member, 325);
  });

  it('a MEDIUM score credits as usual', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    await stack.http.get(signedPath({ uid: member.uid, amount: '1.25', tx: `o-medium-${member.uid}`, fscore: 'MEDIUM' })).expect(200);
    await availableBecomes(stack, member, 325);
  });
});

describe('partner signals: BitLabs ban callbacks', () => {
  it('an on_hold callback pauses payouts with the reason shown to the member and to admins; active lifts it', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    await earn(stack, member, '1.00', { tx: `o-ban-${member.uid}` });
    await availableBecomes(stack, member, 300);

    const recorded = await stack.http.get(banPath({ uid: member.uid, state: 'on_hold', reason: 'Too many chargebacks', until: '2099-12-01T00:00:00Z' })).expect(200);
    expect(recorded.body).toMatchObject({ success: true, message: 'Partner status recorded', data: { state: 'on_hold', changed: true } });
    // The same callback again changes nothing.
    expect((await stack.http.get(banPath({ uid: member.uid, state: 'on_hold', reason: 'Too many chargebacks', until: '2099-12-01T00:00:00Z' })).expect(200)).body.data.changed).toBe(false);

    const message =
      'Payouts are paused: BitLabs, our offer partner, put your account on hold (reason given: Too many chargebacks) until 1 December 2099. Your balance is kept. Contact support if you think this is a mistake.';
    const paused = await eventually(async () => {
      const b = await balanceOf(stack, member);
      return b.payout_block === 'partner-hold' ? b : undefined;
    });
    expect(paused).toMatchObject({ can_request_payout: false, payout_hold: { state: 'on_hold', reason: 'Too many chargebacks', until: '2099-12-01T00:00:00.000Z', message } });

    const refused = await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(409);
    expect(refused.body.message).toBe(message);
    expect((await walletTypes(stack, member.uid)).includes('PayoutRequested')).toBe(false);

    const listed = (await stack.http.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`).set('authorization', bearer(admin)).expect(200)).body.data;
    expect(listed.find((u: { uid: string }) => u.uid === member.uid).partner_hold).toEqual({ state: 'on_hold', reason: 'Too many chargebacks', until: '2099-12-01T00:00:00.000Z' });

    await stack.http.get(banPath({ uid: member.uid, state: 'active' })).expect(200);
    await eventually(async () => ((await balanceOf(stack, member)).can_request_payout ? true : undefined));
    await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201);
  });

  it('refuses an unsigned callback (403), an unknown state or end time (400) and an unknown member (404), writing nothing', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    const before = await walletTypes(stack, member.uid);
    await stack.http.get(`/api/bitlabs/ban-callback?uid=${member.uid}&state=banned`).expect(403);
    const badState = await stack.http.get(banPath({ uid: member.uid, state: 'suspended' })).expect(400);
    expect(badState.body.message).toBe('Unknown partner account state "suspended" (expected active, banned, shadow_ban, review, on_hold)');
    const badUntil = await stack.http.get(banPath({ uid: member.uid, state: 'banned', until: 'next week' })).expect(400);
    expect(badUntil.body.message).toBe('until must be an ISO 8601 time or Unix seconds, got "next week"');
    await stack.http.get(banPath({ uid: 'nobody-at-all', state: 'banned' })).expect(404);
    expect(await walletTypes(stack, member.uid)).toEqual(before);
  });
});
