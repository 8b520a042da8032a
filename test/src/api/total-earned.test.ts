import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, earn, makeAdmin, PAYOUT_BODY, signedPath } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'te-admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

const get = async (user: EmulatorUser, path: string) => (await stack.http.get(path).set('authorization', bearer(user)).expect(200)).body;

/** Every call that shows a member's Total Earned, as the screens read it. */
async function totalEarnedEverywhere(member: EmulatorUser): Promise<Record<string, number>> {
  const adminList = await get(admin, `/api/admin/users?search=${encodeURIComponent(member.email)}`);
  return {
    'dashboard: /api/users/balance': (await get(member, '/api/users/balance')).data.total_earned_pence,
    'payments: /api/users/balance/detailed': (await get(member, '/api/users/balance/detailed')).data.total_earned_pence,
    'earnings: /api/users/earnings summary': (await get(member, '/api/users/earnings')).summary.total_pence,
    'profile: /api/users/stats': (await get(member, '/api/users/stats')).data.stats.total_earned_pence,
    'profile: /api/users/profile': (await get(member, '/api/users/profile')).data.user.total_earned_pence,
    'session: /api/auth/profile': (await get(member, '/api/auth/profile')).data.user.total_earned_pence,
    'admin: /api/admin/users row': adminList.data.find((row: { uid: string }) => row.uid === member.uid).total_earned_pence,
    'admin: /api/admin/users/{id}': (await get(admin, `/api/admin/users/${member.uid}`)).data.user.total_earned_pence,
    'admin: /api/admin/users/{id}/balance': (await get(admin, `/api/admin/users/${member.uid}/balance`)).data.total_earned_pence,
  };
}

const everywhere = (pence: number) => async (member: EmulatorUser) => {
  const figures = await totalEarnedEverywhere(member);
  return Object.values(figures).every((value) => value === pence) ? figures : undefined;
};

describe('Total Earned: one meaning on every call', () => {
  it('counts every credit not reversed: bonus, referral, approved, pending and paid; never a reversal or rejection', async () => {
    const member = await registeredMember(stack, { label: 'te-member' });
    await availableBecomes(stack, member, 200); // welcome bonus
    const friend = await registeredMember(stack, { label: 'te-friend', referredBy: member.uid });
    await earn(stack, friend, '0.60', { tx: `te-friend-${friend.uid}` });
    await availableBecomes(stack, member, 350); // referral reward £1.50

    await earn(stack, member, '1.00', { tx: `te-a-${member.uid}` });
    await earn(stack, member, '0.50', { tx: `te-p-${member.uid}`, state: 'PENDING' });
    await earn(stack, member, '0.40', { tx: `te-r-${member.uid}` });
    await availableBecomes(stack, member, 490);
    // A reversal takes its credit out of Total Earned.
    await stack.http.get(signedPath({ uid: member.uid, amount: '-0.40', tx: `te-rr-${member.uid}`, state: 'RECONCILED', ref: `te-r-${member.uid}` })).expect(200);
    await availableBecomes(stack, member, 450);

    // 200 bonus + 150 referral + 100 approved + 50 pending = 500, and the same on every call.
    const before = await eventually(() => everywhere(500)(member));
    expect(new Set(Object.values(before))).toEqual(new Set([500]));

    // Paying it out changes the balance, never what was earned.
    const payoutId = (await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201)).body.data.payout_id;
    await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', payoutId).executeTakeFirst());
    await stack.http.post(`/api/admin/payouts/${payoutId}/process`).set('authorization', bearer(admin)).send({ transaction_id: 'TE-BANK-1' }).expect(200);
    await eventually(async () => ((await get(member, '/api/users/balance')).data.available_pence === 0 ? true : undefined));
    const paid = await eventually(() => everywhere(500)(member));
    expect(new Set(Object.values(paid))).toEqual(new Set([500]));
    expect((await get(member, '/api/users/earnings?status=paid')).data.length).toBeGreaterThan(0);

    // The site's counter is the sum of the same figure over every member.
    const members = [admin, member, friend];
    const sum = (await Promise.all(members.map(async (m) => (await get(m, '/api/users/balance')).data.total_earned_pence))).reduce((a, b) => a + b, 0);
    const site = (await stack.http.get('/api/offers/sitestats').expect(200)).body.data;
    expect(site.total_earnings_pence).toBe(sum);
  });

  it('keeps the figure in pounds beside the pence on the balance', async () => {
    const member = await registeredMember(stack, { label: 'te-pounds' });
    await availableBecomes(stack, member, 200);
    await earn(stack, member, '0.35', { tx: `te-pp-${member.uid}`, state: 'PENDING' });
    const balance = await eventually(async () => {
      const data = (await get(member, '/api/users/balance')).data;
      return data.total_earned_pence === 235 ? data : undefined;
    });
    expect(balance).toMatchObject({ total_earned: 2.35, total_earned_pence: 235, total_pence: 235, available_pence: 200, pending_pence: 35 });
  });
});
