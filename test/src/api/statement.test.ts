import type { StatementData } from '@playquid/contracts';
import { buildCallbackUrl } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from '../support/stack';

let stack: Stack;
let token: string;
/** A moment after the welcome bonus and before any credit. */
let beforeCredits: string;

const signedPath = (options: Parameters<typeof buildCallbackUrl>[0]) =>
  buildCallbackUrl({ baseUrl: TEST_PUBLIC_BASE_URL, secret: TEST_SECRET, ...options }).slice(TEST_PUBLIC_BASE_URL.length);
const get = (path: string) => stack.http.get(path).set('authorization', token);
const statement = async (query = ''): Promise<StatementData> => (await get(`/api/users/statement${query}`).expect(200)).body.data;
const entriesOnceThere = (count: number) => eventually(async () => ((await statement()).entries.length === count ? statement() : undefined));

beforeAll(async () => {
  stack = await startStack();
  const member = await registeredMember(stack);
  token = `Bearer ${member.idToken}`;
  await entriesOnceThere(1);
  beforeCredits = new Date().toISOString();
  // Store times come from the database clock: leave a clear gap before the first credit.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await stack.http.get(signedPath({ uid: member.uid, amount: '1.25', tx: 'o-s1', offerName: 'Dragon Clash', taskName: 'Level 10' })).expect(200);
  await entriesOnceThere(2);
  await stack.http.get(signedPath({ uid: member.uid, amount: '0.80', tx: 'o-s2', offerName: 'Merge Kingdom', state: 'PENDING' })).expect(200);
  await entriesOnceThere(3);
});
afterAll(() => stack?.close());

describe('GET /api/users/statement', () => {
  it('lists the bonus and each callback credit with its event, reason, amount and running balances', async () => {
    const response = await get('/api/users/statement').expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Statement loaded' });
    const data: StatementData = response.body.data;
    expect(data.entries.map((e) => [e.kind, e.reason, e.available_change_pence, e.pending_change_pence, e.available_balance_pence, e.pending_balance_pence])).toEqual([
      ['welcome_bonus', 'Welcome bonus', 200, 0, 200, 0],
      ['earning_approved', 'Dragon Clash - Level 10', 125, 0, 325, 0],
      ['earning_pending', 'Merge Kingdom (pending confirmation from BitLabs)', 0, 80, 325, 80],
    ]);
    // Revision 2 is the member's qualification (MemberQualified), a fact that moves no money.
    expect(data.entries.map((e) => e.revision)).toEqual([0, 1, 3]);
    expect(data.entries[0].event_id).toMatch(/^[0-9a-f-]{36}$/);
    // Pending money says when it should clear: 30 days after it was credited.
    const pending = data.entries[2];
    expect(new Date(pending.expected_clear_at!).getTime() - new Date(pending.at).getTime()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(data).toMatchObject({ available_pence: 325, pending_pence: 80, reserved_pence: 0, as_of: null });
  });

  it('pages from the newest entry when asked, with the balances after the latest entry on every page', async () => {
    const first = await statement('?page=1&per_page=2');
    expect(first.entries.map((e) => e.kind)).toEqual(['earning_approved', 'earning_pending']);
    expect(first).toMatchObject({ page: 1, per_page: 2, total: 3, total_pages: 2, available_pence: 325, pending_pence: 80 });
    const second = await statement('?page=2&per_page=2');
    expect(second.entries.map((e) => e.kind)).toEqual(['welcome_bonus']);
    expect(second).toMatchObject({ page: 2, total: 3, available_pence: 325, pending_pence: 80 });
    // The same page of the log as it stood at a moment: the fold, sliced the same way.
    const rebuilt = await statement(`?page=1&per_page=2&as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(rebuilt.entries).toEqual(first.entries);
    await get('/api/users/statement?per_page=0').expect(400);
  });

  it('as_of a moment before the credits shows only the bonus, rebuilt from the log', async () => {
    const data = await statement(`?as_of=${encodeURIComponent(beforeCredits)}`);
    expect(data.entries.map((e) => e.kind)).toEqual(['welcome_bonus']);
    expect(data).toMatchObject({ available_pence: 200, pending_pence: 0, as_of: beforeCredits });
  });

  it('as_of now equals the read model entry for entry', async () => {
    const live = await statement();
    const rebuilt = await statement(`?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(rebuilt.entries).toEqual(live.entries);
  });
});

describe('GET /api/users/balance and /balance/detailed with as_of', () => {
  it('give the balance as it stood then, and as it stands now', async () => {
    const then = (await get(`/api/users/balance?as_of=${encodeURIComponent(beforeCredits)}`).expect(200)).body.data;
    expect(then).toMatchObject({ available_pence: 200, pending_pence: 0, total_transactions: 1, currency: 'GBP' });
    // Bonus only: the one withdrawable figure is £0.00, the bonus locked, no payout (the server says why).
    expect(then).toMatchObject({
      withdrawable_pence: 0,
      locked_bonus_pence: 200,
      can_request_payout: false,
      payout_block: 'bonus-locked',
      payout_shortfall_pence: 79,
      min_payout_pence: 79,
    });
    const now = (await get('/api/users/balance').expect(200)).body.data;
    expect(now).toMatchObject({ available_amount: 3.25, available_pence: 325, pending_pence: 80, total_pence: 405, total_transactions: 3, pending_transactions: 1 });
    expect(now).toMatchObject({ withdrawable_pence: 325, locked_bonus_pence: 0, can_request_payout: true, payout_block: null, payout_shortfall_pence: 0 });

    const detailedThen = (await get(`/api/users/balance/detailed?as_of=${encodeURIComponent(beforeCredits)}`).expect(200)).body.data;
    expect(detailedThen).toMatchObject({ available_pence: 200, bonus_pence: 200, total_earned_pence: 200, as_of: beforeCredits });
    const detailedNow = (await get('/api/users/balance/detailed').expect(200)).body.data;
    expect(detailedNow).toMatchObject({
      available_pence: 325,
      pending_pence: 80,
      reserved_pence: 0,
      // Total Earned counts the 80p still pending too (contracts EARNED_STATUSES).
      total_earned_pence: 405,
      bonus_pence: 200,
      reversed_pence: 0,
      is_negative: false,
      can_request_payout: true,
      as_of: null,
    });
  });

  it('a bonus-only member: the live balance and the detailed one give the same withdrawable figure and refusal', async () => {
    const fresh = await registeredMember(stack, { label: 'bonus-only' });
    const of = async (path: string) => (await stack.http.get(path).set('authorization', `Bearer ${fresh.idToken}`).expect(200)).body.data;
    const plain = await eventually(async () => {
      const data = await of('/api/users/balance');
      return data.available_pence === 200 ? data : undefined;
    });
    const figures = { withdrawable_pence: 0, locked_bonus_pence: 200, can_request_payout: false, payout_block: 'bonus-locked', payout_shortfall_pence: 79 };
    expect(plain).toMatchObject(figures);
    expect(await of('/api/users/balance/detailed')).toMatchObject(figures);
  });

  it('refuse an as_of that is not an RFC 3339 timestamp, or is in the future, with 400 and a message', async () => {
    const expected = 'as_of must be an RFC 3339 timestamp such as 2026-11-22T10:00:00Z (date, time and offset)';
    const bad = await get('/api/users/statement?as_of=last-tuesday').expect(400);
    expect(bad.body).toMatchObject({ success: false, errors: [expected] });
    // Other ISO 8601 forms crashed (500) or silently read as today: each is now the same clear 400, on every as_of route.
    for (const value of ['2024-W01-1', '20240101', '2024-01-01T10Z', '2024-01-01T10:00:00,5Z']) {
      for (const route of ['/api/users/balance', '/api/users/balance/detailed', '/api/users/statement']) {
        const refused = await get(`${route}?as_of=${encodeURIComponent(value)}`).expect(400);
        expect([route, value, refused.body.errors]).toEqual([route, value, [expected]]);
      }
    }
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();
    const later = await get(`/api/users/balance?as_of=${encodeURIComponent(future)}`).expect(400);
    expect(later.body.errors).toEqual(['as_of must not be in the future']);
    await get('/api/users/balance/detailed?as_of=2026-13-45T99:00:00Z').expect(400);
  });

  it('need a signed-in member', async () => {
    await stack.http.get('/api/users/statement').expect(401);
  });
});
