import { ACCOUNT_SUSPENDED_MESSAGE } from '@playquid/contracts';
import type { EmulatorUser } from '@playquid/scripts';
import { handleCommand } from '@playquid/server';
import { userDecider } from '@playquid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registeredMember, signIn } from '../support/members';
import { availableBecomes, bearer, makeAdmin, PAYOUT_BODY, walletTypes } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;
let otherAdmin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  otherAdmin = await registeredMember(stack, { label: 'admin2' });
  await makeAdmin(stack, admin);
  await makeAdmin(stack, otherAdmin);
});
afterAll(() => stack?.close());

const as = (user: EmulatorUser) => ({ authorization: bearer(user) });
const userTypes = async (uid: string) => (await stack.store.readStream(`user-${uid}`)).map((e) => e.type);
const listed = async (query: string) => (await stack.http.get(`/api/admin/users?${query}`).set(as(admin)).expect(200)).body;
/** Waits until the users read model shows the member as `check` wants. */
const rowBecomes = (uid: string, check: (row: { is_banned: boolean; role: string; username: string }) => boolean) =>
  eventually(async () => {
    const row = await stack.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row && check(row) ? row : undefined;
  });

describe('admin users: access', () => {
  it('refuses visitors (401) and members (403) on every call, and writes nothing', async () => {
    const member = await registeredMember(stack);
    const before = await userTypes(member.uid);
    const calls = () => [
      stack.http.get('/api/admin/users'),
      stack.http.get(`/api/admin/users/${member.uid}`),
      stack.http.put(`/api/admin/users/${member.uid}`).send({ username: 'hacked' }),
      stack.http.post(`/api/admin/users/${member.uid}/ban`).send({ reason: 'x' }),
      stack.http.post(`/api/admin/users/${member.uid}/unban`).send({}),
      stack.http.get(`/api/admin/users/${member.uid}/balance`),
      stack.http.get(`/api/admin/users/${member.uid}/statement`),
      stack.http.get(`/api/admin/users/${member.uid}/payouts`),
    ];
    for (const call of calls()) expect((await call).status).toBe(401);
    for (const call of calls()) {
      const response = await call.set(as(member));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ success: false, message: 'Admin access required' });
    }
    expect(await userTypes(member.uid)).toEqual(before);
  });
});

describe('admin users: list', () => {
  it('pages 20 at a time by default, newest first, with the row shape and stat cards', async () => {
    const member = await registeredMember(stack, { label: 'shape' });
    await rowBecomes(member.uid, () => true);
    const body = await listed('');
    expect(body).toMatchObject({ success: true, message: 'Users loaded', page: 1, per_page: 20 });
    expect(body.total_pages).toBe(Math.max(1, Math.ceil(body.total / 20)));
    expect(body.data.length).toBe(Math.min(20, body.total));
    const times = body.data.map((u: { created_at: string }) => u.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const row = body.data.find((u: { uid: string }) => u.uid === member.uid);
    expect(row).toEqual({
      uid: member.uid,
      username: member.email.split('@')[0],
      email: member.email,
      role: 'USER',
      is_verified: true,
      is_banned: false,
      ban: null,
      partner_hold: null,
      total_earned: expect.any(Number),
      total_earned_pence: expect.any(Number),
      pending_earnings: 0,
      pending_earnings_pence: 0,
      completed_offers: 0,
      referral_count: 0,
      created_at: expect.any(String),
      last_login: null,
    });
    expect(body.stats).toEqual({
      total_users: body.total,
      admins: expect.any(Number),
      verified: expect.any(Number),
      banned: expect.any(Number),
      new_this_week: body.total,
    });
    expect(body.stats.admins).toBeGreaterThanOrEqual(2);
  });

  it('searches email, username and uid (partial, case-insensitive, wildcards as text)', async () => {
    const member = await registeredMember(stack, { label: 'findme' });
    await rowBecomes(member.uid, () => true);
    const byEmail = await listed(`search=${encodeURIComponent(member.email.toUpperCase().slice(0, 14))}`);
    expect(byEmail.data.map((u: { uid: string }) => u.uid)).toContain(member.uid);
    expect(byEmail.data.every((u: { email: string }) => u.email.startsWith('findme-'))).toBe(true);
    expect((await listed(`search=${member.uid.slice(2, 12)}`)).data.map((u: { uid: string }) => u.uid)).toContain(member.uid);
    expect(await listed('search=%25')).toMatchObject({ total: 0, data: [], total_pages: 1 });
    expect(await listed('search=no-such-member-anywhere')).toMatchObject({ total: 0, data: [] });
  });

  it('filters by role and status, and treats blank filters as none', async () => {
    const admins = await listed('role=ADMIN&per_page=100');
    expect(admins.data.map((u: { uid: string }) => u.uid).sort()).toEqual(expect.arrayContaining([admin.uid, otherAdmin.uid]));
    expect(admins.data.every((u: { role: string }) => u.role === 'ADMIN')).toBe(true);
    expect((await listed('role=admin')).total).toBe(admins.total);
    expect((await listed('role=USER&per_page=100')).data.every((u: { role: string }) => u.role === 'USER')).toBe(true);

    const unverified = await registeredMember(stack, { verified: false, label: 'unverified' });
    await rowBecomes(unverified.uid, () => true);
    const u = await listed('status=unverified&per_page=100');
    expect(u.data.map((r: { uid: string }) => r.uid)).toContain(unverified.uid);
    expect(u.data.every((r: { is_verified: boolean }) => !r.is_verified)).toBe(true);
    expect((await listed('status=verified&per_page=100')).data.every((r: { is_verified: boolean }) => r.is_verified)).toBe(true);
    expect((await listed('status=active&per_page=100')).data.every((r: { is_banned: boolean }) => !r.is_banned)).toBe(true);
    const all = await listed('');
    expect((await listed('search=&role=&status=')).total).toBe(all.total);
  });

  it('sorts by a column in either order, and pages with total_pages', async () => {
    const asc = (await listed('sort_by=email&sort_order=asc&per_page=100')).data.map((u: { email: string }) => u.email.toLowerCase());
    expect(asc).toEqual([...asc].sort());
    const desc = (await listed('sort_by=email&sort_order=desc&per_page=100')).data.map((u: { email: string }) => u.email.toLowerCase());
    expect(desc).toEqual([...asc].reverse());
    const first = await listed('sort_by=email&sort_order=asc&per_page=2&page=1');
    const second = await listed('sort_by=email&sort_order=asc&per_page=2&page=2');
    expect(first.total_pages).toBe(Math.ceil(first.total / 2));
    expect(second.page).toBe(2);
    expect(second.data.map((u: { email: string }) => u.email.toLowerCase())).toEqual(asc.slice(2, 4));
    const earned = (await listed('sort_by=total_earned&sort_order=desc&per_page=100')).data.map((u: { total_earned_pence: number }) => u.total_earned_pence);
    expect(earned).toEqual([...earned].sort((a, b) => b - a));
  });

  it('refuses bad parameters with a 400 that says which', async () => {
    const cases: Array<[string, string]> = [
      ['sort_by=password', 'sort_by must be one of'],
      ['sort_order=up', "sort_order must be 'asc' or 'desc'"],
      ['role=OWNER', 'role must be USER or ADMIN'],
      ['status=deleted', 'status must be one of'],
      ['page=0', 'page must be a whole number'],
      ['per_page=1000', 'per_page must be a whole number'],
    ];
    for (const [query, message] of cases) {
      const response = await stack.http.get(`/api/admin/users?${query}`).set(as(admin)).expect(400);
      expect(response.body.message).toContain(message);
    }
  });
});

describe('admin users: detail and update', () => {
  it('shows one member with balance, statement and payouts; 404 for an unknown uid', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    const detail = (await stack.http.get(`/api/admin/users/${member.uid}`).set(as(admin)).expect(200)).body;
    expect(detail).toMatchObject({ success: true, message: 'User loaded' });
    expect(detail.data.user).toMatchObject({
      uid: member.uid,
      email: member.email,
      role: 'USER',
      gender: 'female',
      referred_by: null,
      is_banned: false,
      balance: { available_pence: 200, pending_pence: 0, paid_out_pence: 0 },
    });
    const balance = (await stack.http.get(`/api/admin/users/${member.uid}/balance`).set(as(admin)).expect(200)).body.data;
    expect(balance).toMatchObject({ available_pence: 200, pending_pence: 0 });
    const statement = (await stack.http.get(`/api/admin/users/${member.uid}/statement`).set(as(admin)).expect(200)).body.data;
    expect(statement.entries.length).toBe(1);
    const payouts = (await stack.http.get(`/api/admin/users/${member.uid}/payouts`).set(as(admin)).expect(200)).body;
    expect(payouts).toMatchObject({ success: true, data: [], total: 0, page: 1, per_page: 10 });
    for (const path of ['', '/balance', '/statement', '/payouts']) {
      const missing = await stack.http.get(`/api/admin/users/nobody-here${path}`).set(as(admin)).expect(404);
      expect(missing.body.message).toBe('User not found');
    }
  });

  it('changes the username and the role (with who and why as events)', async () => {
    const member = await registeredMember(stack);
    await rowBecomes(member.uid, () => true);
    const response = await stack.http
      .put(`/api/admin/users/${member.uid}`)
      .set(as(admin))
      .send({ username: '  Renamed Player ', role: 'ADMIN', reason: 'Joins the support team' })
      .expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'User updated successfully', data: { user: { username: 'Renamed Player', role: 'ADMIN' } } });
    const events = await stack.store.readStream(`user-${member.uid}`);
    expect(events.find((e) => e.type === 'UserRoleChanged')?.data).toMatchObject({
      role: 'ADMIN',
      changedBy: admin.email,
      reason: 'Joins the support team',
    });
    expect(events.find((e) => e.type === 'UserProfileUpdated')?.data).toMatchObject({ username: 'Renamed Player' });
    await rowBecomes(member.uid, (row) => row.role === 'ADMIN' && row.username === 'Renamed Player');
    // And back, as the console's edit does.
    await stack.http.put(`/api/admin/users/${member.uid}`).set(as(admin)).send({ role: 'USER', reason: 'Left the team' }).expect(200);
    await rowBecomes(member.uid, (row) => row.role === 'USER');
  });

  it('syncs the verification flag from the identity provider', async () => {
    const member = await registeredMember(stack, { verified: false });
    await rowBecomes(member.uid, () => true);
    const unchanged = await stack.http.put(`/api/admin/users/${member.uid}`).set(as(admin)).send({ sync_verification: true }).expect(200);
    expect(unchanged.body.data.user.is_verified).toBe(false);
    await fetch(`http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-playquid/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: member.uid, emailVerified: true }),
    });
    const synced = await stack.http.put(`/api/admin/users/${member.uid}`).set(as(admin)).send({ sync_verification: true }).expect(200);
    expect(synced.body.data.user.is_verified).toBe(true);
    expect(await userTypes(member.uid)).toContain('UserEmailVerified');
  });

  it('refuses bad updates with a 4xx and writes nothing', async () => {
    const member = await registeredMember(stack);
    await rowBecomes(member.uid, () => true);
    const before = await userTypes(member.uid);
    const cases: Array<[string, object, number, string]> = [
      [member.uid, {}, 400, 'Nothing to update'],
      [member.uid, { role: 'ADMIN' }, 400, 'A reason is required to change the role'],
      [member.uid, { role: 'ADMIN', username: 'x', reason: '' }, 400, 'A reason is required to change the role'],
      [member.uid, { role: 'ROOT', reason: 'x' }, 400, 'role must be USER or ADMIN'],
      [member.uid, { username: '   ' }, 400, 'username is required'],
      [member.uid, { username: 'x'.repeat(200) }, 400, 'username must be at most'],
      [member.uid, { email: 'new@example.com' }, 400, 'property email should not exist'],
      [member.uid, { sync_verification: 'yes' }, 400, 'sync_verification must be true or false'],
      [admin.uid, { role: 'USER', reason: 'oops' }, 403, 'You cannot change your own role'],
      ['nobody-here', { username: 'ghost' }, 404, 'User not found'],
    ];
    for (const [uid, body, status, message] of cases) {
      const response = await stack.http.put(`/api/admin/users/${uid}`).set(as(admin)).send(body);
      expect([response.status, response.body.message]).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await userTypes(member.uid)).toEqual(before);
    expect(await userTypes('nobody-here')).toEqual([]);
  });
});

describe('admin users: bans', () => {
  it('bans a member with a reason: every member call answers 403, sign-in is disabled, payouts are refused', async () => {
    const member = await registeredMember(stack, { label: 'banme' });
    await availableBecomes(stack, member, 200);
    await stack.http.get('/api/users/balance').set(as(member)).expect(200);

    const response = await stack.http.post(`/api/admin/users/${member.uid}/ban`).set(as(admin)).send({ reason: ' Chargeback fraud ' }).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'User banned successfully',
      data: { user: { uid: member.uid, is_banned: true, ban: { banned_by: admin.email, reason: 'Chargeback fraud' } } },
    });
    const banned = (await stack.store.readStream(`user-${member.uid}`)).find((e) => e.type === 'UserBanned');
    expect(banned?.data).toMatchObject({ uid: member.uid, bannedBy: admin.email, reason: 'Chargeback fraud' });
    expect(banned?.metadata).toMatchObject({ actor: admin.uid });

    for (const call of [
      stack.http.get('/api/users/balance'),
      stack.http.get('/api/users/profile'),
      stack.http.get('/api/users/earnings'),
      stack.http.post('/api/auth/verify-token'),
      stack.http.post('/api/users/payout').send(PAYOUT_BODY),
    ]) {
      const refused = await call.set(as(member));
      expect([refused.status, refused.body.message]).toEqual([403, ACCOUNT_SUSPENDED_MESSAGE]);
    }
    expect(await walletTypes(stack, member.uid)).not.toContain('PayoutRequested');
    // Firebase refuses the account: the login screen shows the spec's disabled-account message.
    await expect(signIn(member.email, PASSWORD)).rejects.toThrow('USER_DISABLED');
    // Public pages still work for them, as for any visitor.
    await stack.http.get('/api/offers/alloffers').set(as(member)).expect(200);

    await rowBecomes(member.uid, (row) => row.is_banned);
    const list = await listed('status=banned&per_page=100');
    expect(list.data.find((u: { uid: string }) => u.uid === member.uid)).toMatchObject({ is_banned: true, ban: { reason: 'Chargeback fraud', banned_by: admin.email } });
    expect(list.stats.banned).toBeGreaterThanOrEqual(1);
    expect((await listed('status=active&per_page=100')).data.map((u: { uid: string }) => u.uid)).not.toContain(member.uid);
    // Banning again is harmless (and re-applies the sign-in block); making them an admin is not allowed.
    await stack.http.post(`/api/admin/users/${member.uid}/ban`).set(as(admin)).send({ reason: 'again' }).expect(200);
    expect((await userTypes(member.uid)).filter((t) => t === 'UserBanned')).toHaveLength(1);
    const promote = await stack.http.put(`/api/admin/users/${member.uid}`).set(as(admin)).send({ role: 'ADMIN', reason: 'x' }).expect(409);
    expect(promote.body.message).toBe('Unban the member before making them an admin');
  });

  it('unbans: sign-in and member calls work again', async () => {
    const member = await registeredMember(stack);
    await rowBecomes(member.uid, () => true);
    await stack.http.post(`/api/admin/users/${member.uid}/ban`).set(as(admin)).send({ reason: 'Spam' }).expect(200);
    await rowBecomes(member.uid, (row) => row.is_banned);
    const response = await stack.http.post(`/api/admin/users/${member.uid}/unban`).set(as(admin)).send({ reason: 'Appeal upheld' }).expect(200);
    expect(response.body).toMatchObject({ message: 'User unbanned successfully', data: { user: { is_banned: false, ban: null } } });
    const unbanned = (await stack.store.readStream(`user-${member.uid}`)).find((e) => e.type === 'UserUnbanned');
    expect(unbanned?.data).toMatchObject({ unbannedBy: admin.email, reason: 'Appeal upheld' });
    await rowBecomes(member.uid, (row) => !row.is_banned);
    const again = await signIn(member.email, PASSWORD);
    await stack.http.get('/api/users/balance').set(as(again)).expect(200);
    const twice = await stack.http.post(`/api/admin/users/${member.uid}/unban`).set(as(admin)).send({}).expect(409);
    expect(twice.body.message).toBe('This member is not banned');
  });

  it('refuses bad bans with a 4xx and writes nothing', async () => {
    const member = await registeredMember(stack);
    await rowBecomes(member.uid, () => true);
    const cases: Array<[string, object, number, string]> = [
      [member.uid, {}, 400, 'reason is required'],
      [member.uid, { reason: '   ' }, 400, 'reason is required'],
      [member.uid, { reason: 'x'.repeat(501) }, 400, 'reason must be at most 500 characters'],
      [member.uid, { reason: 42 }, 400, 'reason must be text'],
      [admin.uid, { reason: 'testing' }, 403, 'You cannot ban yourself'],
      [otherAdmin.uid, { reason: 'rivalry' }, 403, 'Admins cannot be banned; remove the admin role first'],
      ['nobody-here', { reason: 'ghost' }, 404, 'User not found'],
    ];
    const streams = [member.uid, admin.uid, otherAdmin.uid];
    const before = await Promise.all(streams.map(userTypes));
    for (const [uid, body, status, message] of cases) {
      const response = await stack.http.post(`/api/admin/users/${uid}/ban`).set(as(admin)).send(body);
      expect([response.status, response.body.message]).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await Promise.all(streams.map(userTypes))).toEqual(before);
    expect(await userTypes('nobody-here')).toEqual([]);
    // The other admin still works.
    await stack.http.get('/api/admin/users').set(as(otherAdmin)).expect(200);
  });

  it('holds on its own: the guard reads the ban from the read model, and the payout request from the user stream', async () => {
    const member = await registeredMember(stack);
    await availableBecomes(stack, member, 200);
    // A ban recorded while the sign-in account is still enabled (an ID token stays valid for an hour).
    await handleCommand(stack.store, `user-${member.uid}`, userDecider, {
      type: 'BanUser',
      uid: member.uid,
      byUid: admin.uid,
      bannedBy: admin.email,
      reason: 'Recorded directly',
      now: new Date().toISOString(),
    });
    await rowBecomes(member.uid, (row) => row.is_banned);
    const guarded = await stack.http.get('/api/users/balance').set(as(member)).expect(403);
    expect(guarded.body.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    // Were the guard bypassed (here: a read model that has not seen the ban), the write side still refuses.
    await stack.db.updateTable('users').set({ is_banned: false }).where('uid', '=', member.uid).execute();
    // The guard's cached row is dropped when the database's change notification arrives (asynchronously).
    await eventually(async () => ((await stack.http.get('/api/users/balance').set(as(member))).status === 200 ? true : undefined));
    const payout = await stack.http.post('/api/users/payout').set(as(member)).send(PAYOUT_BODY).expect(403);
    expect(payout.body.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(await walletTypes(stack, member.uid)).not.toContain('PayoutRequested');
  });
});
