import type { PartnerHold } from './wallet-state';
import { partnerHoldMessage } from './partner-signals';
import { DASHBOARD_PAYOUT_READY_PENCE, formatPence, minimumPayoutMessage, type PayoutStatus, type Pence, type RewardState } from '@playquid/contracts';

/**
 * Payout rules the wallet decider enforces and the screens explain. They live here, once, so the
 * server's answers (`can_request_payout`, `can_cancel`, `withdrawable_pence`, …) and the client's
 * buttons and lines can never disagree with what the decider would allow.
 */

// ---------------------------------------------------------------- open payouts
/** Payouts that still hold money: requested or approved, not yet paid, rejected or cancelled. */
export const OPEN_PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'approved'];

export const isOpenPayout = ({ status }: { status: PayoutStatus }): boolean => OPEN_PAYOUT_STATUSES.includes(status);

/** A member may cancel only a payout no admin has approved yet (admins may cancel any open one). */
export const MEMBER_CANCELLABLE_STATUSES: readonly PayoutStatus[] = ['pending'];

export const memberCanCancel = ({ status }: { status: PayoutStatus }): boolean => MEMBER_CANCELLABLE_STATUSES.includes(status);

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

// ---------------------------------------------------------------- requesting a payout
/** Why a payout cannot be requested, the first thing the member must fix first. */
export type PayoutBlock = 'partner-hold' | 'negative' | 'in-progress' | 'bonus-locked' | 'below-minimum';

export interface PayoutEligibility {
  canRequest: boolean;
  /** The first reason that blocks a request, in the order of `payoutEligibility`; null when none does. */
  block: PayoutBlock | null;
  /** How much more must become withdrawable before the minimum is reached (0 when it is). */
  shortfallPence: Pence;
  /** What a request would reserve and send: the available balance less the locked welcome bonus. */
  withdrawablePence: Pence;
}

export const PAYOUT_IN_PROGRESS_MESSAGE = 'A payout request is already in progress. Wait until it is processed or cancel it first.';
export const NEGATIVE_BALANCE_MESSAGE = 'Your balance is below zero after a reversed earning. Payouts resume once it is earned back.';

/**
 * Whether the member may request a payout of their whole withdrawable balance, and if not the first
 * reason, always checked in this order: a negative balance (a reversal of money already paid out),
 * a payout still open, then the minimum (which a locked welcome bonus may be what misses).
 */
export function payoutEligibility({
  availablePence,
  minPence,
  lockedBonusPence: locked = 0,
  hasOpenPayout = false,
  isNegative = false,
  partnerHold = false,
}: {
  availablePence: Pence;
  minPence: Pence;
  /** From `lockedBonusPence`; 0 when not known. */
  lockedBonusPence?: Pence;
  hasOpenPayout?: boolean;
  /** A negative balance known from elsewhere (the detailed balance's `is_negative`); a negative `availablePence` says the same. */
  isNegative?: boolean;
  /** The offer partner holds the account (a ban callback): payouts pause, first of all reasons. */
  partnerHold?: boolean;
}): PayoutEligibility {
  const withdrawable = withdrawablePence(availablePence, locked);
  const shortfallPence = Math.max(0, minPence - withdrawable);
  const firstBlock = (): PayoutBlock | null => {
    if (partnerHold) return 'partner-hold';
    if (isNegative || availablePence < 0) return 'negative';
    if (hasOpenPayout) return 'in-progress';
    if (shortfallPence > 0) return locked > 0 ? 'bonus-locked' : 'below-minimum';
    return null;
  };
  const block = firstBlock();
  return { canRequest: block === null, block, shortfallPence, withdrawablePence: withdrawable };
}

/** The server's refusal of a payout request, worded for the member. */
export function payoutBlockMessage(
  block: PayoutBlock,
  { minPence, lockedBonusPence: locked, partnerHold }: { minPence: Pence; lockedBonusPence: Pence; partnerHold?: Pick<PartnerHold, 'state' | 'reason' | 'endsAt'> | null },
): string {
  switch (block) {
    case 'partner-hold':
      return partnerHold ? partnerHoldMessage(partnerHold) : 'Payouts are paused: our offer partner put your account on hold. Contact support.';
    case 'negative':
      return NEGATIVE_BALANCE_MESSAGE;
    case 'in-progress':
      return PAYOUT_IN_PROGRESS_MESSAGE;
    case 'bonus-locked':
      return bonusLockedPayoutMessage(locked, minPence);
    case 'below-minimum':
      return minimumPayoutMessage(minPence);
  }
}

/**
 * The dashboard's quick action: enabled when a payout of the available balance would reach the
 * minimum, highlighted 'Payout Ready' from DASHBOARD_PAYOUT_READY_PENCE.
 */
export function dashboardPayoutState(availablePence: Pence, minPence: Pence): { enabled: boolean; ready: boolean } {
  return { enabled: payoutEligibility({ availablePence, minPence }).canRequest, ready: availablePence >= DASHBOARD_PAYOUT_READY_PENCE };
}

// ---------------------------------------------------------------- admin actions
export interface PayoutFacts {
  status: PayoutStatus;
  /** The reward order is committed (PayoutRewardOrderPlaced): the email may be on its way. */
  rewardOrderPlaced: boolean;
  /** A reversal landed while the payout was open and no admin has acknowledged it yet. */
  needsReview: boolean;
  /** Tremendous's state of the current reward; null before an order is recorded. */
  rewardState?: RewardState | null;
}

export interface PayoutActions {
  approve: boolean;
  process: boolean;
  reject: boolean;
  cancel: boolean;
  /** Approving or processing needs `acknowledge_reversal: true`. */
  acknowledgementRequired: boolean;
  /** After a failed or cancelled delivery: order the reward again (same or corrected email). */
  resend: boolean;
  /** After a failed or cancelled delivery: give the money back to the member's balance. */
  returnToBalance: boolean;
}

/** What an admin may do with a payout: once its reward order is placed the money cannot come back. */
export function payoutActions({ status, rewardOrderPlaced, needsReview, rewardState = null }: PayoutFacts): PayoutActions {
  const open = isOpenPayout({ status });
  const withdrawable = open && !rewardOrderPlaced;
  const undelivered = rewardNotDelivered({ status, rewardState });
  return {
    approve: status === 'pending',
    process: open && !undelivered,
    reject: withdrawable,
    cancel: withdrawable,
    acknowledgementRequired: open && needsReview,
    resend: undelivered,
    returnToBalance: undelivered,
  };
}

// ---------------------------------------------------------------- reward states (Tremendous)
/** The reward never reached the member and Tremendous will not try again: only then can an admin resend or return it. */
export const rewardNotDelivered = ({ status, rewardState }: { status: PayoutStatus; rewardState: RewardState | null }): boolean =>
  status === 'approved' && (rewardState === 'failed' || rewardState === 'cancelled');

export const REWARD_NOT_FAILED_MESSAGE = 'Only a payout whose reward delivery failed or was cancelled can be resent or returned';

/** The reward state an accepted order starts in, from the order's status. */
export const rewardStateOfOrder = (orderStatus: string): RewardState => {
  const status = orderStatus.toUpperCase();
  if (status === 'PENDING APPROVAL' || status === 'PENDING_APPROVAL') return 'pending_approval';
  if (status === 'CANCELED' || status === 'CANCELLED') return 'cancelled';
  if (status === 'FAILED') return 'failed';
  return 'placed';
};

/** A delivery webhook's state (older events carry only `outcome`). */
export const deliveryState = ({ state, outcome }: { state?: RewardState; outcome: 'sent' | 'failed' }): RewardState =>
  state ?? (outcome === 'sent' ? 'delivered' : 'failed');

/**
 * How much earlier than our placing of an order Tremendous's clock may stamp a webhook about it. A
 * webhook older than that cannot be about this order (a replayed or stale one, e.g. from 2020) and
 * is recorded without effect: the reward's state starts at the placing time less this.
 */
export const WEBHOOK_CLOCK_SKEW_MS = 5 * 60_000;

/** The reward-state time an order placed at `placedAt` starts from (never earlier than `current`). */
export function rewardStateFloor(current: string | null, placedAt: string): string {
  const floor = new Date(Date.parse(placedAt) - WEBHOOK_CLOCK_SKEW_MS).toISOString();
  return current !== null && Date.parse(current) > Date.parse(floor) ? current : floor;
}

/** How far along a reward is, for webhooks stamped with the same time. */
const REWARD_STATE_RANK: Record<RewardState, number> = { placed: 0, pending_approval: 1, flagged: 2, failed: 3, cancelled: 4, delivered: 5 };

/**
 * Whether a webhook's state replaces the payout's: by the provider's time (created_utc), then by
 * state precedence for the same time. Webhooks arrive late, twice and out of order; an older one
 * is recorded and changes nothing.
 */
export function rewardStateSupersedes(
  current: { state: RewardState | null; at: string | null },
  next: { state: RewardState; at: string },
): boolean {
  if (current.at === null) return true;
  const delta = Date.parse(next.at) - Date.parse(current.at);
  if (Number.isNaN(delta)) return false;
  if (delta !== 0) return delta > 0;
  return current.state === null || REWARD_STATE_RANK[next.state] > REWARD_STATE_RANK[current.state];
}

/** The reward has left (order placed) or the payout is paid: giving the reserve back would pay twice. */
export const payoutAlreadySent = ({ status, rewardOrderPlaced }: Pick<PayoutFacts, 'status' | 'rewardOrderPlaced'>): boolean =>
  status === 'completed' || (isOpenPayout({ status }) && rewardOrderPlaced);

export const payoutAlreadySentMessage = (verb: 'cancelled' | 'rejected') =>
  `The reward email has already been sent; this payout can no longer be ${verb}`;

export const reversalReviewReason = (reversedPence: Pence) =>
  `A reversal of ${formatPence(reversedPence)} landed after this payout was requested`;

export const reversalAcknowledgementMessage = (reversedPence: Pence, action: 'approving' | 'processing') =>
  `${reversalReviewReason(reversedPence)}; confirm you have reviewed it (acknowledge_reversal) before ${action}`;

/** The read model's `reward_status` word for a reward state ('sent' and 'ordered' are the column's words from before reward states). */
export const rewardStatusOf = (state: RewardState): string => (state === 'delivered' ? 'sent' : state === 'placed' ? 'ordered' : state);

/** The reward state a read model's `reward_status` stands for; null for not ordered, a refused order or a resend not placed yet. */
export function rewardStateOfStatus(status: string): RewardState | null {
  switch (status) {
    case 'sent':
      return 'delivered';
    case 'ordered':
      return 'placed';
    case 'pending_approval':
    case 'flagged':
    case 'failed':
    case 'cancelled':
      return status;
    default:
      return null;
  }
}
