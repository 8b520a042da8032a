import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, makeAdmin } from '../support/money';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL } from '../support/stack';

/**
 * The BitLabs admin tools. supertest makes the in-process server listen on an ephemeral port while
 * a request is in flight, so test and trigger callbacks reach the intake over real HTTP here; the
 * inject path (nothing listening) is covered by the server's local-callback.client unit test.
 */
let stack: Stack;
let admin: EmulatorUser;
let member: EmulatorUser;

const get = (path: string) => stack.http.get(path).set('authorization', bearer(admin));
const trigger = (body: object) => stack.http.post('/api/bitlabs/callback/trigger').set('authorization', bearer(admin)).send(body);
const processedRow = (tx: string) =>
  eventually(() => stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', tx).where('is_processed', '=', true).executeTakeFirst());

const ZERO_COUNTS = { total: 0, rejected: 0, processed: 0, failed: 0, pending_processing: 0, by_state: { COMPLETED: 0, PENDING: 0, RECONCILED: 0, NONE: 0 } };

beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
  member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
});
afterAll(() => stack?.close());

describe('BitLabs admin routes', () => {
  it('refuse members (403) and visitors (401)', async () => {
    const calls = () => [
      stack.http.get('/api/bitlabs/status'),
      stack.http.get('/api/bitlabs/activity'),
      stack.http.post('/api/bitlabs/test'),
      stack.http.post('/api/bitlabs/callback/trigger').send({ uid: member.uid, amount: '1.00' }),
    ];
    for (const call of calls()) expect((await call.set('authorization', bearer(member))).status).toBe(403);
    for (const call of calls()) expect((await call).status).toBe(401);
  });

  it('GET /api/bitlabs/status reports the configuration, before any callback', async () => {
    const response = await get('/api/bitlabs/status').expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'BitLabs status loaded',
      data: {
        configured: true,
        secret_source: 'environment',
        public_base_url: TEST_PUBLIC_BASE_URL,
        callback_url: `${TEST_PUBLIC_BASE_URL}/api/bitlabs/callback`,
        allow_list: { enabled: false, ips: [] },
        last_callback_received_at: null,
        last_24h: ZERO_COUNTS,
      },
    });
  });

  it("POST /api/bitlabs/test sends a signed debug callback for the admin and returns the endpoint's answer", async () => {
    const response = await stack.http.post('/api/bitlabs/test').set('authorization', bearer(admin)).expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Test callback sent: the callback endpoint answered 200' });
    const data = response.body.data;
    expect(data.transaction_id).toMatch(/^test-/);
    expect(data.url).toMatch(
      new RegExp(
        `^${TEST_PUBLIC_BASE_URL.replace(/\./g, '\\.')}/api/bitlabs/callback\\?uid=${admin.uid}&tx=${data.transaction_id}&val=0\\.01` +
          `&offer_name=PlayQuid\\+callback\\+test&state=COMPLETED&type=COMPLETE&debug=true&pq_triggered_by=${encodeURIComponent(admin.email!).replace(/\./g, '\\.')}&hash=[0-9a-f]{40}$`,
      ),
    );
    expect(data).toMatchObject({
      transport: 'http',
      status: 200,
      body: { success: true, message: 'Callback received', data: { transaction_id: data.transaction_id, duplicate: false } },
    });
    const row = await processedRow(data.transaction_id);
    expect(row).toMatchObject({ accepted: true, user_id: admin.uid, reward_pence: 1, triggered_by: admin.email, earning_id: null });
    expect(row.raw_parameters).toMatchObject({ debug: 'true' });
    // A debug callback is recorded, never money.
    const stream = await stack.store.readStream(`callback-${data.transaction_id}`);
    expect(stream.map((e) => [e.type, (e.data as { outcome?: string }).outcome])).toEqual([
      ['CallbackReceived', undefined],
      ['CallbackProcessed', 'debug_not_credited'],
    ]);
    expect(stream[0].data).toMatchObject({ triggeredBy: admin.email, debug: true });
    expect((await stack.store.readStream(`wallet-${admin.uid}`)).map((e) => e.type)).toEqual(['WelcomeBonusGranted']);
  });

  it('POST /api/bitlabs/callback/trigger credits through the real endpoint, answers duplicates, and reverses', async () => {
    const credit = await trigger({ uid: member.uid, amount: '1.25', offer_id: '77', offer_name: 'Trigger Game' }).expect(200);
    expect(credit.body).toMatchObject({
      success: true,
      message: 'Callback sent: the callback endpoint answered 200',
      data: { transport: 'http', status: 200, body: { success: true, data: { duplicate: false } } },
    });
    const tx: string = credit.body.data.transaction_id;
    expect(tx).toMatch(/^o\d/);
    await availableBecomes(stack, member, 325);
    expect(await processedRow(tx)).toMatchObject({ offer_id: '77', offer_name: 'Trigger Game', offer_state: 'COMPLETED', reward_pence: 125, triggered_by: admin.email });
    expect((await stack.store.readStream(`callback-${tx}`))[0].data).toMatchObject({ triggeredBy: admin.email });

    const duplicate = await trigger({ uid: member.uid, amount: '1.25', tx }).expect(200);
    expect(duplicate.body.data).toMatchObject({ transaction_id: tx, status: 200, body: { message: 'Duplicate transaction: already received', data: { duplicate: true } } });

    const reversal = await trigger({ uid: member.uid, amount: '-1.25', ref: tx }).expect(200);
    expect(reversal.body.data.transaction_id).toMatch(/^or\d/);
    expect(reversal.body.data.url).toContain('&state=RECONCILED&type=RECONCILIATION&ref=');
    await availableBecomes(stack, member, 200);
    expect(await processedRow(reversal.body.data.transaction_id)).toMatchObject({ offer_state: 'RECONCILED', reward_pence: -125 });
  });

  it('POST /api/bitlabs/callback/trigger refuses malformed bodies with clear 400s', async () => {
    const amountMessage = 'amount must be a decimal string with 2 to 4 decimals, e.g. "1.25" or "-1.25" for a reversal';
    const cases: [object, string][] = [
      [{ amount: '1.00' }, 'uid is required'],
      [{ uid: '  ', amount: '1.00' }, 'uid is required'],
      [{ uid: 'x'.repeat(66), amount: '1.00' }, 'uid must be at most 65 characters'],
      [{ uid: member.uid }, amountMessage],
      [{ uid: member.uid, amount: '1.2' }, amountMessage],
      [{ uid: member.uid, amount: '1.23456' }, amountMessage],
      [{ uid: member.uid, amount: 1.25 }, amountMessage],
      [{ uid: member.uid, amount: '0.00' }, 'amount must not be zero'],
      [{ uid: member.uid, amount: '-1.00' }, 'ref (the original transaction id) is required for a negative amount (a reversal)'],
      [{ uid: member.uid, amount: '-1.00', ref: 'o1', state: 'COMPLETED' }, 'a negative amount (a reversal) must have state RECONCILED'],
      [{ uid: member.uid, amount: '1.00', state: 'DONE' }, 'state must be one of COMPLETED, PENDING, RECONCILED, NONE'],
      [{ uid: member.uid, amount: '1.00', colour: 'red' }, 'property colour should not exist'],
    ];
    for (const [body, message] of cases) {
      const response = await trigger(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('GET /api/bitlabs/activity counts per hour and per state', async () => {
    const byDefault = await get('/api/bitlabs/activity').expect(200);
    expect(byDefault.body.data.hours).toBe(24);
    expect(byDefault.body.data.buckets).toHaveLength(24);

    const response = await get('/api/bitlabs/activity?hours=2').expect(200);
    const activity = response.body.data;
    expect(activity.buckets).toHaveLength(2);
    const currentHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect(activity.buckets[1].hour).toBe(currentHour);
    // The test callback, the trigger credit and its reversal; the duplicate stored nothing new.
    expect(activity.totals).toEqual({ ...ZERO_COUNTS, total: 3, processed: 3, by_state: { COMPLETED: 2, PENDING: 0, RECONCILED: 1, NONE: 0 } });
    expect(activity.buckets[0].total + activity.buckets[1].total).toBe(3);

    for (const [hours, message] of [
      ['0', 'hours must be between 1 and 168'],
      ['169', 'hours must be between 1 and 168'],
      ['abc', 'hours must be a whole number'],
    ]) {
      expect((await get(`/api/bitlabs/activity?hours=${hours}`).expect(400)).body.message).toBe(message);
    }
  });

  it('GET /api/bitlabs/status shows the last callback and the last 24 hours', async () => {
    const status = (await get('/api/bitlabs/status').expect(200)).body.data;
    expect(Date.now() - Date.parse(status.last_callback_received_at)).toBeLessThan(60_000);
    expect(status.last_24h).toMatchObject({ total: 3, processed: 3, rejected: 0 });
  });
});
