import type { Role } from './events';

/**
 * What a banned member's every call answers with (403), and what their screens show. One text on
 * both sides, so the client can recognise the refusal.
 */
/** Every authenticated call of a closed account (issue 21), reads included. */
export const ACCOUNT_CLOSED_MESSAGE = 'This account is closed. Contact support if you need a copy of your records.';
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your account has been suspended. Contact support if you think this is a mistake.';

/** Rules of the admin users console, word for word as the API refuses them. */
export const ADMIN_USER_TEXT = {
  notFound: 'User not found',
  cannotBanSelf: 'You cannot ban yourself',
  cannotBanAdmin: 'Admins cannot be banned; remove the admin role first',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotPromoteBanned: 'Unban the member before making them an admin',
  roleReasonRequired: 'A reason is required to change the role',
  notBanned: 'This member is not banned',
} as const;

/** Columns the users table sorts by (`sort_by`); newest members first by default. */
export const ADMIN_USER_SORT_FIELDS = [
  'created_at',
  'last_login',
  'email',
  'username',
  'role',
  'total_earned',
  'pending_earnings',
  'completed_offers',
] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];
export const ADMIN_USER_DEFAULT_SORT: AdminUserSortField = 'created_at';

/** The status filter: banned or not, and email verification. */
export const ADMIN_USER_STATUSES = ['active', 'banned', 'verified', 'unverified'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** GET /api/admin/users query. */
export interface AdminUsersQuery {
  page?: number;
  per_page?: number;
  sort_by?: AdminUserSortField;
  sort_order?: 'asc' | 'desc';
  search?: string;
  role?: Role;
  status?: AdminUserStatus;
}

export interface AdminUserBan {
  banned_at: string;
  banned_by: string;
  reason: string;
}

/** One row of the admin users table. Money in pounds and pence. */
export interface AdminUserRow {
  uid: string;
  username: string;
  email: string;
  role: Role;
  is_verified: boolean;
  is_banned: boolean;
  ban: AdminUserBan | null;
  /** The offer partner's hold (a BitLabs ban callback): payouts paused, with the partner's reason. */
  partner_hold?: { state: string; reason: string | null; until: string | null } | null;
  total_earned: number;
  total_earned_pence: number;
  pending_earnings: number;
  pending_earnings_pence: number;
  completed_offers: number;
  referral_count: number;
  created_at: string;
  last_login: string | null;
}

/** Stat cards of the console, over every member (not just the page). */
export interface AdminUserStats {
  total_users: number;
  admins: number;
  verified: number;
  banned: number;
  new_this_week: number;
}

export interface AdminUsersPage {
  success: boolean;
  message: string;
  data: AdminUserRow[];
  total: number;
  total_pages: number;
  page: number;
  per_page: number;
  /** `total` is the planner's estimate of a large filtered list ('about N'), not a count. */
  total_estimated?: boolean;
  stats: AdminUserStats;
}

/** GET /api/admin/users/{id}: the row plus the balance the member sees. */
export interface AdminUserDetail extends AdminUserRow {
  gender: string | null;
  referred_by: string | null;
  balance: {
    available_pence: number;
    pending_pence: number;
    total_earned_pence: number;
    paid_out_pence: number;
  };
}

export interface AdminUserEnvelopeData {
  user: AdminUserDetail;
}

/** PUT /api/admin/users/{id}: any of these; a role change needs a reason (who and why are recorded). */
export interface AdminUserUpdateBody {
  role?: Role;
  username?: string;
  reason?: string;
  /** Read the identity provider's verification flag and record it (as the member's own sync does). */
  sync_verification?: boolean;
}

/** POST /api/admin/users/{id}/ban; the reason is required. */
export interface AdminUserBanBody {
  reason: string;
}

/** POST /api/admin/users/{id}/unban; the reason is optional. */
export interface AdminUserUnbanBody {
  reason?: string;
}

export const BAN_REASON_MAX_LENGTH = 500;
