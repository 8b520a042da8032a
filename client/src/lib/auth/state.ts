import type { UserProfile } from '@playquid/contracts';
import type { User } from 'firebase/auth';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Our backend's profile; null while signed out or when the backend could not be reached. */
  profile: UserProfile | null;
  isAdmin: boolean;
  /** Verified as far as the identity provider or our backend knows. */
  isVerified: boolean;
}

export const LOADING_STATE: AuthState = { status: 'loading', user: null, profile: null, isAdmin: false, isVerified: false };
export const SIGNED_OUT_STATE: AuthState = { ...LOADING_STATE, status: 'signed-out' };
