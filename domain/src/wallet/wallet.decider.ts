import {
  type CallbackReceived,
  REFERRAL_REWARD_PENCE,
  WELCOME_BONUS_PENCE,
  type WalletEvent,
} from '@playquid/contracts';
import { type Decider } from '../decider';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange } from './money-change';
import { decideCallback, decideReview, type ReviewCommand } from './wallet-earnings';
import { decidePayout, type PayoutCommand } from './wallet-payouts';
import type { WalletState } from './wallet-state';

export type { WalletEarning, WalletPayout, WalletState } from './wallet-state';

export type WalletCommand =
  | { type: 'GrantWelcomeBonus'; uid: string; earningId: string; now: string }
  | { type: 'GrantReferralReward'; uid: string; friendUid: string; earningId: string; now: string }
  | { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; reviewThresholdPence?: number; now: string }
  | ReviewCommand
  | PayoutCommand;

const lookupTable = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

function releasePayout(state: WalletState, payoutId: string, status: 'rejected' | 'cancelled'): void {
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
    rewardedFriends: lookupTable(),
    payouts: lookupTable(),
    deliveryWebhooks: lookupTable(),
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
      case 'ReferralRewardGranted':
        state.rewardedFriends[event.data.friendUid] = true;
        state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'referral', payoutId: null };
        return state;
      case 'EarningCredited': {
        const { earningId, amountPence, status, transactionId, callbackId, heldForReview } = event.data;
        state.earnings[earningId] = { amountPence, status, kind: 'offer', payoutId: null, ...(heldForReview ? { heldForReview } : {}) };
        state.earningByTransaction[transactionId] = earningId;
        state.handledCallbacks[callbackId] = true;
        return state;
      }
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
        const { payoutId, amountPence, earningIds } = event.data;
        state.payouts[payoutId] = {
          amountPence,
          status: 'pending',
          earningIds,
          rewardOrderId: null,
          rewardOrderPlaced: false,
          reversedPence: 0,
          needsReview: false,
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
      case 'PayoutRewardOrderPlaced':
        state.payouts[event.data.payoutId].rewardOrderPlaced = true;
        return state;
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
        return state;
      }
      case 'PayoutRewardOrderFailed':
        return state;
      case 'PayoutRewardDeliveryRecorded':
        state.deliveryWebhooks[event.data.webhookUuid] = true;
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantWelcomeBonus':
        if (state.welcomeBonusGranted) return [];
        return [
          {
            type: 'WelcomeBonusGranted',
            data: { uid: command.uid, earningId: command.earningId, amountPence: WELCOME_BONUS_PENCE, grantedAt: command.now },
          },
        ];
      case 'GrantReferralReward':
        if (state.rewardedFriends[command.friendUid] || command.friendUid === command.uid) return [];
        return [
          {
            type: 'ReferralRewardGranted',
            data: {
              uid: command.uid,
              friendUid: command.friendUid,
              earningId: command.earningId,
              amountPence: REFERRAL_REWARD_PENCE,
              grantedAt: command.now,
            },
          },
        ];
      case 'ApplyCallback':
        return decideCallback(command, state);
      case 'ApproveHeldEarning':
      case 'RejectHeldEarning':
        return decideReview(command, state);
      case 'RequestPayout':
      case 'ApprovePayout':
      case 'RejectPayout':
      case 'ProcessPayout':
      case 'CancelPayout':
      case 'PlaceRewardOrder':
      case 'RecordRewardOrder':
      case 'RecordRewardOrderFailure':
      case 'RecordRewardDelivery':
        return decidePayout(command, state);
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};
