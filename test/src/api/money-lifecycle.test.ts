import { OWN_MONEY_MESSAGE, REFERRAL_REVERSED_REASON, REWARD_NOT_FAILED_MESSAGE } from '@playquid/domain';
import type { EmulatorUser } from '@playquid/scripts';
import { signWebhookBody } from '@playquid/standins';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShutdownState } from '@playquid/server';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, earn, makeAdmin, PAYOUT_BODY, signedPath, walletTypes } from '../support/money';
import { eventually, type Stack, startStack, TEST_TREMENDOUS_WEBHOOK_SECRET } from '../support/stack';

// The money lifecycle end to end, on the whole back end listening for the Tremendous stand-in's
// webhooks: rewards that fail (refused orders, bounced emails) end delivered or back in the
// balance; referral rewards follow the friend's qualification under load; reversals that overtake
// their credit; late webhooks; and nobody acting as admin on their own money.

let stack: Stack;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack({ listen: true });
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

interface AdminPayoutRow {
  id: string;
  status: string;
  reward: { status: string; order_id: string | null };
  can_cancel: boolean;
  can_resend: boolean;
  can_return: boolean;
  payment_details: { email: string };
}

/** A member with a pending £3.00 payout (bonus unlocked by a £1.00 offer). */
async function memberWithPayout(label = 'member'): Promise<{ member: EmulatorUser; id: string }> {
  const member = await registeredMember(stack, { label });
  await availableBecomes(stack, member, 200);
  await earn(stack, member, '1.00', { tx: `o-${randomUUID()}` });
  await availableBecomes(stack, member, 300);
  const id = (await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201)).body.data.payout_id as string;
  await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
  return { member, id };
}

const adminPost = (path: string, body: object = {}, as: EmulatorUser = admin) => stack.http.post(path).set('authorization', bearer(as)).send(body);

const adminPayout = (id: string, matches: (row: AdminPayoutRow) => boolean, timeoutMs = 20_000) =>
  eventually(async () => {
    const body = (await stack.http.get('/api/admin/payouts?per_page=100').set('authorization', bearer(admin)).expect(200)).body;
    return (body.data as AdminPayoutRow[]).find((p) => p.id === id && matches(p));
  }, timeoutMs);

const memberPayout = (member: EmulatorUser, id: string, status: string) =>
  eventually(async () => {
    const body = (await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).expect(200)).body;
    return (body.data as Array<{ id: string; status: string; reason: string | null }>).find((p) => p.id === id && p.status === status);
  });

describe('rewards that fail end delivered or back in the balance', () => {
  it('a bounced reward email: cancel stays refused, and the admin resends it to a corrected email that is delivered', async () => {
    const { member, id } = await memberWithPayout('bounce+fail');
    await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
    const failed = await adminPayout(id, (p) => p.reward.status === 'failed');
    expect(failed).toMatchObject({ status: 'approved', can_cancel: false, can_resend: true, can_return: true });
    expect((await adminPost(`/api/admin/payouts/${id}/cancel`)).body.message).toMatch(/already been sent/);

    const corrected = `fixed-${member.uid.slice(0, 6)}@playquid.test`;
    expect((await adminPost(`/api/admin/payouts/${id}/resend`, { email: corrected }).expect(200)).body).toMatchObject({ success: true, data: { status: 'approved' } });
    const delivered = await adminPayout(id, (p) => p.reward.status === 'sent');
    expect(delivered).toMatchObject({ status: 'approved', can_resend: false, can_return: false, payment_details: { email: corrected } });
    const orders = [...stack.tremendous.orders.values()].filter((o) => o.external_id?.startsWith(id));
    expect(orders.map((o) => [o.external_id, o.rewards[0].recipient.email])).toEqual([
      [id, member.email],
      [`${id}-resend-1`, corrected],
    ]);
    // Delivered now: neither resend nor return is open any more.
    expect((await adminPost(`/api/admin/payouts/${id}/return`, { reason: 'x' }).expect(409)).body.message).toBe(REWARD_NOT_FAILED_MESSAGE);
  });

  it('a bounced reward returned to the balance: the money is back, the statement and history say why, and the member can cash out again', async () => {
    const { member, id } = await memberWithPayout('return+fail');
    await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
    await adminPayout(id, (p) => p.can_return);
    await adminPost(`/api/admin/payouts/${id}/return`, { reason: 'The reward email bounced' }).expect(200);
    await availableBecomes(stack, member, 300);
    expect(await memberPayout(member, id, 'returned')).toMatchObject({ reason: 'The reward email bounced' });
    const statement = (await stack.http.get('/api/users/statement').set('authorization', bearer(member)).expect(200)).body.data;
    expect(statement.entries.at(-1)).toMatchObject({
      kind: 'payout_released',
      reason: 'Payout of £3.00 returned to your balance: The reward email bounced',
      available_change_pence: 300,
    });
    // Exactly once: a second return is refused and moves nothing.
    await adminPost(`/api/admin/payouts/${id}/return`, { reason: 'again' }).expect(409);
    await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201);
  });

  it('an order Tremendous refuses for good returns the money at once, exactly once, with the reason', async () => {
    const { member, id } = await memberWithPayout();
    stack.tremendous.failNextOrders(422);
    await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
    await availableBecomes(stack, member, 300);
    const returned = await memberPayout(member, id, 'returned');
    expect(returned?.reason).toMatch(/^the reward order was refused \(/);
    expect((await walletTypes(stack, member.uid)).filter((t) => t === 'PayoutReturned')).toHaveLength(1);
  });

  it('an old webhook arriving late is recorded and leaves the newer delivered state alone', async () => {
    const { id } = await memberWithPayout();
    await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
    const delivered = await adminPayout(id, (p) => p.reward.status === 'sent');
    const order = stack.tremendous.orders.get(delivered.reward.order_id!)!;
    const body = JSON.stringify({
      event: 'REWARDS.DELIVERY.FAILED',
      uuid: randomUUID(),
      created_utc: '2020-01-01T00:00:00.000Z',
      payload: { resource: { id: order.rewards[0].id, type: 'rewards' } },
    });
    const response = await stack.http
      .post('/api/tremendous/webhooks')
      .set('content-type', 'application/json')
      .set('tremendous-webhook-signature', signWebhookBody(body, TEST_TREMENDOUS_WEBHOOK_SECRET))
      .send(body)
      .expect(200);
    expect(response.body.data).toMatchObject({ outcome: 'recorded', payoutId: id });
    const row = await eventually(() => stack.db.selectFrom('payouts').select(['reward_status', 'updated_at']).where('id', '=', id).executeTakeFirst().then((r) => (r && r.reward_status === 'sent' ? r : undefined)));
    expect(row.reward_status).toBe('sent');
    expect((await adminPayout(id, () => true)).can_return).toBe(false);
  });
});

describe('nobody acts as admin on their own money', () => {
  it('refuses an admin triggering a callback for themselves and deciding their own payout (403), and lets another admin decide it', async () => {
    const self = await registeredMember(stack, { label: 'selfadmin' });
    await makeAdmin(stack, self);
    const trigger = await adminPost('/api/bitlabs/callback/trigger', { uid: self.uid, amount: '49.99' }, self).expect(403);
    expect(trigger.body.message).toBe(OWN_MONEY_MESSAGE);

    await earn(stack, self, '1.00', { tx: `o-${randomUUID()}` });
    await availableBecomes(stack, self, 300);
    const id = (await stack.http.post('/api/users/payout').set('authorization', bearer(self)).send(PAYOUT_BODY).expect(201)).body.data.payout_id as string;
    await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
    const bodies: Record<string, object> = { approve: {}, reject: { reason: 'mine' }, process: { transaction_id: 'T-1' }, cancel: {} };
    for (const [action, body] of Object.entries(bodies)) {
      const refused = await adminPost(`/api/admin/payouts/${id}/${action}`, body, self);
      expect([action, refused.status, refused.body.message]).toEqual([action, 403, OWN_MONEY_MESSAGE]);
    }
    expect((await walletTypes(stack, self.uid)).at(-1)).toBe('PayoutRequested');
    await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
  });

  it('marks a credit an admin triggered for a member as such on the member’s statement', async () => {
    const member = await registeredMember(stack);
    await adminPost('/api/bitlabs/callback/trigger', { uid: member.uid, amount: '0.40', offer_name: 'Console test' }).expect(200);
    await availableBecomes(stack, member, 240);
    const statement = (await stack.http.get('/api/users/statement').set('authorization', bearer(member)).expect(200)).body.data;
    expect(statement.entries.at(-1).reason).toBe('Console test (sent by an admin from the callbacks console)');
  });
});

describe('sessions and display text', () => {
  it('ends access at once on logout: admin reads, exports and member writes refuse the old token', async () => {
    const leaving = await registeredMember(stack, { label: 'leaving' });
    await makeAdmin(stack, leaving);
    await stack.http.get('/api/admin/users').set('authorization', bearer(leaving)).expect(200);
    await stack.http.post('/api/auth/logout').set('authorization', bearer(leaving)).expect(200);
    const calls = {
      'GET /api/admin/users': stack.http.get('/api/admin/users'),
      'GET /api/admin/callbacks/export': stack.http.get('/api/admin/callbacks/export'),
      'PUT /api/users/profile': stack.http.put('/api/users/profile').send({ username: 'still-here' }),
      'GET /api/users/balance': stack.http.get('/api/users/balance'),
    };
    for (const [name, call] of Object.entries(calls)) expect([name, (await call.set('authorization', bearer(leaving))).status]).toEqual([name, 401]);
  });

  it('refuses usernames with invisible or text-direction characters and stores names in NFC', async () => {
    const member = await registeredMember(stack);
    for (const username of ['evil\u202Egpj.exe', 'ad\u200Bmin', '\u2066admin\u2069']) {
      const refused = await stack.http.put('/api/users/profile').set('authorization', bearer(member)).send({ username }).expect(400);
      expect(refused.body.errors).toEqual(['username must not contain invisible or text-direction control characters']);
    }
    const saved = await stack.http.put('/api/users/profile').set('authorization', bearer(member)).send({ username: ' Zoe\u0308 ' }).expect(200);
    expect(saved.body.data.user.username).toBe('Zoë');
  });
});

describe('referral rewards follow the friend’s qualification', () => {
  it('pays all twelve rewards when twelve friends complete their first offer at the same moment, and takes one back when its offer is reversed', async () => {
    const referrer = await registeredMember(stack, { label: 'referrer' });
    const friends: EmulatorUser[] = [];
    for (let i = 0; i < 12; i++) friends.push(await registeredMember(stack, { label: 'friend', referredBy: referrer.uid }));
    await Promise.all(friends.map((friend) => stack.http.get(signedPath({ uid: friend.uid, amount: '0.50', tx: `o-first-${friend.uid}` }, stack.url)).expect(200)));
    await availableBecomes(stack, referrer, 200 + 12 * 150);

    await stack.http.get(signedPath({ uid: friends[0].uid, amount: '-0.50', tx: `or-first-${friends[0].uid}`, ref: `o-first-${friends[0].uid}`, state: 'RECONCILED' }, stack.url)).expect(200);
    await availableBecomes(stack, referrer, 200 + 11 * 150);
    const statement = (await stack.http.get('/api/users/statement').set('authorization', bearer(referrer)).expect(200)).body.data;
    expect(statement.entries.at(-1)).toMatchObject({ kind: 'earning_reversed', reason: REFERRAL_REVERSED_REASON, available_change_pence: -150 });
  });
});

describe('a reversal that overtakes its credit', () => {
  it('is kept waiting; the credit lands reversed, unlocks neither the bonus nor a referral, and admin health shows the wait meanwhile', async () => {
    const referrer = await registeredMember(stack, { label: 'referrer' });
    const member = await registeredMember(stack, { referredBy: referrer.uid });
    await availableBecomes(stack, member, 200);
    const tx = `o-late-${member.uid}`;
    await stack.http.get(signedPath({ uid: member.uid, amount: '-0.50', tx: `or-late-${member.uid}`, ref: tx, state: 'RECONCILED' }, stack.url)).expect(200);
    await eventually(() => stack.db.selectFrom('callbacks').select('id').where('transaction_id', '=', `or-late-${member.uid}`).where('awaiting_credit', '=', true).executeTakeFirst());
    const health = (await stack.http.get('/api/admin/health').set('authorization', bearer(admin)).expect(200)).body.data;
    expect(health.unmatched_reversals.count).toBeGreaterThanOrEqual(1);
    expect(health).toMatchObject({ stuck_payouts: { count: 0, after_hours: 24 } });

    await stack.http.get(signedPath({ uid: member.uid, amount: '0.50', tx }, stack.url)).expect(200);
    const earning = await eventually(() =>
      stack.db.selectFrom('earnings').select('status').where('transaction_id', '=', tx).executeTakeFirst().then((e) => (e?.status === 'rejected' ? e : undefined)),
    );
    expect(earning.status).toBe('rejected');
    expect(await balanceOf(stack, member)).toMatchObject({ available_pence: 200 });
    // The bonus stays locked: nothing was really completed.
    expect((await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY)).status).toBe(400);
    expect(await walletTypes(stack, referrer.uid)).toEqual(['WelcomeBonusGranted']);
    expect(await stack.db.selectFrom('callbacks').select('awaiting_credit').where('transaction_id', '=', `or-late-${member.uid}`).executeTakeFirstOrThrow()).toEqual({
      awaiting_credit: false,
    });
  });
});

/** The names of the events of a member's open stream, one at a time (heartbeat comments skipped). */
function streamEvents(response: Response): () => Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        if (name) return name;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
}

describe('read-your-writes: commands name their log position, queries wait for it', () => {
  it('a payout request and an approval are read back at once by queries that pass the position', { timeout: 30_000 }, async () => {
    const member = await registeredMember(stack, { label: 'ryw' });
    await availableBecomes(stack, member, 200);
    await earn(stack, member, '1.00', { tx: `o-ryw-${randomUUID()}` });
    await availableBecomes(stack, member, 300);

    const requested = await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201);
    const position = requested.headers['x-log-position'] as string;
    expect(position).toMatch(/^\d+\/\d+$/);
    const id = requested.body.data.payout_id as string;
    // No retry loop: the read waits until the projections have applied the request's events.
    const mine = await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).set('x-min-log-position', position).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    const balance = await stack.http.get('/api/users/balance').set('authorization', bearer(member)).set('x-min-log-position', position).expect(200);
    expect(balance.body.data.available_pence).toBe(0);

    const approved = await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
    const approvedAt = approved.headers['x-log-position'] as string;
    expect(approvedAt).toMatch(/^\d+\/\d+$/);
    const list = await stack.http.get('/api/admin/payouts?per_page=100').set('authorization', bearer(admin)).set('x-min-log-position', approvedAt).expect(200);
    expect((list.body.data as AdminPayoutRow[]).find((p) => p.id === id)?.status).toBe('approved');

    // Queries only: no position in the answer. A position that is not one is refused.
    const read = await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).expect(200);
    expect(read.headers['x-log-position']).toBeUndefined();
    const refused = await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).set('x-min-log-position', 'latest').expect(400);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining('x-min-log-position') });
  });

  it("a payout status change that leaves the balance alone still reaches the member's stream", { timeout: 30_000 }, async () => {
    const { member, id } = await memberWithPayout('stream-payout');
    const abort = new AbortController();
    const response = await fetch(`${stack.url}/api/users/events`, { headers: { authorization: bearer(member), accept: 'text/event-stream' }, signal: abort.signal });
    try {
      const nextEvent = streamEvents(response);
      expect(await nextEvent()).toBe('ready');
      await adminPost(`/api/admin/payouts/${id}/approve`).expect(200);
      // Told on the payouts projection's commit: after some wallet event the member reads it approved.
      let status = 'pending';
      while (status === 'pending') {
        expect(await nextEvent()).toBe('wallet');
        const body = (await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).expect(200)).body;
        status = (body.data as Array<{ id: string; status: string }>).find((p) => p.id === id)!.status;
      }
      expect(status).toBe('approved');
    } finally {
      abort.abort();
    }
  });
});

describe('live wallet: GET /api/users/events', () => {
  it('refuses visitors; streams a member a wallet event once a callback credit is readable in their balance', { timeout: 30_000 }, async () => {
    const url = `${stack.url}/api/users/events`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect((await refused.json()).success).toBe(false);

    const member = await registeredMember(stack, { label: 'live' });
    await availableBecomes(stack, member, 200);
    const abort = new AbortController();
    const response = await fetch(url, { headers: { authorization: bearer(member), accept: 'text/event-stream' }, signal: abort.signal });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      const nextEvent = async (): Promise<string> => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            if (name) return name;
            continue; // a heartbeat comment
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          buffer += value;
        }
      };
      expect(await nextEvent()).toBe('ready');

      await stack.http.get(signedPath({ uid: member.uid, amount: '1.00', tx: `o-live-${randomUUID()}` }, stack.url)).expect(200);
      // Notified on the projection's commit: after some wallet event the credit (and the bonus it
      // unlocks) is in the balance the member reads, with no polling.
      let available = 200;
      while (available !== 300) {
        expect(await nextEvent()).toBe('wallet');
        available = (await balanceOf(stack, member)).available_pence;
      }
      expect(available).toBe(300);

      // A replica that starts draining (SIGTERM) ends its streams at once, so browsers reconnect
      // elsewhere. (Last test of the file: the stack is drained from here on.)
      stack.app.get(ShutdownState).begin(undefined, 'test');
      await expect(nextEvent()).rejects.toThrow('the stream ended');
    } finally {
      abort.abort();
    }
  });
});
