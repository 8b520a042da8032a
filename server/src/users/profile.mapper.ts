import { penceToPounds, type Gender, type UserProfile } from '@playquid/contracts';
import { displayName, type UserState } from '@playquid/domain';
import { isAdminRole } from '../auth/auth.types';
import type { UserRecord } from './user.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function profileFromRow(row: UserRecord): UserProfile {
  return {
    uid: row.uid,
    username: row.username,
    email: row.email,
    displayName: displayName(row.username, row.email),
    gender: (row.gender as Gender | null) ?? null,
    role: isAdminRole(row.role) ? 'ADMIN' : 'USER',
    isAdmin: isAdminRole(row.role),
    is_verified: row.is_verified,
    created_at: iso(row.created_at)!,
    last_login: iso(row.last_login),
    total_earned: penceToPounds(row.total_earned_pence),
    total_earned_pence: row.total_earned_pence,
    pending_earnings: penceToPounds(row.pending_pence),
    pending_earnings_pence: row.pending_pence,
    completed_offers: row.completed_offers,
    referral_count: row.referral_count,
  };
}

/**
 * The profile as the write side just decided it, for command responses that must not wait for the
 * projection (register, verify-token). Money figures come from the read model when it has them.
 */
export function profileFromState(state: UserState, row: UserRecord | undefined): UserProfile {
  const base = row ? profileFromRow(row) : undefined;
  const username = state.username ?? '';
  return {
    uid: state.uid!,
    username,
    email: state.email ?? '',
    displayName: displayName(username, state.email),
    gender: state.gender,
    role: state.role,
    isAdmin: state.role === 'ADMIN',
    is_verified: state.emailVerified,
    created_at: state.registeredAt!,
    last_login: state.lastLogin,
    total_earned: base?.total_earned ?? 0,
    total_earned_pence: base?.total_earned_pence ?? 0,
    pending_earnings: base?.pending_earnings ?? 0,
    pending_earnings_pence: base?.pending_earnings_pence ?? 0,
    completed_offers: base?.completed_offers ?? 0,
    referral_count: base?.referral_count ?? 0,
  };
}
