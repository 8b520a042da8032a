import { ApiError } from '../api-client';

/** The sign-in, sign-up and password-reset texts, word for word. */
export const AUTH_TEXT = {
  signupSuccess: 'Account created successfully! Please check your email and verify your account before signing in.',
  signedIn: 'Signed in successfully!',
  signedInWithGoogle: 'Signed in with Google successfully!',
  unverified: 'Please verify your email before signing in. Check your email inbox and click the verification link.',
  emailFirst: 'Please enter your email address first',
  resetSent: 'Password reset email sent! Please check your inbox.',
  resetNotFound: 'No account found with this email',
  resetFailed: 'Failed to send password reset email',
  signOutFailed: 'Failed to sign out',
  noUser: 'No user signed in',
  verificationSent: 'Verification email sent! Please check your inbox and spam folder.',
  verificationSendFailed: 'Failed to send verification email. Please try again.',
  verified: 'Email verified successfully!',
  verificationCheckFailed: 'Error checking verification status.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Login screen messages by identity-provider error code. */
const LOGIN_SCREEN: Record<string, string> = {
  'user-not-found': 'No account found with this email address. Please check your email or sign up.',
  'wrong-password': 'Incorrect password. Please try again or reset your password.',
  'invalid-email': 'Please enter a valid email address.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'email-already-in-use': 'An account with this email already exists. Please sign in instead.',
  'weak-password': 'Password is too weak. Please choose a stronger password.',
  'invalid-credential': 'Invalid email or password. Please check your credentials and try again.',
  'too-many-requests': 'Too many failed attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your connection and try again.',
};
const LOGIN_SCREEN_DEFAULT = 'Authentication failed. Please try again.';

/** Google sign-in messages. */
const GOOGLE: Record<string, string> = {
  'user-not-found': 'No account found with this email address.',
  'wrong-password': 'Incorrect password.',
  'email-already-in-use': 'An account with this email already exists.',
  'weak-password': 'Password should be at least 6 characters.',
  'invalid-email': 'Invalid email address.',
  'too-many-requests': 'Too many failed attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your connection.',
  'popup-closed-by-user': 'Sign-in popup was closed. Please try again.',
  'popup-blocked': 'Sign-in popup was blocked. Please allow popups and try again.',
  'cancelled-popup-request': 'Sign-in was cancelled. Please try again.',
  'account-exists-with-different-credential': 'An account already exists with this email using a different sign-in method.',
};
const GOOGLE_DEFAULT = 'An error occurred. Please try again.';

/** A failure whose message is already the exact text to show (e.g. the unverified-email refusal). */
export class AuthMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthMessageError';
  }
}

/** The identity provider's error code without its `auth/` prefix ("wrong-password"), if any. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : undefined;
}

/**
 * What the login, sign-up and admin screens show for a failure: the provider's code mapped per
 * our own exact texts as they are, else the server's detail, else the generic message.
 */
export function loginScreenMessage(error: unknown): string {
  if (error instanceof AuthMessageError) return error.message;
  if (error instanceof ApiError) return error.detail ?? AUTH_TEXT.unexpected;
  const code = authErrorCode(error);
  if (code) return LOGIN_SCREEN[code] ?? LOGIN_SCREEN_DEFAULT;
  return AUTH_TEXT.unexpected;
}

/** What the screens show when Google sign-in fails. */
export function googleSignInMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  const code = authErrorCode(error);
  return (code && GOOGLE[code]) || GOOGLE_DEFAULT;
}

/** Forgot-password failures. */
export function passwordResetMessage(error: unknown): string {
  return authErrorCode(error) === 'user-not-found' ? AUTH_TEXT.resetNotFound : AUTH_TEXT.resetFailed;
}
