import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oobCodes, signUp, verifyEmail } from '@playquid/scripts';
import { type EncryptingEventStore, handleCommand } from '@playquid/server';
import { streams } from '@playquid/contracts';
import { userDecider } from '@playquid/domain';
import { PASSWORD, registeredMember, signIn, uniqueEmail } from '../support/members';
import { anonymousUser, unsignedToken } from '../support/tokens';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
/** The email-claim stream: named by the email's keyed hash, never the email. */
const claimStream = async (email: string) => streams.emailClaim(await (stack.store as EncryptingEventStore).vault.emailLookup(email));
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
      data: { status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } }, projections: expect.any(Array) },
    });
  });

  it('GET /api/health/live and /api/health/ready answer 200 while the API runs', async () => {
    expect((await stack.http.get('/api/health/live').expect(200)).body).toEqual({ success: true, message: 'PlayQuid API is alive', data: { status: 'ok' } });
    expect((await stack.http.get('/api/health/ready').expect(200)).body).toEqual({ success: true, message: 'PlayQuid API is ready', data: { status: 'ok' } });
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

  it('registers once, defaults the username to the email prefix; no bonus before the email is verified', async () => {
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
    expect(await stack.store.readStream(await claimStream(email))).toEqual([expect.objectContaining({ type: 'EmailClaimed', data: expect.objectContaining({ email, uid: user.uid }) })]);
    expect(await stack.store.readStream(`wallet-${user.uid}`)).toEqual([]);
  });

  it('grants the £2 bonus when the email is first seen verified (sync-verification), and only once', async () => {
    const email = uniqueEmail('late-verifier');
    const user = await signUp(email, PASSWORD);
    const auth = `Bearer ${user.idToken}`;
    await stack.http.post('/api/auth/register').set('authorization', auth).send({ gender: 'male' }).expect(200);
    await stack.http.post('/api/auth/verify-token').set('authorization', auth).expect(200);
    expect(await stack.store.readStream(`wallet-${user.uid}`)).toEqual([]);

    const verified = await verifyEmail(email, PASSWORD);
    await stack.http.post('/api/auth/sync-verification').set('authorization', auth).expect(200);
    await stack.http.post('/api/auth/sync-verification').set('authorization', auth).expect(200);
    await stack.http.post('/api/auth/verify-token').set('authorization', `Bearer ${verified.idToken}`).expect(200);
    await stack.http.post('/api/auth/register').set('authorization', `Bearer ${verified.idToken}`).send({}).expect(200);

    const walletEvents = await stack.store.readStream(`wallet-${user.uid}`);
    expect(walletEvents.map((e) => [e.type, (e.data as { amountPence: number }).amountPence])).toEqual([['WelcomeBonusGranted', 200]]);
    const row = await eventually(() => stack.db.selectFrom('earnings').selectAll().where('uid', '=', user.uid).executeTakeFirst());
    expect(row).toMatchObject({ amount_pence: 200, status: 'approved', is_bonus: true });
  });

  it('an email verified at sign-up (token says so) gets the bonus at registration', async () => {
    const user = await registeredMember(stack);
    const walletEvents = await stack.store.readStream(`wallet-${user.uid}`);
    expect(walletEvents.map((e) => e.type)).toEqual(['WelcomeBonusGranted']);
  });

  it('refuses an anonymous sign-in (no email in the token) with 403 and writes nothing', async () => {
    const anonymous = await anonymousUser();
    const auth = `Bearer ${anonymous.idToken}`;
    for (const path of ['/api/auth/register', '/api/auth/verify-token', '/api/auth/sync-verification']) {
      const response = await stack.http.post(path).set('authorization', auth).send({ email: 'admin@playquid.test', gender: 'male' }).expect(403);
      expect(response.body).toMatchObject({ success: false, message: 'This sign-in has no email address; sign up with email or Google', data: null });
    }
    expect(await stack.store.readStream(`user-${anonymous.uid}`)).toEqual([]);
    expect(await stack.store.readStream(`wallet-${anonymous.uid}`)).toEqual([]);
    expect(await stack.store.readStream(await claimStream('admin@playquid.test'))).toEqual([]);
  });

  it("ignores the body's email: the profile has the token's email", async () => {
    const email = uniqueEmail('honest');
    await signUp(email, PASSWORD);
    const user = await verifyEmail(email, PASSWORD);
    const response = await stack.http
      .post('/api/auth/register')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ email: 'admin@playquid.test', gender: 'female' })
      .expect(200);
    expect(response.body.data.user).toMatchObject({ uid: user.uid, email });
    const row = await eventually(() => stack.db.selectFrom('users').select('email').where('uid', '=', user.uid).executeTakeFirst());
    expect(row).toEqual({ email });
  });

  it('a second account whose token carries an email already claimed gets 409 and no profile', async () => {
    // Firebase itself keeps emails unique per project, so the duplicate comes as an unsigned token
    // for a real (anonymous) emulator account, which the Auth emulator accepts: the same forgery the
    // server now refuses to run in production with.
    const owner = await registeredMember(stack, { label: 'owner' });
    const impostorUid = (await anonymousUser()).uid;
    const forged = unsignedToken({ uid: impostorUid, email: owner.email.toUpperCase(), emailVerified: true });
    const response = await stack.http.post('/api/auth/register').set('authorization', `Bearer ${forged}`).send({ gender: 'male' }).expect(409);
    expect(response.body).toMatchObject({ success: false, message: 'An account with this email already exists', data: null });
    expect(await stack.store.readStream(`user-${impostorUid}`)).toEqual([]);
    expect(await stack.store.readStream(`wallet-${impostorUid}`)).toEqual([]);
    const claim = await stack.store.readStream(await claimStream(owner.email));
    expect(claim.map((e) => e.data)).toEqual([expect.objectContaining({ uid: owner.uid })]);
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
    // Firebase sent the reset email (the emulator records it instead of delivering it).
    expect((await oobCodes()).some((code) => code.email === user.email && code.requestType === 'PASSWORD_RESET')).toBe(true);
    // An unknown address answers the same, so nobody can probe which emails have accounts.
    await stack.http.post('/api/auth/forgot-password').send({ email: uniqueEmail('nobody') }).expect(200);
    const bad = await stack.http.post('/api/auth/forgot-password').send({ email: '' }).expect(400);
    expect(bad.body.errors).toContain('Please enter your email address first');
  });

  it('logout ends the session: the old token is refused (401) on payout requests and admin writes', async () => {
    const user = await registeredMember(stack, { label: 'leaver' });
    await handleCommand(stack.store, `user-${user.uid}`, userDecider, {
      type: 'ChangeRole',
      uid: user.uid,
      role: 'ADMIN',
      changedBy: 'test',
      reason: null,
      now: new Date().toISOString(),
    });
    const auth = `Bearer ${user.idToken}`;
    await eventually(async () => ((await stack.http.get('/api/debug/routes').set('authorization', auth)).status === 200 ? true : undefined));
    // Firebase compares auth_time with the revocation time in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await stack.http.post('/api/auth/logout').set('authorization', auth).expect(200, { success: true, message: 'Logged out successfully', data: null });

    const ended = { success: false, message: 'Your session has ended; please sign in again', data: null };
    expect((await stack.http.post('/api/users/payout').set('authorization', auth).send({}).expect(401)).body).toMatchObject(ended);
    expect((await stack.http.post('/api/users/payout/p-1/cancel').set('authorization', auth).send({}).expect(401)).body).toMatchObject(ended);
    const adminWrite = await stack.http.put('/api/admin/offers/any/featured?featured=true').set('authorization', auth).expect(401);
    expect(adminWrite.body).toMatchObject(ended);
    // Reads too: the process that took the logout refuses the old token on every route at once.
    expect((await stack.http.get('/api/auth/profile').set('authorization', auth).expect(401)).body).toMatchObject(ended);

    const fresh = await signIn(user.email, PASSWORD);
    const payout = await stack.http.post('/api/users/payout').set('authorization', `Bearer ${fresh.idToken}`).send({});
    expect(payout.status).not.toBe(401);
    expect(payout.body.message).not.toBe(ended.message);
  });

  it('too many requests: 429 says what to do and when, with Retry-After', async () => {
    let response = await stack.http.post('/api/auth/forgot-password').send({ email: 'someone@playquid.test' });
    for (let i = 0; i < 10 && response.status !== 429; i++) response = await stack.http.post('/api/auth/forgot-password').send({ email: 'someone@playquid.test' });
    expect(response.status).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(response.body).toEqual({
      success: false,
      message: `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      detail: `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      data: null,
    });
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
