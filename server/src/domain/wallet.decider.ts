import { type CallbackReceived, type PayoutStatus, REFERRAL_REWARD_PENCE, WELCOME_BONUS_PENCE, type WalletEvent } from '@playquid/contracts';
import { type Decider } from './decider';
import { decideCallback } from './wallet-earnings';
import { decidePayout, type PayoutCommand } from './wallet-payouts';

export interface WalletEarning {
  amountPence: number;
  status: 'pending' | 'approved' | 'reversed' | 'paid';
  kind: 'offer' | 'bonus' | 'referral';
  /** The open or completed payout that settles this earning. */
  payoutId: string | null;
}

export interface WalletPayout {
  amountPence: number;
  status: PayoutStatus;
  earningIds: string[];
  rewardOrderId: string | null;
}

export interface WalletState {
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
  /** May go below zero after a reversal of money already paid out. */
  availablePence: number;
  pendingPence: number;
  /** Held by payouts that are requested or approved. */
  reservedPence: number;
  paidOutPence: number;
  /** Offer earnings that are approved or paid (referral rule: "completes a first offer"). */
  completedOffers: number;
}

export type WalletCommand =
  | { type: 'GrantWelcomeBonus'; uid: string; earningId: string; now: string }
  | { type: 'GrantReferralReward'; uid: string; friendUid: string; earningId: string; now: string }
  | { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; now: string }
  | PayoutCommand;

function releasePayout(state: WalletState, payoutId: string, status: 'rejected' | 'cancelled'): void {
  const payout = state.payouts[payoutId];
  payout.status = status;
  state.reservedPence -= payout.amountPence;
  state.availablePence += payout.amountPence;
  for (const id of payout.earningIds) state.earnings[id].payoutId = null;
}

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: () => ({
    welcomeBonusGranted: false,
    earnings: {},
    earningByTransaction: {},
    handledCallbacks: {},
    rewardedFriends: {},
    payouts: {},
    deliveryWebhooks: {},
    availablePence: 0,
    pendingPence: 0,
    reservedPence: 0,
    paidOutPence: 0,
    completedOffers: 0,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'WelcomeBonusGranted':
        state.welcomeBonusGranted = true;
        state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'bonus', payoutId: null };
        state.availablePence += event.data.amountPence;
        return state;
      case 'ReferralRewardGranted':
        state.rewardedFriends[event.data.friendUid] = true;
        state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'referral', payoutId: null };
        state.availablePence += event.data.amountPence;
        return state;
      case 'EarningCredited': {
        const { earningId, amountPence, status, transactionId, callbackId } = event.data;
        state.earnings[earningId] = { amountPence, status, kind: 'offer', payoutId: null };
        state.earningByTransaction[transactionId] = earningId;
        state.handledCallbacks[callbackId] = true;
        if (status === 'approved') {
          state.availablePence += amountPence;
          state.completedOffers += 1;
        } else state.pendingPence += amountPence;
        return state;
      }
      case 'EarningApproved': {
        const earning = state.earnings[event.data.earningId];
        earning.status = 'approved';
        state.handledCallbacks[event.data.callbackId] = true;
        state.availablePence += earning.amountPence;
        state.pendingPence -= earning.amountPence;
        state.completedOffers += 1;
        return state;
      }
      case 'EarningReversed': {
        const { earningId, amountPence, fromStatus, callbackId } = event.data;
        const earning = state.earnings[earningId];
        if (earning.kind === 'offer' && earning.status !== 'pending') state.completedOffers -= 1;
        earning.status = 'reversed';
        state.handledCallbacks[callbackId] = true;
        if (fromStatus === 'approved') state.availablePence -= amountPence;
        else state.pendingPence -= amountPence;
        return state;
      }
      case 'PayoutRequested': {
        const { payoutId, amountPence, earningIds } = event.data;
        state.payouts[payoutId] = { amountPence, status: 'pending', earningIds, rewardOrderId: null };
        for (const id of earningIds) state.earnings[id].payoutId = payoutId;
        state.availablePence -= amountPence;
        state.reservedPence += amountPence;
        return state;
      }
      case 'PayoutApproved':
        state.payouts[event.data.payoutId].status = 'approved';
        return state;
      case 'PayoutRejected':
        releasePayout(state, event.data.payoutId, 'rejected');
        return state;
      case 'PayoutCancelled':
        releasePayout(state, event.data.payoutId, 'cancelled');
        return state;
      case 'PayoutProcessed': {
        const payout = state.payouts[event.data.payoutId];
        payout.status = 'completed';
        state.reservedPence -= payout.amountPence;
        state.paidOutPence += payout.amountPence;
        for (const id of payout.earningIds) if (state.earnings[id].status === 'approved') state.earnings[id].status = 'paid';
        return state;
      }
      case 'PayoutRewardOrdered':
        state.payouts[event.data.payoutId].rewardOrderId = event.data.orderId;
        return state;
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
      case 'RequestPayout':
      case 'ApprovePayout':
      case 'RejectPayout':
      case 'ProcessPayout':
      case 'CancelPayout':
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
