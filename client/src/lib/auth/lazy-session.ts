import type { SignUpInput } from './session';
import type { AuthSession } from './session';
import { type AuthState, LOADING_STATE, SIGNED_OUT_STATE } from './state';

export interface LazyAuthSessionDeps {
  /** Whether this browser has a signed-in Firebase user stored (see persisted-user). */
  hasPersistedUser: () => Promise<boolean>;
  /** Loads Firebase Auth and starts the real session (a dynamic import). */
  load: () => Promise<AuthSession>;
}

/**
 * The session the app holds from the first paint, with Firebase Auth loaded only when it is
 * needed: at once when this browser has a signed-in user stored, else when the visitor opens the
 * sign-in or sign-up form or acts (signs in, signs up, resets a password). A visitor with nothing
 * stored is signed out at once and never waits for, or fetches, the SDK.
 *
 * Same surface as AuthSession; every action loads it first and hands over.
 */
export class LazyAuthSession {
  private current: AuthState = LOADING_STATE;
  private readonly listeners = new Set<() => void>();
  private real?: Promise<AuthSession>;
  private markReady!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(private readonly deps: LazyAuthSessionDeps) {}

  get state(): AuthState {
    return this.current;
  }

  readonly getState = (): AuthState => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves once the first auth state (a visitor, or the stored member with their profile) is known. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Decides how to begin: the stored member's session, or a visitor without Firebase. */
  start(): void {
    void this.deps.hasPersistedUser().then((stored) => {
      if (stored) void this.session();
      else if (!this.real) this.publish(SIGNED_OUT_STATE);
    });
  }

  /** Loads Firebase now (e.g. when a sign-in form opens), so the visitor's action does not wait for it. */
  preload(): void {
    void this.session();
  }

  private session(): Promise<AuthSession> {
    this.real ??= this.deps.load().then((session) => {
      const follow = () => {
        if (session.state.status !== 'loading') this.publish(session.state);
      };
      session.subscribe(follow);
      follow();
      return session;
    });
    return this.real;
  }

  private publish(state: AuthState): void {
    this.current = state;
    if (state.status !== 'loading') this.markReady();
    for (const listener of this.listeners) listener();
  }

  signUp = async (input: SignUpInput): Promise<string> => (await this.session()).signUp(input);
  signIn = async (email: string, password: string): Promise<AuthState> => (await this.session()).signIn(email, password);
  signInWithGoogle = async (): Promise<AuthState> => (await this.session()).signInWithGoogle();
  resetPassword = async (email: string): Promise<void> => (await this.session()).resetPassword(email);
  resendVerificationFor = async (email: string, password: string): Promise<void> => (await this.session()).resendVerificationFor(email, password);

  /** Signing out, refreshing or checking a verification needs a member, hence a loaded session. */
  signOut = async (): Promise<void> => (await this.session()).signOut();
  resendVerification = async (): Promise<void> => (await this.session()).resendVerification();
  checkVerification = async (): Promise<boolean> => (await this.session()).checkVerification();
  refresh = async (): Promise<AuthState> => (this.real || this.current.status === 'signed-in' ? (await this.session()).refresh() : this.current);
}
