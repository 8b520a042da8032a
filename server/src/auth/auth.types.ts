import type { Role } from '@playquid/contracts';

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** From our users read model; USER until a profile exists. */
  role: Role;
  isAdmin: boolean;
}

export interface AuthOptions {
  /** Member routes need a verified email. */
  verified?: boolean;
  admin?: boolean;
  /** Public routes that say more to a signed-in caller: no token passes without a user, a bad one is still 401. */
  optional?: boolean;
  /**
   * Also refuse ID tokens issued before the member's last logout (one extra Firebase lookup per
   * request). Always on for admin writes (any method but GET); money-moving member routes set it.
   */
  checkRevoked?: boolean;
}

export const AUTH_OPTIONS = 'playquid:auth-options';

/** The spec counts both ADMIN and the legacy string 'admin' as admin. */
export const isAdminRole = (role: string | null | undefined): boolean => role === 'ADMIN' || role === 'admin';
