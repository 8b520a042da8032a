import {
  type AdminPayout,
  type AdminPayoutProcessBody,
  type Balance,
  DEFAULT_MIN_PAYOUT_PENCE,
  type Earning,
  formatPence,
  type Payout,
  type PayoutStatus,
  type Pence,
  type RewardDeliveryStatus,
} from '@playquid/contracts';
import { type PayoutActions, payoutActions, type PayoutEligibility, rewardStateOfStatus } from '@playquid/domain';

/**
 * The server's payout answer (`can_request_payout`, `withdrawable_pence`, `payout_block`) in the
 * shape the request card reads. Nothing is derived here: every screen shows these figures as sent.
 */
export function serverEligibility(
  balance: Pick<Balance, 'can_request_payout' | 'payout_block' | 'payout_shortfall_pence' | 'withdrawable_pence'>,
): PayoutEligibility {
  return {
    canRequest: balance.can_request_payout,
    block: balance.payout_block,
    shortfallPence: balance.payout_shortfall_pence,
    withdrawablePence: balance.withdrawable_pence,
  };
}

/** The line under the withdrawable figure: the locked bonus first, else whether it can be cashed out. */
export function withdrawableHint(balance: Pick<Balance, 'locked_bonus_pence' | 'can_request_payout' | 'min_payout_pence'>): string {
  if (balance.locked_bonus_pence > 0) return `+ ${formatPence(balance.locked_bonus_pence)} bonus locked until your first offer is approved`;
  return balance.can_request_payout ? 'Ready for payout' : `Payouts from ${formatPence(balance.min_payout_pence)}`;
}

/** The server's configured minimum when the detailed balance has arrived, else the contracts default. */
export function minPayoutPence(detailed: { min_payout_pence?: number } | null | undefined): Pence {
  const configured = detailed?.min_payout_pence;
  return typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MIN_PAYOUT_PENCE;
}

const STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  returned: 'Returned to balance',
};

/** an unknown or missing status displays as 'Processed'. */
export function payoutStatusLabel(status: string | null | undefined): string {
  return (status && STATUS_LABELS[status as PayoutStatus]) || 'Processed';
}

const REWARD_LABELS: Record<RewardDeliveryStatus, string | null> = {
  not_ordered: null,
  ordered: 'Reward email on its way',
  order_failed: 'Reward order refused; the money is back in your balance',
  pending_approval: 'Reward waiting for approval at our reward partner',
  flagged: 'Reward held for a security review by our reward partner',
  sent: 'Reward email sent',
  failed: 'Reward email could not be delivered',
  cancelled: 'Reward cancelled by our reward partner',
  resend_requested: 'Reward email being sent again',
};

export const rewardDeliveryLabel = (status: RewardDeliveryStatus | null | undefined): string | null =>
  (status && REWARD_LABELS[status]) || null;

/** payout ids and transaction ids show their first 8 characters. */
export const shortId = (id: string | null | undefined): string => (id ? id.slice(0, 8) : '');

/** the approved earnings not yet in a payout, first `limit` of them and how many more. */
export function availableEarningsPreview(earnings: Earning[], limit = 5): { shown: Earning[]; more: number } {
  const available = earnings.filter((earning) => earning.status === 'approved' && !earning.payout_id);
  return { shown: available.slice(0, limit), more: Math.max(0, available.length - limit) };
}

// ---------------------------------------------------------------- admin screen

export { ADMIN_STATUS_FILTERS, type AdminStatusFilter, parseAdminStatusFilter } from './route-options';

/** Client-side search of the loaded page by payout id, user id or transaction id (case-insensitive). */
export function searchAdminPayouts<T extends Pick<Payout, 'id' | 'user_id' | 'transaction_id'>>(payouts: T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return payouts;
  return payouts.filter((payout) =>
    [payout.id, payout.user_id, payout.transaction_id].some((text) => text?.toLowerCase().includes(needle)),
  );
}

export interface AdminPayoutStats {
  total: number;
  pending: number;
  /** Approved or completed. */
  completed: number;
  totalValuePence: Pence;
}

export function adminPayoutStats(payouts: Array<Pick<AdminPayout, 'status' | 'amount_pence'>>): AdminPayoutStats {
  return payouts.reduce<AdminPayoutStats>(
    (stats, payout) => ({
      total: stats.total + 1,
      pending: stats.pending + (payout.status === 'pending' ? 1 : 0),
      completed: stats.completed + (payout.status === 'approved' || payout.status === 'completed' ? 1 : 0),
      totalValuePence: stats.totalValuePence + payout.amount_pence,
    }),
    { total: 0, pending: 0, completed: 0, totalValuePence: 0 },
  );
}

/**
 * What an admin may do with a payout: the rule the wallet decider enforces, fed by the
 * payout's status, whether its reward order is placed and whether a reversal awaits review.
 */
export const adminPayoutActions = (payout: Pick<AdminPayout, 'status' | 'reward_order_placed' | 'needs_review'> & Partial<Pick<AdminPayout, 'reward'>>): PayoutActions =>
  payoutActions({
    status: payout.status,
    rewardOrderPlaced: payout.reward_order_placed === true,
    needsReview: payout.needs_review === true,
    rewardState: rewardStateOfStatus(payout.reward?.status ?? 'not_ordered'),
  });

export const TRANSACTION_ID_REQUIRED = 'Transaction ID is required';

export const REVERSAL_ACKNOWLEDGEMENT_REQUIRED = 'Confirm you have reviewed the reversal before marking this payout paid';

/**
 * the reference is required and trimmed; empty notes are left out. A payout
 * that needs review goes only with the admin's acknowledgement, which is then sent.
 */
export function processPayoutBody(
  reference: string,
  notes: string,
  review: { required: boolean; acknowledged: boolean } = { required: false, acknowledged: false },
): AdminPayoutProcessBody | { error: string } {
  const transactionId = reference.trim();
  if (!transactionId) return { error: TRANSACTION_ID_REQUIRED };
  if (review.required && !review.acknowledged) return { error: REVERSAL_ACKNOWLEDGEMENT_REQUIRED };
  const trimmedNotes = notes.trim();
  return {
    transaction_id: transactionId,
    ...(trimmedNotes ? { notes: trimmedNotes } : {}),
    ...(review.required ? { acknowledge_reversal: true } : {}),
  };
}

/** A prompt's answer as an optional reason: cancelled or blank means none (the server has a default). */
export function optionalReason(answer: string | null): { reason?: string } {
  const reason = answer?.trim();
  return reason ? { reason } : {};
}
