import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from './session';
import { LazyAuthSession } from './lazy-session';
import { type AuthState, SIGNED_OUT_STATE } from './state';

/** A stand-in for the Firebase-backed session: a state it publishes when told to. */
function fakeSession(initial: AuthState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const session = {
    get state() {
      return state;
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: vi.fn(async () => state),
  };
  return {
    session: session as unknown as AuthSession,
    publish(next: AuthState) {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const member = { status: 'signed-in', user: { uid: 'u1' }, profile: null, isAdmin: false, isVerified: true } as unknown as AuthState;

describe('the session before Firebase is loaded', () => {
  it('a visitor with no stored sign-in is signed out at once, and Firebase is not loaded', async () => {
    const load = vi.fn();
    const session = new LazyAuthSession({ hasPersistedUser: async () => false, load });
    session.start();
    await session.ready();
    expect(session.state).toEqual(SIGNED_OUT_STATE);
    expect(load).not.toHaveBeenCalled();
  });

  it('a stored member loads Firebase at once and is ready only with their real state', async () => {
    const fake = fakeSession({ ...SIGNED_OUT_STATE, status: 'loading' });
    const load = vi.fn(async () => fake.session);
    const session = new LazyAuthSession({ hasPersistedUser: async () => true, load });
    session.start();
    let ready = false;
    void session.ready().then(() => (ready = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(ready).toBe(false);
    fake.publish(member);
    await session.ready();
    expect(session.state).toBe(member);
  });

  it("a visitor's sign-in loads Firebase (once) and hands over to it", async () => {
    const fake = fakeSession(SIGNED_OUT_STATE);
    const load = vi.fn(async () => fake.session);
    const session = new LazyAuthSession({ hasPersistedUser: async () => false, load });
    session.start();
    session.preload();
    await session.signIn('ana@example.com', 'secret');
    expect(load).toHaveBeenCalledOnce();
    expect(fake.session.signIn).toHaveBeenCalledWith('ana@example.com', 'secret');
  });
});
