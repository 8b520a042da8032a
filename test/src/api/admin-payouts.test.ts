import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, earn, makeAdmin, PAYOUT_BODY, signedPath, walletTypes } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

/** A member with a pending £3.00 payout (welcome bonus and a £1.00 offer), visible in the admin list. */
async function memberWithPayout(): Promise<{ member: EmulatorUser; id: string }> {
  const member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
  await earn(stack, member, '1.00', { tx: `o-admin-${member.uid}` });
  await availableBecomes(stack, member, 300);
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
    expect(row).toMatchObject({
      id,
      user_id: member.uid,
      status: 'pending',
      amount_pence: 300,
      user: { uid: member.uid, email: member.email },
      reward_order_placed: false,
      needs_review: false,
      review_reversed_pence: 0,
      review_reason: null,
      can_cancel: true,
      can_reject: true,
    });
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
      data: { payout_id: id, status: 'completed', amount: 3, amount_pence: 300 },
    });
    const row = await adminPayout(id, 'completed');
    expect(row).toMatchObject({ transaction_id: 'BANK-2026-001', notes: `Processed via admin panel by ${admin.email}`, processed_at: expect.any(String) });

    const history = (await stack.http.get('/api/users/payouts').set('authorization', bearer(member)).expect(200)).body.data;
    expect(history[0]).toMatchObject({ id, status: 'completed', transaction_id: 'BANK-2026-001' });
    const earnings = await eventually(async () => {
      const body = (await stack.http.get('/api/users/earnings?status=paid').set('authorization', bearer(member)).expect(200)).body;
      return body.data.length === 2 ? body.data : undefined;
    });
    expect(earnings.map((e: { status: string; payout_id: string; amount_pence: number }) => [e.status, e.payout_id, e.amount_pence]).sort()).toEqual([
      ['paid', id, 100],
      ['paid', id, 200],
    ]);
    const again = await stack.http.post(`/api/admin/payouts/${id}/process`).set('authorization', bearer(admin)).send({ transaction_id: 'X' }).expect(409);
    expect(again.body.message).toBe('Payout is completed; only pending or approved payouts can be processed');
  });

  it('approves and places the reward order; cancel and reject are then refused (409) and append nothing', async () => {
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
    expect(orders[0].rewards[0]).toMatchObject({ value: { denomination: 3, currency_code: 'GBP' }, recipient: { email: member.email } });
    expect(ordered).toMatchObject({ reward_order_placed: true, can_cancel: false, can_reject: false, reward: { order_id: orders[0].id } });
    const before = await walletTypes(stack, member.uid);
    expect(before.slice(-3)).toEqual(['PayoutApproved', 'PayoutRewardOrderPlaced', 'PayoutRewardOrdered']);

    const cancel = await stack.http.post(`/api/admin/payouts/${id}/cancel`).set('authorization', bearer(admin)).send({}).expect(409);
    expect(cancel.body).toMatchObject({ success: false, message: 'The reward email has already been sent; this payout can no longer be cancelled' });
    const reject = await stack.http.post(`/api/admin/payouts/${id}/reject`).set('authorization', bearer(admin)).send({ reason: 'Too late' }).expect(409);
    expect(reject.body).toMatchObject({ success: false, message: 'The reward email has already been sent; this payout can no longer be rejected' });
    expect(await walletTypes(stack, member.uid)).toEqual(before);
    expect((await balanceOf(stack, member)).available_pence).toBe(0);
    // The member cannot get a second order for the same money.
    await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(409);
    expect([...stack.tremendous.orders.values()].filter((o) => o.rewards[0].recipient.email === member.email)).toHaveLength(1);
  });

  it('cancels a pending payout with the default reason, releasing the money', async () => {
    const { member, id } = await memberWithPayout();
    const cancelled = await stack.http.post(`/api/admin/payouts/${id}/cancel`).set('authorization', bearer(admin)).send({}).expect(200);
    expect(cancelled.body).toMatchObject({ message: 'Payout cancelled successfully', data: { status: 'cancelled' } });
    expect(await adminPayout(id, 'cancelled')).toMatchObject({ reason: 'Cancelled by admin', can_cancel: false, can_reject: false });
    await availableBecomes(stack, member, 300);
  });

  it('a reversal while the payout is open flags it: approve and process need acknowledge_reversal', async () => {
    const { member, id } = await memberWithPayout();
    await stack.http.get(signedPath({ uid: member.uid, amount: '-1.00', tx: `or-admin-${member.uid}`, ref: `o-admin-${member.uid}`, state: 'RECONCILED' })).expect(200);
    const flagged = await eventually(async () => {
      const row = await adminPayout(id, 'pending');
      return row.needs_review ? row : undefined;
    });
    expect(flagged).toMatchObject({
      needs_review: true,
      review_reversed_pence: 100,
      review_reason: 'A reversal of £1.00 landed after this payout was requested',
      can_cancel: true,
      can_reject: true,
    });
    const before = await walletTypes(stack, member.uid);
    expect(before.slice(-3)).toEqual(['EarningReversed', 'PayoutFlaggedForReview', 'MemberQualificationLost']);

    const approve = await stack.http.post(`/api/admin/payouts/${id}/approve`).set('authorization', bearer(admin)).send({}).expect(409);
    expect(approve.body.message).toBe(
      'A reversal of £1.00 landed after this payout was requested; confirm you have reviewed it (acknowledge_reversal) before approving',
    );
    const process = await stack.http
      .post(`/api/admin/payouts/${id}/process`)
      .set('authorization', bearer(admin))
      .send({ transaction_id: 'BANK-REV', acknowledge_reversal: false })
      .expect(409);
    expect(process.body.message).toBe(
      'A reversal of £1.00 landed after this payout was requested; confirm you have reviewed it (acknowledge_reversal) before processing',
    );
    const notBoolean = await stack.http
      .post(`/api/admin/payouts/${id}/process`)
      .set('authorization', bearer(admin))
      .send({ transaction_id: 'BANK-REV', acknowledge_reversal: 'yes' })
      .expect(400);
    expect(notBoolean.body.errors).toContain('acknowledge_reversal must be true or false');
    expect(await walletTypes(stack, member.uid)).toEqual(before);

    await stack.http
      .post(`/api/admin/payouts/${id}/process`)
      .set('authorization', bearer(admin))
      .send({ transaction_id: 'BANK-REV', acknowledge_reversal: true })
      .expect(200);
    const processed = (await stack.store.readStream(`wallet-${member.uid}`)).at(-1)!;
    expect(processed).toMatchObject({ type: 'PayoutProcessed', data: { payoutId: id, reversalAcknowledged: true, processedBy: admin.email } });
    expect(await adminPayout(id, 'completed')).toMatchObject({ needs_review: false, review_reversed_pence: 100, can_cancel: false });
  });

  it('rejects only with a reason', async () => {
    const { member, id } = await memberWithPayout();
    const noReason = await stack.http.post(`/api/admin/payouts/${id}/reject`).set('authorization', bearer(admin)).send({ reason: ' ' }).expect(400);
    expect(noReason.body.errors).toContain('A reason is required to reject a payout');
    await stack.http.post(`/api/admin/payouts/${id}/reject`).set('authorization', bearer(admin)).send({ reason: 'Suspicious activity' }).expect(200);
    expect(await adminPayout(id, 'rejected')).toMatchObject({ reason: 'Suspicious activity' });
    await availableBecomes(stack, member, 300);
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
          // Total Earned counts the 50p still pending too (contracts EARNED_STATUSES).
          total_earned: 3.8,
          total_earned_pence: 380,
          available_pence: 330,
          pending_pence: 50,
          completed_offers: 2,
          total_transactions: 4,
          total_payouts: 0,
          total_paid_out_pence: 0,
          referral_count: 0,
          referral_earnings_pence: 0,
          success_rate: 28.6,
          average_per_offer_pence: 190,
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
    // A pending credit does not qualify the friend, and only a qualification asks for a referral
    // settlement: nothing is on its way to the referrer.
    expect(await walletTypes(stack, friend.uid)).not.toContain('MemberQualified');
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
