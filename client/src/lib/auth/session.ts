import type { Gender, RegisterRequest, UserEnvelopeData, UserProfile } from '@playquid/contracts';
import {
  type Auth,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import { type ApiClient, ApiError } from '../api-client';
import { emailPrefix, isAdminProfile } from '../display';
import { AUTH_TEXT, AuthMessageError } from './messages';
import { type AuthState, LOADING_STATE, SIGNED_OUT_STATE } from './state';
import { forgetReferral, storedReferral } from './referral';

export { type AuthState, type AuthStatus, LOADING_STATE, SIGNED_OUT_STATE } from './state';

function signedInState(user: User, profile: UserProfile | null): AuthState {
  return {
    status: 'signed-in',
    user,
    profile,
    isAdmin: profile ? isAdminProfile(profile) : false,
    isVerified: user.emailVerified || profile?.is_verified === true,
  };
}

export interface SignUpInput {
  email: string;
  password: string;
  gender: Gender;
}

export interface AuthSessionDeps {
  auth: Auth;
  api: ApiClient;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * The signed-in identity and our profile of it, outside React so that route guards (router
 * context) and components (useSyncExternalStore) read the same, always current, state.
 */
export class AuthSession {
  private current: AuthState = LOADING_STATE;
  private readonly listeners = new Set<() => void>();
  /** While a flow below runs, it publishes its own outcome: provider events are ignored meanwhile. */
  private quiet = 0;
  /** Bumped on every change, so the answer to an older event never overwrites a newer state. */
  private generation = 0;
  private markReady!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(private readonly deps: AuthSessionDeps) {}

  get state(): AuthState {
    return this.current;
  }

  readonly getState = (): AuthState => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves once the first auth state (signed in with profile, or signed out) is known. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Follows the identity provider; returns the unsubscribe function. */
  start(): () => void {
    return onAuthStateChanged(this.deps.auth, (user) => {
      if (this.quiet === 0) void this.adopt(user);
    });
  }

  /** every auth change verifies the token with our backend and aligns the verified flag. */
  private async adopt(user: User | null): Promise<AuthState> {
    const generation = ++this.generation;
    if (!user) return this.publish(SIGNED_OUT_STATE, generation);
    try {
      return this.publish(signedInState(user, await this.loadProfile(user)), generation);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await this.quietly(() => signOut(this.deps.auth));
        return this.publish(SIGNED_OUT_STATE, generation);
      }
      // Backend unreachable: stay signed in with what the identity provider knows.
      console.warn('Token verification failed', error);
      return this.publish(signedInState(user, null), generation);
    }
  }

  private async loadProfile(user: User): Promise<UserProfile> {
    const { api } = this.deps;
    let profile = (await api.post<UserEnvelopeData>('/api/auth/verify-token')).data.user;
    if (profile.is_verified !== user.emailVerified) profile = (await api.post<UserEnvelopeData>('/api/auth/sync-verification')).data.user;
    return profile;
  }

  private publish(state: AuthState, generation = ++this.generation): AuthState {
    if (generation !== this.generation) return this.current;
    this.current = state;
    if (state.status !== 'loading') this.markReady();
    for (const listener of this.listeners) listener();
    return state;
  }

  private async quietly<T>(flow: () => Promise<T>): Promise<T> {
    this.quiet += 1;
    try {
      return await flow();
    } finally {
      this.quiet -= 1;
    }
  }

  private async register(email: string, gender?: Gender): Promise<void> {
    const body: RegisterRequest = { email, username: emailPrefix(email), gender, referred_by: storedReferral(this.deps.storage) };
    await this.deps.api.post<UserEnvelopeData>('/api/auth/register', body);
    forgetReferral(this.deps.storage);
  }

  /**
   * Creates the account, sends the verification email and registers the profile. The new member
   * stays signed in, unverified, so the screens show the verification screen (resend, check)
   * instead of signing them out without a word; nothing past it opens until the email is verified.
   */
  signUp({ email, password, gender }: SignUpInput): Promise<string> {
    return this.quietly(async () => {
      const { user } = await createUserWithEmailAndPassword(this.deps.auth, email, password);
      try {
        await sendEmailVerification(user);
        await this.register(email, gender);
      } catch (error) {
        // Half a sign-up is no session: the member signs in again and registration is retried then.
        await signOut(this.deps.auth);
        this.publish(SIGNED_OUT_STATE);
        throw error;
      }
      await this.adopt(user);
      return AUTH_TEXT.signupSuccess;
    });
  }

  /** Email and password sign-in; an unverified account is signed out again and told to verify. */
  signIn(email: string, password: string): Promise<AuthState> {
    return this.quietly(async () => {
      const { user } = await signInWithEmailAndPassword(this.deps.auth, email.trim(), password);
      if (!user.emailVerified) {
        await signOut(this.deps.auth);
        this.publish(SIGNED_OUT_STATE);
        throw new AuthMessageError(AUTH_TEXT.unverified);
      }
      return this.adopt(user);
    });
  }

  /** Google popup; the first sign-in registers the profile (with any referral) before it loads. */
  signInWithGoogle(): Promise<AuthState> {
    return this.quietly(async () => {
      // The resolver (and with it Google's scripts) is used only here, when the visitor chose Google.
      const result = await signInWithPopup(this.deps.auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
      if (getAdditionalUserInfo(result)?.isNewUser && result.user.email) {
        // Token verification creates a missing profile too, so a failure here only loses the referral.
        await this.register(result.user.email).catch((error: unknown) => console.warn('Registration failed', error));
      }
      return this.adopt(result.user);
    });
  }

  /** Ends the backend session (best effort), then the identity session. Throws if the latter fails. */
  async signOut(): Promise<void> {
    await this.deps.api.post('/api/auth/logout').catch((error: unknown) => console.warn('Logout call failed', error));
    await this.quietly(() => signOut(this.deps.auth));
    this.publish(SIGNED_OUT_STATE);
  }

  resetPassword(email: string): Promise<void> {
    return sendPasswordResetEmail(this.deps.auth, email.trim());
  }

  /** Our backend sends it (and limits how often); a 429 carries the server's explanation. */
  async resendVerification(): Promise<void> {
    if (!this.deps.auth.currentUser) throw new AuthMessageError(AUTH_TEXT.noUser);
    await this.deps.api.post('/api/auth/resend-verification');
  }

  /**
   * From the login screen after an unverified sign-in: signs in just long enough to have the
   * verification email sent again (our backend sends and limits it), then signs out again.
   */
  resendVerificationFor(email: string, password: string): Promise<void> {
    return this.quietly(async () => {
      await signInWithEmailAndPassword(this.deps.auth, email.trim(), password);
      try {
        await this.deps.api.post('/api/auth/resend-verification');
      } finally {
        await signOut(this.deps.auth);
        this.publish(SIGNED_OUT_STATE);
      }
    });
  }

  /**
   * Asks the identity provider again; when the email is now verified, records it with our backend.
   * The session state is not changed here: the verification screen shows its success message first
   * and calls `refresh()` when it moves on.
   */
  async checkVerification(): Promise<boolean> {
    const user = this.deps.auth.currentUser;
    if (!user) throw new AuthMessageError(AUTH_TEXT.noUser);
    await user.reload();
    if (!user.emailVerified) return false;
    await user.getIdToken(true);
    await this.deps.api.post<UserEnvelopeData>('/api/auth/sync-verification');
    return true;
  }

  /** Reloads the profile of the current identity user and publishes it. */
  refresh(): Promise<AuthState> {
    return this.adopt(this.deps.auth.currentUser);
  }
}
