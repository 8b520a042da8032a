import type { Pence, WalletEvent } from '@playquid/contracts';

/**
 * What one wallet event does to a member's money: the only place that says so. The wallet decider's
 * evolve, the wallet projection (balances), the statement and the `as_of` views all add these up,
 * so no two of them can disagree about a figure such as "Total Earned".
 */
export interface WalletMoneyChange {
  /** Spendable money; may go below zero after a reversal of money already paid out. */
  availablePence: Pence;
  /** Credits BitLabs has not confirmed yet, and credits held for review. */
  pendingPence: Pence;
  /** Held by payouts that are requested or approved and not yet paid, rejected or cancelled. */
  reservedPence: Pence;
  paidOutPence: Pence;
  /** "Total Earned": every credit not reversed or rejected (pending, approved and paid alike). */
  totalEarnedPence: Pence;
  /** Credits booked (offers, bonus, referral rewards). */
  transactions: number;
  /** Credits still pending. */
  pendingTransactions: number;
  /** Offer earnings that are approved or paid (the referral rule's "completes a first offer"). */
  completedOffers: number;
}

export const NO_MONEY_CHANGE: Readonly<WalletMoneyChange> = Object.freeze({
  availablePence: 0,
  pendingPence: 0,
  reservedPence: 0,
  paidOutPence: 0,
  totalEarnedPence: 0,
  transactions: 0,
  pendingTransactions: 0,
  completedOffers: 0,
});

const change = (c: Partial<WalletMoneyChange>): WalletMoneyChange => ({ ...NO_MONEY_CHANGE, ...c });

/**
 * The money change of one wallet event, or null for events that move none (payout approval,
 * reward-order bookkeeping, review flags). `earningAmount` gives the amount of an earning booked
 * earlier in the same stream: EarningApproved does not restate it (the decider reads its state, the
 * projection its earnings row, the statement the pending entry it clears).
 */
export function walletMoneyChange(event: WalletEvent, earningAmount: (earningId: string) => Pence): WalletMoneyChange | null {
  switch (event.type) {
    case 'WelcomeBonusGranted':
    case 'ReferralRewardGranted':
      return change({ availablePence: event.data.amountPence, totalEarnedPence: event.data.amountPence, transactions: 1 });
    case 'EarningCredited': {
      const amount = event.data.amountPence;
      return event.data.status === 'pending'
        ? change({ pendingPence: amount, totalEarnedPence: amount, transactions: 1, pendingTransactions: 1 })
        : change({ availablePence: amount, totalEarnedPence: amount, transactions: 1, completedOffers: 1 });
    }
    case 'EarningApproved': {
      // Already counted as earned when it arrived pending: approval only moves it to available.
      const amount = earningAmount(event.data.earningId);
      return change({ pendingPence: -amount, availablePence: amount, pendingTransactions: -1, completedOffers: 1 });
    }
    case 'EarningReviewApproved':
      return change({ pendingPence: -event.data.amountPence, availablePence: event.data.amountPence, pendingTransactions: -1, completedOffers: 1 });
    case 'EarningReviewRejected':
      return change({ pendingPence: -event.data.amountPence, totalEarnedPence: -event.data.amountPence, pendingTransactions: -1 });
    case 'EarningReversed': {
      const amount = event.data.amountPence;
      return event.data.fromStatus === 'pending'
        ? change({ pendingPence: -amount, totalEarnedPence: -amount, pendingTransactions: -1 })
        : change({ availablePence: -amount, totalEarnedPence: -amount, completedOffers: -1 });
    }
    case 'ReferralRewardReversed':
      return change({ availablePence: -event.data.amountPence, totalEarnedPence: -event.data.amountPence });
    case 'PayoutRequested':
      return change({ availablePence: -event.data.amountPence, reservedPence: event.data.amountPence });
    case 'PayoutRejected':
    case 'PayoutCancelled':
    case 'PayoutReturned':
      return change({ availablePence: event.data.amountPence, reservedPence: -event.data.amountPence });
    case 'PayoutProcessed':
      // The money leaves the reserve, not the available balance.
      return change({ reservedPence: -event.data.amountPence, paidOutPence: event.data.amountPence });
    case 'BalanceForfeited':
      // Given up on closure: it leaves the available balance; it was earned, so Total Earned stays.
      return change({ availablePence: -event.data.amountPence });
    case 'ReversalAwaitingCredit':
    case 'CreditCoveredByClaim':
    case 'CreditRefusedAccountClosed':
    case 'WalletClosed':
    case 'MemberQualified':
    case 'MemberQualificationLost':
    case 'PayoutRewardResendRequested':
    case 'PayoutApproved':
    case 'PayoutRewardOrderPlaced':
    case 'PayoutFlaggedForReview':
    case 'PayoutRewardOrdered':
    case 'PayoutRewardOrderFailed':
    case 'PayoutRewardDeliveryRecorded':
      return null;
    case 'PartnerAccountStatusChanged':
      return null;
    default: {
      const exhaustive: never = event;
      throw new Error(`Unknown wallet event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** Adds `b` to `a` in place and returns `a` (folds of many events stay linear). */
export function addMoneyChange(a: WalletMoneyChange, b: Readonly<WalletMoneyChange>): WalletMoneyChange {
  a.availablePence += b.availablePence;
  a.pendingPence += b.pendingPence;
  a.reservedPence += b.reservedPence;
  a.paidOutPence += b.paidOutPence;
  a.totalEarnedPence += b.totalEarnedPence;
  a.transactions += b.transactions;
  a.pendingTransactions += b.pendingTransactions;
  a.completedOffers += b.completedOffers;
  return a;
}
