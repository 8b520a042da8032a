import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { AUTH_TEXT, AuthMessageError, googleSignInMessage, loginScreenMessage, passwordResetMessage } from './messages';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('login screen messages', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email address. Please check your email or sign up.'],
    ['auth/wrong-password', 'Incorrect password. Please try again or reset your password.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    ['auth/email-already-in-use', 'An account with this email already exists. Please sign in instead.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/invalid-credential', 'Invalid email or password. Please check your credentials and try again.'],
    ['auth/too-many-requests', 'Too many failed attempts. Please try again later.'],
    ['auth/network-request-failed', 'Network error. Please check your connection and try again.'],
    ['auth/operation-not-allowed', 'Authentication failed. Please try again.'],
  ])('%s', (code, message) => expect(loginScreenMessage(firebaseError(code))).toBe(message));

  it('shows the server detail of an API failure, else the generic message', () => {
    expect(loginScreenMessage(new ApiError('Email already registered', 409, 'Email already registered'))).toBe('Email already registered');
    expect(loginScreenMessage(new ApiError('Request failed (500)', 500))).toBe('An unexpected error occurred. Please try again.');
  });

  it('shows our own texts as they are, and never a raw error message', () => {
    expect(loginScreenMessage(new AuthMessageError(AUTH_TEXT.unverified))).toBe(
      'Please verify your email before signing in. Check your email inbox and click the verification link.',
    );
    expect(loginScreenMessage(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred. Please try again.');
    expect(loginScreenMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('Google sign-in messages', () => {
  it.each([
    ['auth/popup-closed-by-user', 'Sign-in popup was closed. Please try again.'],
    ['auth/popup-blocked', 'Sign-in popup was blocked. Please allow popups and try again.'],
    ['auth/cancelled-popup-request', 'Sign-in was cancelled. Please try again.'],
    ['auth/account-exists-with-different-credential', 'An account already exists with this email using a different sign-in method.'],
    ['auth/network-request-failed', 'Network error. Please check your connection.'],
    ['auth/weak-password', 'Password should be at least 6 characters.'],
    ['auth/internal-error', 'An error occurred. Please try again.'],
  ])('%s', (code, message) => expect(googleSignInMessage(firebaseError(code))).toBe(message));
});

describe('password reset messages', () => {
  it('names a missing account, else the generic failure', () => {
    expect(passwordResetMessage(firebaseError('auth/user-not-found'))).toBe('No account found with this email');
    expect(passwordResetMessage(firebaseError('auth/too-many-requests'))).toBe('Failed to send password reset email');
  });
});

