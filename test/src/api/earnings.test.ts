import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallbackUrl } from '@playquid/scripts';
import { registeredMember } from '../support/members';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from '../support/stack';

let stack: Stack;
let token: string;

const signedPath = (options: Parameters<typeof buildCallbackUrl>[0]) =>
  buildCallbackUrl({ baseUrl: TEST_PUBLIC_BASE_URL, secret: TEST_SECRET, ...options }).slice(TEST_PUBLIC_BASE_URL.length);

beforeAll(async () => {
  stack = await startStack();
  const member = await registeredMember(stack);
  token = `Bearer ${member.idToken}`;
  // Bonus £2.00, then £1.25 approved, £0.80 pending, and £0.50 credited then reversed, one after another.
  const credits = [
    { amount: '1.25', tx: 'o-e1', offerName: 'Dragon Clash', taskName: 'Level 10' },
    { amount: '0.80', tx: 'o-e2', offerName: 'Merge Kingdom', state: 'PENDING' },
    { amount: '0.50', tx: 'o-e3', offerName: 'Solitaire Stars' },
  ];
  for (const [index, credit] of credits.entries()) {
    await stack.http.get(signedPath({ uid: member.uid, ...credit })).expect(200);
    await eventually(async () => ((await stack.db.selectFrom('earnings').select('id').where('uid', '=', member.uid).execute()).length === index + 2 ? true : undefined));
  }
  await stack.http.get(signedPath({ uid: member.uid, amount: '-0.50', tx: 'or-e3', ref: 'o-e3', state: 'RECONCILED' })).expect(200);
  await eventually(() => stack.db.selectFrom('earnings').select('id').where('transaction_id', '=', 'o-e3').where('status', '=', 'rejected').executeTakeFirst());
});
afterAll(() => stack?.close());

const get = (path: string) => stack.http.get(path).set('authorization', token);

describe('GET /api/users/earnings', () => {
  it('pages the member earnings newest first with a summary (defaults 1, 20)', async () => {
    const response = await get('/api/users/earnings').expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Earnings loaded',
      page: 1,
      per_page: 20,
      total: 4,
      total_pages: 1,
      summary: { totalAmount: 4.05, totalCount: 4, approvedAmount: 3.25, pendingAmount: 0.8, total_pence: 405, approved_pence: 325, pending_pence: 80 },
    });
    expect(response.body.data.map((e: { display_title: string; status: string; amount: number }) => [e.display_title, e.status, e.amount])).toEqual([
      ['Solitaire Stars', 'rejected', 0.5],
      ['Merge Kingdom', 'pending', 0.8],
      ['Dragon Clash', 'approved', 1.25],
      ['Welcome Bonus', 'approved', 2],
    ]);
    expect(response.body.data[2]).toMatchObject({ amount_pence: 125, is_bonus: false, task: { name: 'Level 10', transaction_id: 'o-e1' }, payout_id: null });
  });

  it('filters by status and by available_for_payout, and pages', async () => {
    const approved = await get('/api/users/earnings?status=approved').expect(200);
    expect(approved.body.total).toBe(2);
    const available = await get('/api/users/earnings?page=1&per_page=50&status=approved&available_for_payout=true').expect(200);
    expect(available.body.data.map((e: { amount_pence: number }) => e.amount_pence)).toEqual([125, 200]);
    const second = await get('/api/users/earnings?page=2&per_page=3').expect(200);
    expect(second.body).toMatchObject({ page: 2, per_page: 3, total: 4, total_pages: 2 });
    expect(second.body.data).toHaveLength(1);
  });

  it('refuses bad paging and filters with 400 and a message', async () => {
    const response = await get('/api/users/earnings?page=0&per_page=500&status=won&available_for_payout=maybe').expect(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        'page must be a whole number between 1 and 100000',
        'per_page must be a whole number between 1 and 100',
        'status must be one of pending, approved, paid, rejected',
        'available_for_payout must be true or false',
      ]),
    );
  });

  it('needs a signed-in member', async () => {
    await stack.http.get('/api/users/earnings').expect(401);
  });
});

describe('GET /api/users/earnings/recent', () => {
  it('returns the latest earnings (default 10, limit honoured)', async () => {
    const all = await get('/api/users/earnings/recent').expect(200);
    expect(all.body.data).toHaveLength(4);
    const two = await get('/api/users/earnings/recent?limit=2').expect(200);
    expect(two.body.data.map((e: { display_title: string }) => e.display_title)).toEqual(['Solitaire Stars', 'Merge Kingdom']);
    await get('/api/users/earnings/recent?limit=0').expect(400);
  });
});
