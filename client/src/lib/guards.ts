import type { AuthState } from './auth/session';

/**
 * Route access rules (visitor, member, admin pages) as plain functions of the auth state: each returns where to send the
 * visitor instead, or null to let them in. Route files throw `redirect({ to })` with the answer.
 */

/** Member pages: visitors sign in first (an unverified member sees the verification screen). */
export function memberPageRedirect(auth: AuthState): '/login' | null {
  return auth.status === 'signed-in' ? null : '/login';
}

/** Admin pages: visitors sign in; signed-in non-admins go to their dashboard. */
export function adminPageRedirect(auth: AuthState): '/login' | '/dashboard' | null {
  if (auth.status !== 'signed-in') return '/login';
  return auth.isAdmin ? null : '/dashboard';
}

/** /login, /signup and /admin: a fully verified user goes straight to their dashboard. */
export function authPageRedirect(auth: AuthState): '/dashboard' | '/admin/dashboard' | null {
  if (auth.status !== 'signed-in' || !auth.isVerified) return null;
  return auth.isAdmin ? '/admin/dashboard' : '/dashboard';
}

/** The member dashboard: admins have their own and skip the member data fetch. */
export function memberDashboardRedirect(auth: AuthState): '/admin/dashboard' | null {
  return auth.isAdmin ? '/admin/dashboard' : null;
}
