import type { Gender, Role } from './events';

/** Every response of the API carries this envelope. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/** Error bodies: 4xx/5xx keep the envelope, with `detail` for the client's "server detail" messages. */
export interface ApiErrorBody {
  success: false;
  message: string;
  detail: string;
  data: null;
  errors?: string[];
}

// ---------------------------------------------------------------- auth
export interface RegisterRequest {
  /** Ignored by the server: the profile's email is the one in the ID token. */
  email?: string;
  username?: string;
  gender?: Gender;
  /** uid of the member whose referral link (/?ref={uid}) brought this visitor. */
  referred_by?: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface UserProfile {
  uid: string;
  username: string;
  email: string;
  displayName: string;
  gender: Gender | null;
  role: Role;
  isAdmin: boolean;
  is_verified: boolean;
  created_at: string;
  last_login: string | null;
  /** Pounds, 2 decimals; `total_earned_pence` is the exact figure. */
  total_earned: number;
  total_earned_pence: number;
  pending_earnings: number;
  pending_earnings_pence: number;
  completed_offers: number;
  referral_count: number;
}

export interface UserEnvelopeData {
  user: UserProfile;
}

export interface HealthData {
  status: 'ok' | 'error';
  info: Record<string, { status: string }>;
  /** Each projection's (and the forwarder's) lag behind the log: events after its checkpoint, and the age in seconds of the oldest one. */
  projections?: { projection: string; events: number; seconds: number }[];
}

// ---------------------------------------------------------------- balance
export interface Balance {
  /** Pounds with 2 decimals, as the spec names them. */
  available_amount: number;
  completed_amount: number;
  pending_amount: number;
  total_amount: number;
  /** Exact integer pence behind the figures above. */
  available_pence: number;
  pending_pence: number;
  total_pence: number;
  total_transactions: number;
  pending_transactions: number;
  /** "Total Earned" (EARNED_STATUSES): every credit not reversed, pending and paid included. */
  total_earned: number;
  total_earned_pence: number;
  /**
   * What a payout request would send now (available less the locked welcome bonus): the one
   * withdrawable figure every screen shows. Computed by the domain's payout rules on the server.
   */
  withdrawable_pence: number;
  /** The welcome bonus held back until the member's first approved offer (0 once unlocked). */
  locked_bonus_pence: number;
  /** Whether a payout may be requested now; `payout_block` says why not. */
  can_request_payout: boolean;
  payout_block: PayoutBlockReason | null;
  /** Set while the offer partner holds the account (`payout_block` 'partner-hold'). */
  payout_hold?: PayoutHold | null;
  /** How much more must become withdrawable before the minimum payout is reached (0 when it is). */
  payout_shortfall_pence: number;
  min_payout_pence: number;
  currency: 'GBP';
}

/** Why a payout cannot be requested now (the domain's `PayoutBlock`). */
export type PayoutBlockReason = 'partner-hold' | 'negative' | 'in-progress' | 'bonus-locked' | 'below-minimum';

/** The offer partner's hold on the account (a BitLabs ban callback): payouts are paused, and this says why. */
export interface PayoutHold {
  state: 'banned' | 'shadow_ban' | 'review' | 'on_hold';
  /** The partner's reason, as it sent it (null when it gave none). */
  reason: string | null;
  /** When the hold ends by itself (null: until the partner lifts it). */
  until: string | null;
  /** The member's explanation (domain partnerHoldMessage). */
  message: string;
}

// ---------------------------------------------------------------- earnings
export type EarningStatusFilter = 'pending' | 'approved' | 'paid' | 'rejected';

export interface Earning {
  id: string;
  /** Pounds, 2 decimals; `amount_pence` is exact. */
  amount: number;
  amount_pence: number;
  status: EarningStatusFilter;
  created_at: string;
  display_title: string;
  has_icon: boolean;
  offer: { id: string | null; name: string | null; icon_url: string | null; description: string | null };
  task: { id: string | null; name: string | null; transaction_id: string | null };
  is_bonus: boolean;
  payout_id: string | null;
}

export interface EarningsSummary {
  /** Pounds, 2 decimals (the spec's fields); the `_pence` twins are exact. */
  totalAmount: number;
  totalCount: number;
  approvedAmount: number;
  pendingAmount: number;
  total_pence: number;
  approved_pence: number;
  pending_pence: number;
}

/** List responses keep the array in `data` and paging beside it (as the spec's other lists do). */
export interface PagedEnvelope<T> extends ApiEnvelope<T[]> {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  /** Admin lists: `total` is the planner's estimate of a large filtered list ('about N'), not a count. */
  total_estimated?: boolean;
}

export interface EarningsPage extends PagedEnvelope<Earning> {
  summary: EarningsSummary;
}

/** GET /api/admin/health: the money pipeline's backlog, from the read model. */
export interface MoneyHealthData {
  /** Accepted callbacks not processed yet and not failed, and the oldest one's age. */
  unprocessed_callbacks: { count: number; oldest_age_seconds: number | null };
  /** Callbacks whose processing failed: visible in the console for a reprocess. */
  failed_callbacks: number;
  /** Reversals that arrived before their credit and still wait for it. */
  unmatched_reversals: { count: number; oldest_age_seconds: number | null };
  /** Approved payouts whose reward is not delivered, paid or returned after PAYOUT_STUCK_HOURS. */
  stuck_payouts: { count: number; oldest_age_seconds: number | null; after_hours: number };
}
