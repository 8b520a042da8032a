import type { Earning, PagedEnvelope, PayoutBlockReason, PayoutHold } from './api';
import type { PayoutMethod, PayoutStatus } from './events';

/**
 * Request and response shapes of the member-money calls (users; admin payouts and
 * earnings) and of the statement, which goes beyond the spec. Pounds fields keep the spec's names;
 * every one has an exact `_pence` twin.
 */

// ---------------------------------------------------------------- payouts
export interface PayoutRequestBody {
  method: PayoutMethod;
  payment_details: { delivery_method: 'email' };
}

export interface PayoutCancelBody {
  reason?: string;
}

/**
 * The reward email's state as Tremendous reports it: `ordered` (placed), `pending_approval`,
 * `flagged` (fraud review), `sent` (delivered), `failed`, `cancelled`; `order_failed` when the order
 * was refused; `resend_requested` while an admin's resend is being ordered.
 */
export type RewardDeliveryStatus =
  | 'not_ordered'
  | 'ordered'
  | 'order_failed'
  | 'pending_approval'
  | 'flagged'
  | 'sent'
  | 'failed'
  | 'cancelled'
  | 'resend_requested';

export interface Payout {
  id: string;
  user_id: string;
  amount: number;
  amount_pence: number;
  status: PayoutStatus;
  method: PayoutMethod;
  /** The reward order or processor reference recorded when an admin marks the payout paid. */
  transaction_id: string | null;
  requested_at: string;
  processed_at: string | null;
  notes: string | null;
  /** Why it was rejected or cancelled. */
  reason: string | null;
  payment_details: {
    delivery_method: 'email';
    email: string;
  };
  /** `state_at`: the provider's time of that state (the webhook's created_utc). */
  reward: { status: RewardDeliveryStatus; order_id: string | null; detail: string | null; state_at: string | null };
  earning_count: number;
}

/**
 * What a payout call (request, cancel, approve, reject, process) returns: the payout as the command
 * left it. Lists are read models and show it a moment later.
 */
export interface PayoutActionData {
  payout_id: string;
  status: PayoutStatus;
  amount: number;
  amount_pence: number;
}

export interface AdminPayout extends Payout {
  user: { uid: string; email: string | null; username: string | null };
  /** The reward order is committed: cancel and reject are refused from here on. */
  reward_order_placed: boolean;
  /** A reversal landed while the payout was open: approve/process need `acknowledge_reversal`. */
  needs_review: boolean;
  /** Approved money reversed while this payout was open. */
  review_reversed_pence: number;
  review_reason: string | null;
  /** From `payoutActions` (domain), the rule the wallet decider enforces. */
  can_cancel: boolean;
  can_reject: boolean;
  /** The reward email failed or was cancelled: order it again (same or corrected email), or return the money. */
  can_resend: boolean;
  can_return: boolean;
}

export interface AdminPayoutResendBody {
  /** A corrected email; the same one when absent. */
  email?: string;
}
export interface AdminPayoutReturnBody {
  reason: string;
}

export type PayoutsPage = PagedEnvelope<Payout>;
export type AdminPayoutsPage = PagedEnvelope<AdminPayout>;

export interface AdminPayoutRejectBody {
  reason: string;
}
export interface AdminPayoutApproveBody {
  notes?: string;
  /** Required (true) when the payout `needs_review`: the admin has looked at the reversal. */
  acknowledge_reversal?: boolean;
}
export interface AdminPayoutProcessBody {
  /** The bank transaction reference (required, trimmed). */
  transaction_id: string;
  notes?: string;
  /** Required (true) when the payout `needs_review`: the admin has looked at the reversal. */
  acknowledge_reversal?: boolean;
}
export interface AdminPayoutCancelBody {
  reason?: string;
}

export interface AdminEarning extends Earning {
  user: { uid: string; email: string | null; username: string | null };
}
export type AdminEarningsPage = PagedEnvelope<AdminEarning>;

// ---------------------------------------------------------------- balance, stats, progress
export interface DetailedBalance {
  available_pence: number;
  pending_pence: number;
  /** In payouts requested and not yet paid, rejected or cancelled. */
  reserved_pence: number;
  paid_out_pence: number;
  /** Offers, bonus and referrals, less reversals of approved money. */
  total_earned_pence: number;
  reversed_pence: number;
  bonus_pence: number;
  referral_pence: number;
  available_amount: number;
  pending_amount: number;
  reserved_amount: number;
  paid_out_amount: number;
  total_amount: number;
  total_transactions: number;
  pending_transactions: number;
  /** Below zero after a reversal of money already paid out: payouts wait until it is earned back. */
  is_negative: boolean;
  /** The welcome bonus, until the member's first offer is approved (`lockedBonusPence`). */
  locked_bonus_pence: number;
  /** What a payout request would reserve now: available less the locked bonus. */
  withdrawable_pence: number;
  can_request_payout: boolean;
  payout_block: PayoutBlockReason | null;
  payout_hold?: PayoutHold | null;
  payout_shortfall_pence: number;
  min_payout_pence: number;
  currency: 'GBP';
  /** Set when the figures were rebuilt from the log as they stood at this moment. */
  as_of: string | null;
}

export interface UserStats {
  total_earned: number;
  total_earned_pence: number;
  available_pence: number;
  pending_pence: number;
  completed_offers: number;
  total_transactions: number;
  total_payouts: number;
  total_paid_out_pence: number;
  referral_count: number;
  referral_earnings_pence: number;
  /** completed / (completed + 5), as a percentage with one decimal. */
  success_rate: number;
  average_per_offer_pence: number;
}

export type ProgressStatus = 'in_progress' | 'completed' | 'verified' | 'failed';
export interface ProgressItem {
  id: string;
  offer_id: string;
  offer_title: string;
  status: ProgressStatus;
  started_at: string;
  completed_at: string | null;
  progress_percentage: number;
}
export type ProgressPage = PagedEnvelope<ProgressItem>;

// ---------------------------------------------------------------- statement (beyond the spec)
export type StatementEntryKind =
  | 'welcome_bonus'
  | 'referral_reward'
  | 'earning_pending'
  | 'earning_approved'
  | 'earning_cleared'
  | 'earning_reversed'
  | 'payout_requested'
  | 'payout_released'
  | 'payout_paid'
  | 'balance_forfeited';

/** One change to the member's money, straight from one event of their wallet stream. */
export interface StatementEntry {
  event_id: string;
  /** Position of the event in the wallet stream (0-based). */
  revision: number;
  at: string;
  kind: StatementEntryKind;
  reason: string;
  /** Change to the available balance, and to pending money, in pence. */
  available_change_pence: number;
  pending_change_pence: number;
  /** Available balance and pending money right after this entry. */
  available_balance_pence: number;
  pending_balance_pence: number;
  earning_id: string | null;
  payout_id: string | null;
  /** For pending money: when it is expected to clear. */
  expected_clear_at: string | null;
}

export interface StatementData {
  entries: StatementEntry[];
  available_pence: number;
  pending_pence: number;
  reserved_pence: number;
  as_of: string | null;
  /** Only when a page was asked for (`?page=`, `?per_page=`): page 1 holds the newest entries. */
  page?: number;
  per_page?: number;
  total?: number;
  total_pages?: number;
}
