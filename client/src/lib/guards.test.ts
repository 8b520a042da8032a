import { describe, expect, it } from 'vitest';
import type { AuthState } from './auth/session';
import { adminPageRedirect, authPageRedirect, memberDashboardRedirect, memberPageRedirect } from './guards';

const visitor: AuthState = { status: 'signed-out', user: null, profile: null, isAdmin: false, isVerified: false };
const member = { ...visitor, status: 'signed-in', isVerified: true } as AuthState;
const unverified = { ...member, isVerified: false } as AuthState;
const admin = { ...member, isAdmin: true } as AuthState;

describe('route guards', () => {
  it('sends a visitor on a protected route to /login', () => {
    expect(memberPageRedirect(visitor)).toBe('/login');
    expect(adminPageRedirect(visitor)).toBe('/login');
  });
  it('lets members, verified or not, into member routes (the unverified see the verification screen)', () => {
    expect(memberPageRedirect(member)).toBeNull();
    expect(memberPageRedirect(unverified)).toBeNull();
  });
  it('sends a logged-in non-admin on an admin route to /dashboard', () => {
    expect(adminPageRedirect(member)).toBe('/dashboard');
    expect(adminPageRedirect(admin)).toBeNull();
  });
  it('sends verified users away from /login, /signup and /admin', () => {
    expect(authPageRedirect(member)).toBe('/dashboard');
    expect(authPageRedirect(admin)).toBe('/admin/dashboard');
    expect(authPageRedirect(unverified)).toBeNull();
    expect(authPageRedirect(visitor)).toBeNull();
  });
  it('sends admins from the member dashboard to theirs', () => {
    expect(memberDashboardRedirect(admin)).toBe('/admin/dashboard');
    expect(memberDashboardRedirect(member)).toBeNull();
  });
});
