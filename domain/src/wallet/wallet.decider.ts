import {
  type CallbackReceived,
  REFERRAL_REWARD_PENCE,
  WELCOME_BONUS_PENCE,
  type WalletEvent,
} from '@playquid/contracts';
import { type Decider } from '../decider';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange } from './money-change';
import { deliveryState, rewardStateFloor, rewardStateOfOrder, rewardStateSupersedes } from './payout-rules';
import { type CreditClaimCommand, decideClaimCredit } from './wallet-claims';
import { decideCallback, decideReview, flagOpenPayouts, type ReviewCommand } from './wallet-earnings';
import { decideClosure } from './closure-rules';
import { applyPartnerStatus, decidePartnerStatus, type RecordPartnerStatusCommand } from './partner-signals';
import { decidePayout, type PayoutCommand } from './wallet-payouts';
import { taskKeys, type WalletState } from './wallet-state';

export type { WalletEarning, WalletPayout, WalletState } from './wallet-state';

export type WalletCommand =
  | { type: 'GrantWelcomeBonus'; uid: string; earningId: string; now: string }
  /**
   * The referral reward follows the friend's qualification as it stands (`friendQualified`: the
   * friend has an approved offer earning): granted when it does and none stands, reversed when it
   * no longer does. Deciding on the current fact, not on the event that asked, makes any number of
   * settlements in any order end the same.
   */
  | { type: 'SettleReferral'; uid: string; friendUid: string; friendQualified: boolean; now: string }
  | { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; reviewThresholdPence?: number; now: string }
  | ReviewCommand
  | CreditClaimCommand
  | RecordPartnerStatusCommand
  | PayoutCommand
  /** The account is closing: the available balance is forfeited only when the member confirms it (closure-rules). */
  | { type: 'SettleClosure'; uid: string; confirmForfeit: boolean; minPayoutPence: number; now: string };

const lookupTable = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const REFERRAL_REVERSED_REASON = "Referral reward reversed: your friend's qualifying offer was reversed by BitLabs";

/** The earning id of the n-th (from 1) referral reward for one friend: the first keeps the historic id. */
export const referralEarningId = (friendUid: string, n: number) => (n === 1 ? `referral-${friendUid}` : `referral-${friendUid}-${n}`);

/**
 * MemberQualified or MemberQualificationLost when `events` take the member's approved offer
 * earnings from none to some or back to none (a credit and its reversal in one decision change
 * nothing). The referral reward of whoever referred them follows these facts.
 */
function qualificationChange(state: WalletState, events: WalletEvent[], uid: string, now: string): WalletEvent[] {
  if (events.length === 0) return [];
  const credited = new Map<string, number>();
  let offers = state.completedOffers;
  for (const event of events) {
    if (event.type === 'EarningCredited') credited.set(event.data.earningId, event.data.amountPence);
    offers += walletMoneyChange(event, (id) => state.earnings[id]?.amountPence ?? credited.get(id) ?? 0)?.completedOffers ?? 0;
  }
  const before = state.completedOffers > 0;
  if (before === offers > 0) return [];
  const sequence = state.qualificationSequence + 1;
  return [
    before
      ? { type: 'MemberQualificationLost', data: { uid, sequence, lostAt: now } }
      : { type: 'MemberQualified', data: { uid, sequence, qualifiedAt: now } },
  ];
}

function decideSettleReferral(command: Extract<WalletCommand, { type: 'SettleReferral' }>, state: WalletState): WalletEvent[] {
  const { uid, friendUid, now } = command;
  if (friendUid === uid) return [];
  const standing = state.activeReferralRewards[friendUid];
  if (command.friendQualified && !standing) {
    const earningId = referralEarningId(friendUid, (state.referralGrants[friendUid] ?? 0) + 1);
    return [{ type: 'ReferralRewardGranted', data: { uid, friendUid, earningId, amountPence: REFERRAL_REWARD_PENCE, grantedAt: now } }];
  }
  if (!command.friendQualified && standing) {
    const earning = state.earnings[standing];
    return [
      {
        type: 'ReferralRewardReversed',
        data: { uid, friendUid, earningId: standing, amountPence: earning.amountPence, reason: REFERRAL_REVERSED_REASON, reversedAt: now },
      },
      // Taken from the available balance: a payout that reserved it needs an admin's look first.
      ...flagOpenPayouts(state, uid, standing, earning.amountPence, now),
    ];
  }
  return [];
}

function releasePayout(state: WalletState, payoutId: string, status: 'rejected' | 'cancelled' | 'returned'): void {
  const payout = state.payouts[payoutId];
  payout.status = status;
  payout.needsReview = false;
  for (const id of payout.earningIds) state.earnings[id].payoutId = null;
}

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: () => ({
    welcomeBonusGranted: false,
    earnings: lookupTable(),
    earningByTransaction: lookupTable(),
    handledCallbacks: lookupTable(),
    activeReferralRewards: lookupTable(),
    referralGrants: lookupTable(),
    awaitingReversals: lookupTable(),
    qualificationSequence: 0,
    payouts: lookupTable(),
    deliveryWebhooks: lookupTable(),
    partnerHold: null,
    claimCreditsByTask: lookupTable(),
    partnerCreditsByTask: lookupTable(),
    closedAt: null,
    ...NO_MONEY_CHANGE,
  }),

  evolve(state, event) {
    const money = walletMoneyChange(event, (earningId) => state.earnings[earningId].amountPence);
    if (money) addMoneyChange(state, money);
    switch (event.type) {
      case 'WelcomeBonusGranted':
        state.welcomeBonusGranted = true;
        state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'bonus', payoutId: null };
        return state;
      case 'ReferralRewardGranted': {
        const { friendUid, earningId } = event.data;
        state.activeReferralRewards[friendUid] = earningId;
        state.referralGrants[friendUid] = (state.referralGrants[friendUid] ?? 0) + 1;
        state.earnings[earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'referral', payoutId: null };
        return state;
      }
      case 'ReferralRewardReversed':
        state.earnings[event.data.earningId].status = 'rejected';
        delete state.activeReferralRewards[event.data.friendUid];
        return state;
      case 'ReversalAwaitingCredit':
        state.awaitingReversals[event.data.creditTransactionId] = { callbackId: event.data.callbackId, transactionId: event.data.transactionId };
        state.handledCallbacks[event.data.callbackId] = true;
        return state;
      case 'MemberQualified':
      case 'MemberQualificationLost':
        state.qualificationSequence = event.data.sequence;
        return state;
      case 'EarningCredited': {
        const { earningId, amountPence, status, transactionId, callbackId, heldForReview } = event.data;
        state.earnings[earningId] = { amountPence, status, kind: 'offer', payoutId: null, ...(heldForReview ? { heldForReview } : {}) };
        state.earningByTransaction[transactionId] = earningId;
        state.handledCallbacks[callbackId] = true;
        // The reversal that waited for this credit is booked right after it, in the same decision.
        delete state.awaitingReversals[transactionId];
        if (event.data.source === 'claim' && event.data.claimId) {
          for (const key of taskKeys(event.data.offerId, event.data.taskId, event.data.taskName)) {
            state.claimCreditsByTask[key] = { earningId, claimId: event.data.claimId };
          }
        } else {
          for (const key of taskKeys(event.data.offerId, event.data.taskId, event.data.taskName)) state.partnerCreditsByTask[key] = earningId;
        }
        return state;
      }
      case 'CreditCoveredByClaim':
        // The partner's transaction now names the claim's earning: its reversal takes the claim credit back.
        state.earningByTransaction[event.data.transactionId] = event.data.earningId;
        state.handledCallbacks[event.data.callbackId] = true;
        delete state.awaitingReversals[event.data.transactionId];
        return state;
      case 'CreditRefusedAccountClosed':
        state.handledCallbacks[event.data.callbackId] = true;
        return state;
      case 'WalletClosed':
        state.closedAt = event.data.closedAt;
        return state;
      case 'EarningApproved':
        state.earnings[event.data.earningId].status = 'approved';
        state.handledCallbacks[event.data.callbackId] = true;
        return state;
      case 'EarningReviewApproved': {
        const earning = state.earnings[event.data.earningId];
        earning.status = 'approved';
        earning.heldForReview = false;
        return state;
      }
      case 'EarningReviewRejected': {
        const earning = state.earnings[event.data.earningId];
        earning.status = 'rejected';
        earning.heldForReview = false;
        return state;
      }
      case 'EarningReversed':
        state.earnings[event.data.earningId].status = 'rejected';
        state.handledCallbacks[event.data.callbackId] = true;
        return state;
      case 'PayoutRequested': {
        const { payoutId, amountPence, earningIds, email } = event.data;
        state.payouts[payoutId] = {
          amountPence,
          status: 'pending',
          earningIds,
          rewardOrderId: null,
          rewardOrderPlaced: false,
          reversedPence: 0,
          needsReview: false,
          email,
          rewardState: null,
          rewardStateAt: null,
          orderAttempt: 0,
        };
        for (const id of earningIds) state.earnings[id].payoutId = payoutId;
        return state;
      }
      case 'PayoutApproved': {
        const payout = state.payouts[event.data.payoutId];
        payout.status = 'approved';
        if (event.data.reversalAcknowledged) payout.needsReview = false;
        return state;
      }
      case 'PayoutRejected':
        releasePayout(state, event.data.payoutId, 'rejected');
        return state;
      case 'PayoutCancelled':
        releasePayout(state, event.data.payoutId, 'cancelled');
        return state;
      case 'PayoutProcessed': {
        const payout = state.payouts[event.data.payoutId];
        payout.status = 'completed';
        payout.needsReview = false;
        for (const id of payout.earningIds) if (state.earnings[id].status === 'approved') state.earnings[id].status = 'paid';
        return state;
      }
      case 'PayoutRewardOrderPlaced': {
        const payout = state.payouts[event.data.payoutId];
        payout.rewardOrderPlaced = true;
        // Webhooks stamped before this order existed are not about it.
        payout.rewardStateAt = rewardStateFloor(payout.rewardStateAt, event.data.placedAt);
        return state;
      }
      case 'PayoutFlaggedForReview': {
        const payout = state.payouts[event.data.payoutId];
        payout.reversedPence += event.data.reversedPence;
        payout.needsReview = true;
        return state;
      }
      case 'PayoutRewardOrdered': {
        const payout = state.payouts[event.data.payoutId];
        payout.rewardOrderId = event.data.orderId;
        // Orders recorded before PayoutRewardOrderPlaced existed were placed all the same.
        payout.rewardOrderPlaced = true;
        payout.rewardState = rewardStateOfOrder(event.data.orderStatus);
        return state;
      }
      case 'PayoutRewardOrderFailed':
        return state;
      case 'PayoutRewardDeliveryRecorded': {
        state.deliveryWebhooks[event.data.webhookUuid] = true;
        const payout = state.payouts[event.data.payoutId];
        const next = { state: deliveryState(event.data), at: event.data.occurredAt ?? event.data.recordedAt };
        if (rewardStateSupersedes({ state: payout.rewardState, at: payout.rewardStateAt }, next)) {
          payout.rewardState = next.state;
          payout.rewardStateAt = next.at;
        }
        return state;
      }
      case 'PayoutRewardResendRequested': {
        const payout = state.payouts[event.data.payoutId];
        payout.email = event.data.email;
        payout.orderAttempt = event.data.attempt;
        payout.rewardOrderId = null;
        payout.rewardOrderPlaced = false;
        // The failed reward's time stays: a late webhook about it can no longer change anything.
        payout.rewardState = null;
        return state;
      }
      case 'PayoutReturned':
        releasePayout(state, event.data.payoutId, 'returned');
        return state;
      case 'BalanceForfeited':
        return state;
      case 'PartnerAccountStatusChanged':
        return applyPartnerStatus(state, event);
    }
  },

  decide(command, state) {
    return withQualification(command, state, decideCommand(command, state));
  },
};

const withQualification = (command: WalletCommand, state: WalletState, events: WalletEvent[]): WalletEvent[] => [
  ...events,
  ...qualificationChange(state, events, command.uid, command.now),
];

function decideCommand(command: WalletCommand, state: WalletState): WalletEvent[] {
    switch (command.type) {
      case 'GrantWelcomeBonus':
        if (state.welcomeBonusGranted) return [];
        return [
          {
            type: 'WelcomeBonusGranted',
            data: { uid: command.uid, earningId: command.earningId, amountPence: WELCOME_BONUS_PENCE, grantedAt: command.now },
          },
        ];
      case 'SettleReferral':
        return decideSettleReferral(command, state);
      case 'ApplyCallback':
        return decideCallback(command, state);
      case 'ApproveHeldEarning':
      case 'RejectHeldEarning':
        return decideReview(command, state);
      case 'CreditClaim':
        return decideClaimCredit(command, state);
      case 'RecordPartnerStatus':
        return decidePartnerStatus(command, state);
      case 'RequestPayout':
      case 'ApprovePayout':
      case 'RejectPayout':
      case 'ProcessPayout':
      case 'CancelPayout':
      case 'PlaceRewardOrder':
      case 'RecordRewardOrder':
      case 'RecordRewardOrderFailure':
      case 'RecordRewardDelivery':
      case 'ResendReward':
      case 'ReturnPayout':
        return decidePayout(command, state);
      case 'SettleClosure':
        return decideClosure(command, state);
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
}
