import { type AdminPayout, type Payout, type PayoutActionData, type PayoutStatus, penceToPounds, type RewardDeliveryStatus } from '@playquid/contracts';
import { payoutActions, reversalReviewReason, rewardStateOfStatus } from '@playquid/domain';
import type { PayoutRow } from '@playquid/read-db';
import type { PayoutCommandResult } from './payout.commands';
import type { AdminPayoutRow } from './payout.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    user_id: row.uid,
    amount: penceToPounds(row.amount_pence),
    amount_pence: row.amount_pence,
    status: row.status as PayoutStatus,
    method: 'tremendous_reward',
    transaction_id: row.transaction_reference,
    requested_at: iso(row.requested_at)!,
    processed_at: iso(row.processed_at),
    notes: row.notes,
    reason: row.reason,
    payment_details: { delivery_method: 'email', email: row.email, account_name: null, account_number: null, sort_code: null },
    reward: { status: row.reward_status as RewardDeliveryStatus, order_id: row.reward_order_id, detail: row.reward_detail, state_at: iso(row.reward_state_at) },
    earning_count: row.earning_count,
  };
}

/** The admin's row: the payout, who asked for it, and which decisions its state allows. */
export function toAdminPayout({ username, user_email, ...row }: AdminPayoutRow): AdminPayout {
  const payout = toPayout(row);
  const actions = payoutActions({
    status: payout.status,
    rewardOrderPlaced: row.reward_order_placed,
    needsReview: row.needs_review,
    rewardState: rewardStateOfStatus(row.reward_status),
  });
  return {
    ...payout,
    user: { uid: row.uid, email: user_email, username },
    reward_order_placed: row.reward_order_placed,
    needs_review: actions.acknowledgementRequired,
    review_reversed_pence: row.review_reversed_pence,
    review_reason: row.review_reversed_pence > 0 ? reversalReviewReason(row.review_reversed_pence) : null,
    can_cancel: actions.cancel,
    can_reject: actions.reject,
    can_resend: actions.resend,
    can_return: actions.returnToBalance,
  };
}

/** A payout command's answer as the API sends it. */
export const actionData = (result: PayoutCommandResult): PayoutActionData => ({
  payout_id: result.payoutId,
  status: result.status,
  amount: penceToPounds(result.amountPence),
  amount_pence: result.amountPence,
});
