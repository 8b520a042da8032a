import type { EarningStatus, PayoutStatus, RewardState } from '@playquid/contracts';
import type { PartnerAccountState } from '@playquid/contracts';
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

/** The offer partner's hold on the member's account (a ban callback), as the wallet keeps it. */
export interface PartnerHold {
  partner: 'bitlabs';
  state: Exclude<PartnerAccountState, 'active'>;
  reason: string | null;
  endsAt: string | null;
  since: string;
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
  /** Where the reward email goes: the request's email, or the one an admin corrected for a resend. */
  email: string;
  /** Tremendous's state of the current reward (null until an order is recorded). */
  rewardState: RewardState | null;
  /** The provider's time of the state above: an older webhook never overwrites it. */
  rewardStateAt: string | null;
  /** 0 for the first order; each resend after a failed delivery places order `attempt` anew. */
  orderAttempt: number;
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
  /** Referral rewards standing now, by friend: the earning id (absent once reversed, until re-granted). */
  activeReferralRewards: Record<string, string>;
  /** How many referral rewards each friend has earned this member so far (re-grants get new earning ids). */
  referralGrants: Record<string, number>;
  /** Reversals that arrived before the credit they name, by the credit's transaction id. */
  awaitingReversals: Record<string, { callbackId: string; transactionId: string }>;
  /** How many times this member's qualification (any approved offer earning) changed: MemberQualified/Lost. */
  qualificationSequence: number;
  payouts: Record<string, WalletPayout>;
  /** Tremendous webhook uuids already recorded. */
  deliveryWebhooks: Record<string, true>;
  /** The offer partner's hold on the account (a ban callback), null when none: payouts pause while it lasts. */
  partnerHold: PartnerHold | null;
  /**
   * Tasks paid through an approved missing-credit claim, by taskKeys(offerId, taskId, taskName)
   * (BitLabs names a task by id, or only by name): a partner credit for one of them is recorded
   * (CreditCoveredByClaim), never paid again.
   */
  claimCreditsByTask: Record<string, { earningId: string; claimId: string }>;
  /** Partner credits by taskKeys(offerId, taskId, taskName): a claim is never credited for a task the partner paid. */
  partnerCreditsByTask: Record<string, string>;
  /** When the account closed (WalletClosed), null while open: new partner credits are no longer booked. */
  closedAt: string | null;
}

/** The keys of one task of one offer in `claimCreditsByTask`: by its id and by its name, where known. */
export const taskKeys = (offerId: string | null, taskId: string | null, taskName: string | null): string[] =>
  offerId === null
    ? []
    : [...(taskId ? [`${offerId}\u0000id\u0000${taskId}`] : []), ...(taskName ? [`${offerId}\u0000name\u0000${taskName}`] : [])];
