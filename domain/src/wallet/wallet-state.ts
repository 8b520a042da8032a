import type { EarningStatus, PayoutStatus } from '@playquid/contracts';
import type { WalletMoneyChange } from './money-change';

// What the wallet decider folds a member's wallet stream into (see wallet.decider.ts).

export interface WalletEarning {
  amountPence: number;
  /** `rejected`: reversed by the partner or refused after review; it no longer counts as earned. */
  status: EarningStatus;
  kind: 'offer' | 'bonus' | 'referral';
  /** The open or completed payout that settles this earning. */
  payoutId: string | null;
  /** Credited above the review threshold: only an admin's review releases it (never a COMPLETED callback). */
  heldForReview?: boolean;
}

export interface WalletPayout {
  amountPence: number;
  status: PayoutStatus;
  earningIds: string[];
  rewardOrderId: string | null;
  /** PayoutRewardOrderPlaced: the reward may be on its way, so the reserve can no longer come back. */
  rewardOrderPlaced: boolean;
  /** Approved money reversed while this payout was open. */
  reversedPence: number;
  /** A reversal was flagged and no admin has acknowledged it yet. */
  needsReview: boolean;
}

/**
 * The member's money is the sum of walletMoneyChange over the stream (the fields of
 * WalletMoneyChange); the rest is what the decisions need to know about earnings and payouts.
 *
 * Every lookup table below is keyed by ids that come from outside (payout ids in URLs, BitLabs
 * transaction ids, webhook uuids), so each is a null-prototype object: `__proto__` or `toString`
 * is just a missing key, never an inherited property.
 */
export interface WalletState extends WalletMoneyChange {
  welcomeBonusGranted: boolean;
  earnings: Record<string, WalletEarning>;
  /** Which earning a BitLabs transaction id credited: reversals and approvals find it here. */
  earningByTransaction: Record<string, string>;
  /** Callbacks already applied, so a re-run of processing never books twice. */
  handledCallbacks: Record<string, true>;
  /** Friends whose first offer already earned this member the referral reward. */
  rewardedFriends: Record<string, true>;
  payouts: Record<string, WalletPayout>;
  /** Tremendous webhook uuids already recorded. */
  deliveryWebhooks: Record<string, true>;
}
