import { minimumPayoutMessage } from './constants';
import type { PayoutStatus } from './events';
import { formatPence, type Pence } from './money';

/**
 * Payout rules the wallet decider enforces and the screens explain. They live here, once, so the
 * server's answers (`can_cancel`, `withdrawable_pence`, …) and the client's buttons and lines can
 * never disagree with what the decider would allow.
 */

// ---------------------------------------------------------------- welcome bonus lock
/**
 * The welcome bonus is withdrawable only once the member has an approved offer earning, so a
 * throwaway account is not worth the bonus. `unpaidBonusPence` is bonus money still available
 * (not reversed, not already in a payout).
 */
export const lockedBonusPence = ({ completedOffers, unpaidBonusPence }: { completedOffers: number; unpaidBonusPence: Pence }): Pence =>
  completedOffers > 0 ? 0 : Math.max(0, unpaidBonusPence);

/** What a payout request would reserve: the available balance less a locked bonus. */
export const withdrawablePence = (availablePence: Pence, lockedPence: Pence): Pence => availablePence - lockedPence;

export const lockedBonusLine = (lockedPence: Pence) =>
  `Welcome bonus ${formatPence(lockedPence)} — locked until your first offer is approved`;

/** The refusal when only a locked bonus would reach the minimum. */
export const bonusLockedPayoutMessage = (lockedPence: Pence, minPence: Pence) =>
  `${minimumPayoutMessage(minPence)}. Your welcome bonus of ${formatPence(lockedPence)} is locked until your first offer is approved.`;

// ---------------------------------------------------------------- admin actions
export interface PayoutFacts {
  status: PayoutStatus;
  /** The reward order is committed (PayoutRewardOrderPlaced): the email may be on its way. */
  rewardOrderPlaced: boolean;
  /** A reversal landed while the payout was open and no admin has acknowledged it yet. */
  needsReview: boolean;
}

export interface PayoutActions {
  approve: boolean;
  process: boolean;
  reject: boolean;
  cancel: boolean;
  /** Approving or processing needs `acknowledge_reversal: true`. */
  acknowledgementRequired: boolean;
}

const isOpen = (status: PayoutStatus) => status === 'pending' || status === 'approved';

/** What an admin may do with a payout: once its reward order is placed the money cannot come back. */
export function payoutActions({ status, rewardOrderPlaced, needsReview }: PayoutFacts): PayoutActions {
  const open = isOpen(status);
  const withdrawable = open && !rewardOrderPlaced;
  return {
    approve: status === 'pending',
    process: open,
    reject: withdrawable,
    cancel: withdrawable,
    acknowledgementRequired: open && needsReview,
  };
}

/** The reward has left (order placed) or the payout is paid: giving the reserve back would pay twice. */
export const payoutAlreadySent = ({ status, rewardOrderPlaced }: Pick<PayoutFacts, 'status' | 'rewardOrderPlaced'>): boolean =>
  status === 'completed' || (isOpen(status) && rewardOrderPlaced);

export const payoutAlreadySentMessage = (verb: 'cancelled' | 'rejected') =>
  `The reward email has already been sent; this payout can no longer be ${verb}`;

export const reversalReviewReason = (reversedPence: Pence) =>
  `A reversal of ${formatPence(reversedPence)} landed after this payout was requested`;

export const reversalAcknowledgementMessage = (reversedPence: Pence, action: 'approving' | 'processing') =>
  `${reversalReviewReason(reversedPence)}; confirm you have reviewed it (acknowledge_reversal) before ${action}`;
