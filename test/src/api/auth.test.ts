import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, verifyEmail } from '@playquid/scripts';
import { handleCommand, userDecider } from '@playquid/server';
import { PASSWORD, registeredMember, uniqueEmail } from '../support/members';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('auth and health', () => {
  it('GET /api/health reports postgres and redis up', async () => {
    const response = await stack.http.get('/api/health').expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'PlayQuid API is healthy',
      data: { status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } },
    });
  });

  it('refuses member calls without a token (401) and with a forged token (401)', async () => {
    const missing = await stack.http.get('/api/users/balance').expect(401);
    expect(missing.body).toMatchObject({ success: false, message: 'Missing bearer token', data: null });
    const forged = await stack.http.get('/api/users/balance').set('authorization', 'Bearer not.a.token').expect(401);
    expect(forged.body).toMatchObject({ success: false, message: 'Invalid or expired token' });
  });

  it('refuses member calls for an unverified email (403)', async () => {
    const user = await registeredMember(stack, { verified: false });
    const response = await stack.http.get('/api/users/balance').set('authorization', `Bearer ${user.idToken}`).expect(403);
    expect(response.body.message).toBe('Please verify your email to access all features and receive payouts.');
  });

  it('registers once, defaults the username to the email prefix and grants the £2 bonus once', async () => {
    const email = uniqueEmail('ana');
    const user = await signUp(email, PASSWORD);
    const auth = `Bearer ${user.idToken}`;
    const first = await stack.http.post('/api/auth/register').set('authorization', auth).send({ email, gender: 'female' }).expect(200);
    expect(first.body).toMatchObject({
      success: true,
      message: 'User registered successfully',
      data: { user: { uid: user.uid, email, username: email.split('@')[0], gender: 'female', role: 'USER', isAdmin: false, is_verified: false } },
    });
    const again = await stack.http.post('/api/auth/register').set('authorization', auth).send({ email, username: 'other' }).expect(200);
    expect(again.body.message).toBe('User already registered');
    expect(again.body.data.user.username).toBe(email.split('@')[0]);

    const userEvents = await stack.store.readStream(`user-${user.uid}`);
    expect(userEvents.map((e) => e.type)).toEqual(['UserRegistered']);
    const walletEvents = await stack.store.readStream(`wallet-${user.uid}`);
    expect(walletEvents.map((e) => [e.type, (e.data as { amountPence: number }).amountPence])).toEqual([['WelcomeBonusGranted', 200]]);

    const row = await eventually(() => stack.db.selectFrom('earnings').selectAll().where('uid', '=', user.uid).executeTakeFirst());
    expect(row).toMatchObject({ amount_pence: 200, status: 'approved', is_bonus: true });
  });

  it('rejects a bad registration body with 400 and writes nothing', async () => {
    const email = uniqueEmail('bad');
    const user = await signUp(email, PASSWORD);
    const response = await stack.http
      .post('/api/auth/register')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ email: 'not-an-email', gender: 'other', username: 'x'.repeat(31) })
      .expect(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors).toEqual(
      expect.arrayContaining(['email must be a valid email address', 'Please select your gender', 'username must be at most 30 characters']),
    );
    expect(await stack.store.readStream(`user-${user.uid}`)).toEqual([]);
    expect(await stack.store.readStream(`wallet-${user.uid}`)).toEqual([]);
  });

  it('verify-token records the login and returns the profile; profile reads the read model', async () => {
    const user = await registeredMember(stack);
    const auth = `Bearer ${user.idToken}`;
    const verified = await stack.http.post('/api/auth/verify-token').set('authorization', auth).expect(200);
    expect(verified.body).toMatchObject({ success: true, data: { user: { uid: user.uid, is_verified: true } } });
    expect(verified.body.data.user.last_login).toEqual(expect.any(String));

    const profile = await eventually(async () => {
      const r = await stack.http.get('/api/auth/profile').set('authorization', auth);
      return r.status === 200 && r.body.data.user.total_earned === 2 ? r.body : undefined;
    });
    expect(profile.data.user).toMatchObject({ uid: user.uid, total_earned: 2, total_earned_pence: 200, is_verified: true, referral_count: 0 });
  });

  it('sync-verification reads the identity provider and records the verification once', async () => {
    const user = await registeredMember(stack, { verified: false });
    await verifyEmail(user.email, PASSWORD);
    // The old token still says unverified; sync must ask the provider.
    const response = await stack.http.post('/api/auth/sync-verification').set('authorization', `Bearer ${user.idToken}`).expect(200);
    expect(response.body.data.user.is_verified).toBe(true);
    const types = (await stack.store.readStream(`user-${user.uid}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'UserEmailVerified')).toHaveLength(1);
  });

  it('logout and forgot-password answer in the envelope; forgot-password validates the email', async () => {
    const user = await registeredMember(stack);
    await stack.http.post('/api/auth/logout').set('authorization', `Bearer ${user.idToken}`).expect(200, { success: true, message: 'Logged out successfully', data: null });
    await stack.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const bad = await stack.http.post('/api/auth/forgot-password').send({ email: '' }).expect(400);
    expect(bad.body.errors).toContain('Please enter your email address first');
  });

  it('admin routes: 403 for a member, 200 once the member is made an admin (as an event)', async () => {
    const user = await registeredMember(stack);
    const auth = `Bearer ${user.idToken}`;
    const refused = await stack.http.get('/api/debug/routes').set('authorization', auth).expect(403);
    expect(refused.body).toMatchObject({ success: false, message: 'Admin access required' });

    await handleCommand(stack.store, `user-${user.uid}`, userDecider, {
      type: 'ChangeRole',
      uid: user.uid,
      role: 'ADMIN',
      changedBy: 'test',
      reason: null,
      now: new Date().toISOString(),
    });
    const allowed = await eventually(async () => {
      const r = await stack.http.get('/api/debug/routes').set('authorization', auth);
      return r.status === 200 ? r.body : undefined;
    });
    expect(allowed.data.routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/bitlabs/callback' }, { method: 'GET', path: '/api/users/balance' }]));
  });

  it('GET/PUT /api/users/profile: trims the username, refuses empty or too long, records a change once', async () => {
    const user = await registeredMember(stack);
    const auth = `Bearer ${user.idToken}`;
    await eventually(async () => ((await stack.http.get('/api/users/profile').set('authorization', auth)).status === 200 ? true : undefined));

    const updated = await stack.http.put('/api/users/profile').set('authorization', auth).send({ username: '  Ace Gamer  ' }).expect(200);
    expect(updated.body).toMatchObject({ success: true, message: 'Username updated successfully!', data: { user: { uid: user.uid, username: 'Ace Gamer', displayName: 'Ace Gamer' } } });
    await stack.http.put('/api/users/profile').set('authorization', auth).send({ username: 'Ace Gamer' }).expect(200);

    const empty = await stack.http.put('/api/users/profile').set('authorization', auth).send({ username: '   ' }).expect(400);
    expect(empty.body.errors).toContain('Username cannot be empty');
    const long = await stack.http.put('/api/users/profile').set('authorization', auth).send({ username: 'x'.repeat(31) }).expect(400);
    expect(long.body.errors).toContain('username must be at most 30 characters');

    const types = (await stack.store.readStream(`user-${user.uid}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'UserProfileUpdated')).toHaveLength(1);
    const profile = await eventually(async () => {
      const r = await stack.http.get('/api/users/profile').set('authorization', auth);
      return r.body.data?.user?.username === 'Ace Gamer' ? r.body : undefined;
    });
    expect(profile.data.user).toMatchObject({ username: 'Ace Gamer', email: user.email });
  });
});
