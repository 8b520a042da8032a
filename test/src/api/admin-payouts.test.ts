import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, earn, makeAdmin, PAYOUT_BODY, walletTypes } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

/** A member with a pending payout of their £2 welcome bonus, visible in the admin list. */
async function memberWithPayout(): Promise<{ member: EmulatorUser; id: string }> {
  const member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
  const id = (await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201)).body.data.payout_id as string;
  await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
  return { member, id };
}

const adminPayout = async (id: string, status: string) =>
  eventually(async () => {
    const body = (await stack.http.get('/api/admin/payouts?per_page=100').set('authorization', bearer(admin)).expect(200)).body;
    return body.data.find((p: { id: string; status: string }) => p.id === id && p.status === status);
  });

describe('admin payouts', () => {
  it('refuses members (403) and visitors (401) on every admin payout call', async () => {
    const { member, id } = await memberWithPayout();
    const calls = [
      stack.http.get('/api/admin/payouts'),
      stack.http.get('/api/admin/earnings'),
      stack.http.post(`/api/admin/payouts/${id}/approve`).send({}),
      stack.http.post(`/api/admin/payouts/${id}/reject`).send({ reason: 'x' }),
      stack.http.post(`/api/admin/payouts/${id}/process`).send({ transaction_id: 'T' }),
      stack.http.post(`/api/admin/payouts/${id}/cancel`).send({}),
    ];
    for (const call of calls) expect((await call.set('authorization', bearer(member))).status).toBe(403);
    expect((await stack.http.get('/api/admin/payouts')).status).toBe(401);
    expect((await walletTypes(stack, member.uid)).at(-1)).toBe('PayoutRequested');
  });

  it('lists payouts with the member, filters by status and pages', async () => {
    const { member, id } = await memberWithPayout();
    const pending = await stack.http.get('/api/admin/payouts?status_filter=pending&per_page=100').set('authorization', bearer(admin)).expect(200);
    expect(pending.body).toMatchObject({ success: true, message: 'Payouts loaded', page: 1, per_page: 100, total_pages: 1 });
    const row = pending.body.data.find((p: { id: string }) => p.id === id);
    expect(row).toMatchObject({ id, user_id: member.uid, status: 'pending', amount_pence: 200, user: { uid: member.uid, email: member.email } });
    expect(pending.body.data.every((p: { status: string }) => p.status === 'pending')).toBe(true);

    const completed = await stack.http.get('/api/admin/payouts?status_filter=completed').set('authorization', bearer(admin)).expect(200);
    expect(completed.body.data.find((p: { id: string }) => p.id === id)).toBeUndefined();
    const paged = await stack.http.get('/api/admin/payouts?per_page=1&page=1').set('authorization', bearer(admin)).expect(200);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total_pages).toBe(paged.body.total);

    const bad = await stack.http.get('/api/admin/payouts?status_filter=lost').set('authorization', bearer(admin)).expect(400);
    expect(bad.body.message).toBe('status_filter must be one of pending, approved, completed, rejected, cancelled');
  });

  it('processes a payout with the bank reference; the member sees it completed and the earnings paid', async () => {
    const { member, id } = await memberWithPayout();
    const before = await walletTypes(stack, member.uid);
    const missing = await stack.http.post(`/api/admin/payouts/${id}/process`).set('authorization', bearer(admin)).send({ transaction_id: '   ' }).expect(400);
    expect(missing.body.errors).toContain('Transaction ID is required');
    expect(await walletTypes(stack, member.uid)).toEqual(before);

    const processed = await stack.http
      .post(`/api/admin/payouts/${id}/process`)
      .set('authorization', bearer(admin))
      .send({ transaction_id: '  BANK-2026-001 ' })
      .expect(200);
    expect(processed.body).toEqual({
      success: true,
      message: `Payout ${id.slice(0, 8)}... processed successfully!`,
      data: { payout_id: id, status: 'completed', amount: 2, amount_pence: 200 },
    });
    const row = await adminPayout(id, 'completed');
    expect(row).toMatchObject({ transaction_id: 'BANK-2026-001', notes: `Processed via admin panel by ${admin.email}`, processed_at: expect.any(String) });

    const history = (await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).expect(200)).body.data;
    expect(history[0]).toMatchObject({ id, status: 'completed', transaction_id: 'BANK-2026-001' });
    const earnings = await eventually(async () => {
      const body = (await stack.http.get('/api/users/earnings?status=paid').set('authorization', bearer(member)).expect(200)).body;
      return body.data.length === 1 ? body.data : undefined;
    });
    expect(earnings[0]).toMatchObject({ status: 'paid', payout_id: id, amount_pence: 200 });
    const again = await stack.http.post(`/api/admin/payouts/${id}/process`).set('authorization', bearer(admin)).send({ transaction_id: 'X' }).expect(409);
    expect(again.body.message).toBe('Payout is completed; only pending or approved payouts can be processed');
  });

  it('approves, then cancels with the default reason, releasing the money', async () => {
    const { member, id } = await memberWithPayout();
    const approved = await stack.http.post(`/api/admin/payouts/${id}/approve`).set('authorization', bearer(admin)).send({ notes: 'Looks fine' }).expect(200);
    expect(approved.body).toMatchObject({ message: 'Payout approved successfully', data: { status: 'approved' } });
    // Approval places the reward email order with Tremendous, keyed by the payout id.
    const ordered = await eventually(async () => {
      const row = await adminPayout(id, 'approved');
      return row.reward.status === 'ordered' ? row : undefined;
    });
    const orders = [...stack.tremendous.orders.values()].filter((o) => o.external_id === id);
    expect(orders).toHaveLength(1);
    expect(orders[0].rewards[0]).toMatchObject({ value: { denomination: 2, currency_code: 'GBP' }, recipient: { email: member.email } });
    expect(ordered.reward.order_id).toBe(orders[0].id);
    const cancelled = await stack.http.post(`/api/admin/payouts/${id}/cancel`).set('authorization', bearer(admin)).send({}).expect(200);
    expect(cancelled.body).toMatchObject({ message: 'Payout cancelled successfully', data: { status: 'cancelled' } });
    expect(await adminPayout(id, 'cancelled')).toMatchObject({ reason: 'Cancelled by admin' });
    await availableBecomes(stack, member, 200);
  });

  it('rejects only with a reason', async () => {
    const { member, id } = await memberWithPayout();
    const noReason = await stack.http.post(`/api/admin/payouts/${id}/reject`).set('authorization', bearer(admin)).send({ reason: ' ' }).expect(400);
    expect(noReason.body.errors).toContain('A reason is required to reject a payout');
    await stack.http.post(`/api/admin/payouts/${id}/reject`).set('authorization', bearer(admin)).send({ reason: 'Suspicious activity' }).expect(200);
    expect(await adminPayout(id, 'rejected')).toMatchObject({ reason: 'Suspicious activity' });
    await availableBecomes(stack, member, 200);
    const unknown = await stack.http.post('/api/admin/payouts/nope/approve').set('authorization', bearer(admin)).send({}).expect(404);
    expect(unknown.body.message).toBe('Payout not found');
  });

  it('GET /api/admin/earnings lists every member’s earnings with the member, filtered', async () => {
    const member = await registeredMember(stack);
    await earn(stack, member, '0.40', { tx: 'o-adm-earn', state: 'PENDING', offerId: '77', offerName: 'Tower Rush' });
    const body = (await stack.http.get(`/api/admin/earnings?user_id=${member.uid}&status=pending`).set('authorization', bearer(admin)).expect(200)).body;
    expect(body).toMatchObject({ success: true, total: 1, page: 1, per_page: 50 });
    expect(body.data[0]).toMatchObject({ amount_pence: 40, status: 'pending', offer: { id: '77', name: 'Tower Rush' }, user: { uid: member.uid, email: member.email } });
  });
});

describe('member stats, progress and referrals', () => {
  it('GET /api/users/stats and /progress describe the member’s offers', async () => {
    const member = await registeredMember(stack);
    await earn(stack, member, '1.00', { tx: 'o-st-1', offerId: '9', offerName: 'Gem Quest' });
    await earn(stack, member, '0.50', { tx: 'o-st-2', offerId: '9', offerName: 'Gem Quest', state: 'PENDING' });
    await earn(stack, member, '0.30', { tx: 'o-st-3', offerId: '10', offerName: 'Farm Day' });

    const stats = (await stack.http.get('/api/users/stats').set('authorization', bearer(member)).expect(200)).body;
    expect(stats).toEqual({
      success: true,
      message: 'Stats loaded',
      data: {
        stats: {
          total_earned: 3.3,
          total_earned_pence: 330,
          available_pence: 330,
          pending_pence: 50,
          completed_offers: 2,
          total_transactions: 4,
          total_payouts: 0,
          total_paid_out_pence: 0,
          referral_count: 0,
          referral_earnings_pence: 0,
          success_rate: 28.6,
          average_per_offer_pence: 165,
        },
      },
    });
    const progress = (await stack.http.get('/api/users/progress').set('authorization', bearer(member)).expect(200)).body;
    expect(progress).toMatchObject({ success: true, page: 1, per_page: 20, total: 2, total_pages: 1 });
    expect(progress.data.map((p: { offer_id: string; status: string; progress_percentage: number }) => [p.offer_id, p.status, p.progress_percentage]).sort()).toEqual([
      ['10', 'completed', 100],
      ['9', 'in_progress', 50],
    ]);
    await stack.http.get('/api/users/progress?per_page=0').set('authorization', bearer(member)).expect(400);
  });

  it('rewards the referrer £1.50 once, when the friend completes a first offer', async () => {
    const referrer = await registeredMember(stack, { label: 'referrer' });
    await availableBecomes(stack, referrer, 200);
    const friend = await registeredMember(stack, { label: 'friend', referredBy: referrer.uid });
    await earn(stack, friend, '0.20', { tx: 'o-ref-pending', state: 'PENDING' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await walletTypes(stack, referrer.uid)).toEqual(['WelcomeBonusGranted']);

    await earn(stack, friend, '0.60', { tx: 'o-ref-1' });
    await availableBecomes(stack, referrer, 350);
    await earn(stack, friend, '0.70', { tx: 'o-ref-2' });
    expect(await walletTypes(stack, referrer.uid)).toEqual(['WelcomeBonusGranted', 'ReferralRewardGranted']);
    const stats = await eventually(async () => {
      const s = (await stack.http.get('/api/users/stats').set('authorization', bearer(referrer)).expect(200)).body.data.stats;
      return s.referral_count === 1 ? s : undefined;
    });
    expect(stats).toMatchObject({ referral_count: 1, referral_earnings_pence: 150 });
  });
});
