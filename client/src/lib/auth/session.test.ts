import type { Auth, User } from 'firebase/auth';
import * as firebaseAuth from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from '../api-client';
import { REFERRAL_STORAGE_KEY } from './referral';
import { AuthSession } from './session';

vi.mock('firebase/auth', () => ({
  onAuthStateChanged: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  signInWithPopup: vi.fn(),
  getAdditionalUserInfo: vi.fn(),
  sendEmailVerification: vi.fn(async () => undefined),
  sendPasswordResetEmail: vi.fn(async () => undefined),
  signOut: vi.fn(async () => undefined),
  GoogleAuthProvider: class {},
  browserPopupRedirectResolver: { resolver: 'popup' },
}));

const mocked = vi.mocked(firebaseAuth);

const fakeUser = (overrides: Partial<User> = {}) =>
  ({ uid: 'u1', email: 'ana@example.com', emailVerified: true, reload: vi.fn(), getIdToken: vi.fn(), ...overrides }) as unknown as User;
const profile = (overrides: Record<string, unknown> = {}) => ({
  uid: 'u1',
  username: 'ana',
  email: 'ana@example.com',
  role: 'USER',
  isAdmin: false,
  is_verified: true,
  ...overrides,
});

function fakeApi(responses: Record<string, unknown | Error>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const post = vi.fn(async (path: string, body?: unknown) => {
    calls.push({ path, body });
    const response = responses[path];
    if (response instanceof Error) throw response;
    return { success: true, message: 'ok', data: response ?? null };
  });
  return { api: { post, get: vi.fn(), put: vi.fn(), request: vi.fn() } as unknown as ApiClient, calls };
}

/** Starts a session and returns the provider's auth-state callback. */
function started(session: AuthSession): (user: User | null) => void {
  session.start();
  return mocked.onAuthStateChanged.mock.calls.at(-1)![1] as (user: User | null) => void;
}

const auth = { currentUser: null } as unknown as Auth;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('auth session', () => {
  it('verifies the token on every auth change and exposes the profile', async () => {
    const { api, calls } = fakeApi({ '/api/auth/verify-token': { user: profile({ role: 'ADMIN', isAdmin: true }) } });
    const session = new AuthSession({ auth, api });
    started(session)(fakeUser());
    await session.ready();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/verify-token']);
    expect(session.state).toMatchObject({ status: 'signed-in', isAdmin: true, isVerified: true, profile: { username: 'ana' } });
  });

  it('syncs verification when the backend and the provider disagree', async () => {
    const { api, calls } = fakeApi({
      '/api/auth/verify-token': { user: profile({ is_verified: false }) },
      '/api/auth/sync-verification': { user: profile({ is_verified: true, username: 'synced' }) },
    });
    const session = new AuthSession({ auth, api });
    started(session)(fakeUser({ emailVerified: true }));
    await session.ready();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/verify-token', '/api/auth/sync-verification']);
    expect(session.state.profile?.username).toBe('synced');
  });

  it('signs out when token verification answers 401', async () => {
    const { api } = fakeApi({ '/api/auth/verify-token': new ApiError('Invalid or expired token', 401) });
    const session = new AuthSession({ auth, api });
    started(session)(fakeUser());
    await session.ready();
    expect(mocked.signOut).toHaveBeenCalled();
    expect(session.state.status).toBe('signed-out');
  });

  it('stays signed in without a profile when the backend is unreachable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = fakeApi({ '/api/auth/verify-token': new ApiError('Request failed (502)', 502) });
    const session = new AuthSession({ auth, api });
    started(session)(fakeUser());
    await session.ready();
    expect(session.state).toMatchObject({ status: 'signed-in', profile: null, isAdmin: false, isVerified: true });
  });

  it('signs up: account, verification email, register with the referral, then stays signed in unverified (verification screen)', async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'referrer-uid');
    const user = fakeUser({ emailVerified: false });
    mocked.createUserWithEmailAndPassword.mockResolvedValue({ user } as never);
    const { api, calls } = fakeApi({
      '/api/auth/register': { user: profile({ is_verified: false }) },
      '/api/auth/verify-token': { user: profile({ is_verified: false }) },
    });
    const session = new AuthSession({ auth, api });
    const onChange = started(session);

    const pending = session.signUp({ email: 'ana@example.com', password: 'secret1', gender: 'female' });
    onChange(user); // the provider reports the new user meanwhile: the flow, not the listener, decides
    await expect(pending).resolves.toBe('Account created successfully! Please check your email and verify your account before signing in.');

    expect(mocked.sendEmailVerification).toHaveBeenCalledWith(user);
    expect(calls).toEqual([
      { path: '/api/auth/register', body: { email: 'ana@example.com', username: 'ana', gender: 'female', referred_by: 'referrer-uid' } },
      { path: '/api/auth/verify-token', body: undefined },
    ]);
    expect(mocked.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(session.state).toMatchObject({ status: 'signed-in', isVerified: false });
  });

  it('signs out again when the sign-up could not be completed', async () => {
    const user = fakeUser({ emailVerified: false });
    mocked.createUserWithEmailAndPassword.mockResolvedValue({ user } as never);
    const { api } = fakeApi({ '/api/auth/register': new ApiError('down', 503, 'down') });
    const session = new AuthSession({ auth, api });
    started(session);
    await expect(session.signUp({ email: 'ana@example.com', password: 'secret1', gender: 'female' })).rejects.toThrow();
    expect(mocked.signOut).toHaveBeenCalled();
    expect(session.state.status).toBe('signed-out');
  });

  it('asks our backend to resend the verification email; without a user it says so', async () => {
    const { api, calls } = fakeApi({ '/api/auth/resend-verification': { sent: true } });
    await expect(new AuthSession({ auth, api }).resendVerification()).rejects.toThrow('No user signed in');
    const signedIn = { currentUser: fakeUser({ emailVerified: false }) } as unknown as Auth;
    await new AuthSession({ auth: signedIn, api }).resendVerification();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/resend-verification']);
    expect(mocked.sendEmailVerification).not.toHaveBeenCalled();
  });

  it('refuses an unverified sign-in and signs out again', async () => {
    mocked.signInWithEmailAndPassword.mockResolvedValue({ user: fakeUser({ emailVerified: false }) } as never);
    const { api, calls } = fakeApi({});
    const session = new AuthSession({ auth, api });
    await expect(session.signIn('ana@example.com', 'secret1')).rejects.toThrow(
      'Please verify your email before signing in. Check your email inbox and click the verification link.',
    );
    expect(mocked.signOut).toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(session.state.status).toBe('signed-out');
  });

  it('resends the verification email from the login screen: signs in, asks our backend, signs out again', async () => {
    mocked.signInWithEmailAndPassword.mockResolvedValue({ user: fakeUser({ emailVerified: false }) } as never);
    const { api, calls } = fakeApi({ '/api/auth/resend-verification': { sent: true } });
    const session = new AuthSession({ auth, api });
    await session.resendVerificationFor(' ana@example.com ', 'secret1');
    expect(mocked.signInWithEmailAndPassword).toHaveBeenCalledWith(auth, 'ana@example.com', 'secret1');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/resend-verification']);
    expect(mocked.signOut).toHaveBeenCalledTimes(1);
    expect(session.state.status).toBe('signed-out');
  });

  it('signs out again when the resend is refused (e.g. 429), and passes the refusal on', async () => {
    mocked.signInWithEmailAndPassword.mockResolvedValue({ user: fakeUser({ emailVerified: false }) } as never);
    const { api } = fakeApi({ '/api/auth/resend-verification': new ApiError('Too many', 429, 'Too many verification emails') });
    await expect(new AuthSession({ auth, api }).resendVerificationFor('ana@example.com', 'secret1')).rejects.toThrow('Too many');
    expect(mocked.signOut).toHaveBeenCalledTimes(1);
  });

  it('signs a verified member in with their profile', async () => {
    mocked.signInWithEmailAndPassword.mockResolvedValue({ user: fakeUser() } as never);
    const { api } = fakeApi({ '/api/auth/verify-token': { user: profile() } });
    const session = new AuthSession({ auth, api });
    await expect(session.signIn(' ana@example.com ', 'secret1')).resolves.toMatchObject({ status: 'signed-in', isVerified: true });
    expect(mocked.signInWithEmailAndPassword).toHaveBeenCalledWith(auth, 'ana@example.com', 'secret1');
  });

  it('registers a first-time Google user before loading the profile', async () => {
    const user = fakeUser({ email: 'gary@gmail.com' });
    mocked.signInWithPopup.mockResolvedValue({ user } as never);
    mocked.getAdditionalUserInfo.mockReturnValue({ isNewUser: true } as never);
    const { api, calls } = fakeApi({ '/api/auth/register': { user: profile() }, '/api/auth/verify-token': { user: profile() } });
    const session = new AuthSession({ auth, api });
    await session.signInWithGoogle();
    // Google's popup resolver is passed to this call only (the app's auth has none, so no Google script loads before).
    expect(mocked.signInWithPopup).toHaveBeenCalledWith(auth, expect.anything(), { resolver: 'popup' });
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/register', '/api/auth/verify-token']);
    expect(calls[0].body).toMatchObject({ email: 'gary@gmail.com', username: 'gary' });
  });

  it('signs out of the identity provider even when the logout call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = fakeApi({ '/api/auth/logout': new ApiError('down', 502) });
    const session = new AuthSession({ auth, api });
    await session.signOut();
    expect(mocked.signOut).toHaveBeenCalled();
    expect(session.state.status).toBe('signed-out');
  });

  it('ignores the answer to an older auth event', async () => {
    let answerFirst!: (value: unknown) => void;
    const post = vi
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValue({ success: true, message: 'ok', data: { user: profile({ username: 'second' }) } });
    const session = new AuthSession({ auth, api: { post } as unknown as ApiClient });
    const onChange = started(session);
    onChange(fakeUser());
    onChange(null);
    await session.ready();
    answerFirst({ success: true, message: 'ok', data: { user: profile({ username: 'first' }) } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.state.status).toBe('signed-out');
  });
});
