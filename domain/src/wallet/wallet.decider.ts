import {
  type CallbackReceived,
  REFERRAL_REWARD_PENCE,
  WELCOME_BONUS_PENCE,
  type WalletEvent,
} from '@playquid/contracts';
import { type Decider, draftFold, type DraftFold, layeredTable } from '../decider';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange } from './money-change';
import { deliveryState, rewardStateFloor, rewardStateOfOrder, rewardStateSupersedes } from './payout-rules';
import { type CreditClaimCommand, decideClaimCredit } from './wallet-claims';
import { decideCallback, decideReview, flagOpenPayouts, type ReviewCommand } from './wallet-earnings';
import { decideClosure } from './closure-rules';
import { decidePartnerStatus, partnerHoldAfter, type RecordPartnerStatusCommand } from './partner-signals';
import { decidePayout, type PayoutCommand } from './wallet-payouts';
import { taskKeys, type WalletEarning, type WalletPayout, type WalletState } from './wallet-state';

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

/** Replaces an earning with its changed copy: a draft's tables are copies, their entries are shared. */
function changeEarning(draft: WalletState, earningId: string, changes: Partial<WalletEarning>): void {
  draft.earnings[earningId] = { ...known(draft.earnings[earningId], `earning ${earningId}`), ...changes };
}

function changePayout(draft: WalletState, payoutId: string, changes: Partial<WalletPayout>): WalletPayout {
  return (draft.payouts[payoutId] = { ...known(draft.payouts[payoutId], `payout ${payoutId}`), ...changes });
}

/** An event about an earning or payout the stream never created: the stream is broken, the fold stops. */
function known<T>(entry: T | undefined, what: string): T {
  if (entry === undefined) throw new TypeError(`The wallet has no ${what}`);
  return entry;
}

function releasePayout(draft: WalletState, payoutId: string, status: 'rejected' | 'cancelled' | 'returned'): void {
  const payout = changePayout(draft, payoutId, { status, needsReview: false });
  for (const id of payout.earningIds) changeEarning(draft, id, { payoutId: null });
}

const initialWallet = (): WalletState => ({
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
});

/** The state's lookup tables (the fields that start as an empty table): what a draft copies. */
const TABLES = Object.entries(initialWallet()).flatMap(([key, empty]) => (empty !== null && typeof empty === 'object' ? [key] : [])) as Array<keyof WalletState>;

/** A draft of the wallet: the state and each of its tables copied (shallow: the entries are shared and only ever replaced). */
function copyWallet(state: WalletState): WalletState {
  const draft: Record<string, unknown> = { ...state };
  for (const key of TABLES) draft[key] = copyTable(state[key] as Record<string, unknown>);
  return draft as unknown as WalletState;
}

/**
 * A draft of the wallet layered over `state` (see `layeredTable`): its scalar fields copied, each
 * table a layer whose changes stay aside, so `applyWalletEvent` can fold a few events onto it in
 * O(events) and `state` never changes. For deciding on the state as earlier events of the same
 * decision left it (a batch of callbacks); a layer is never kept as a state (its tables are proxies).
 */
function layerWallet(state: WalletState): WalletState {
  const draft: Record<string, unknown> = { ...state };
  for (const key of TABLES) draft[key] = layeredTable(state[key] as Record<string, unknown>);
  return draft as unknown as WalletState;
}

function copyTable<T>(table: Record<string, T>): Record<string, T> {
  const copy = lookupTable<T>();
  // for-in over a null-prototype table sees its own keys only; measured faster than Object.assign here.
  for (const key in table) copy[key] = table[key];
  return copy;
}

/**
 * Folds one event into a draft of the wallet in place. Only for a draft nobody else reads as a
 * state: one from `walletFold.copy` or `walletFold.layer`, or the private fold a cache owns
 * (WalletFoldCache, server); everyone else folds with `walletDecider.evolve`/`evolveAll`, which
 * never change the state they are given.
 */
function applyWalletEvent(state: WalletState, event: WalletEvent): void {
  const money = walletMoneyChange(event, (earningId) => state.earnings[earningId].amountPence);
  if (money) addMoneyChange(state, money);
  switch (event.type) {
    case 'WelcomeBonusGranted':
      state.welcomeBonusGranted = true;
      state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'bonus', payoutId: null };
      return;
    case 'ReferralRewardGranted': {
      const { friendUid, earningId } = event.data;
      state.activeReferralRewards[friendUid] = earningId;
      state.referralGrants[friendUid] = (state.referralGrants[friendUid] ?? 0) + 1;
      state.earnings[earningId] = { amountPence: event.data.amountPence, status: 'approved', kind: 'referral', payoutId: null };
      return;
    }
    case 'ReferralRewardReversed':
      changeEarning(state, event.data.earningId, { status: 'rejected' });
      delete state.activeReferralRewards[event.data.friendUid];
      return;
    case 'ReversalAwaitingCredit':
      state.awaitingReversals[event.data.creditTransactionId] = { callbackId: event.data.callbackId, transactionId: event.data.transactionId };
      state.handledCallbacks[event.data.callbackId] = true;
      return;
    case 'MemberQualified':
    case 'MemberQualificationLost':
      state.qualificationSequence = event.data.sequence;
      return;
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
      return;
    }
    case 'CreditCoveredByClaim':
      // The partner's transaction now names the claim's earning: its reversal takes the claim credit back.
      state.earningByTransaction[event.data.transactionId] = event.data.earningId;
      state.handledCallbacks[event.data.callbackId] = true;
      delete state.awaitingReversals[event.data.transactionId];
      return;
    case 'CreditRefusedAccountClosed':
      state.handledCallbacks[event.data.callbackId] = true;
      return;
    case 'WalletClosed':
      state.closedAt = event.data.closedAt;
      return;
    case 'EarningApproved':
      changeEarning(state, event.data.earningId, { status: 'approved' });
      state.handledCallbacks[event.data.callbackId] = true;
      return;
    case 'EarningReviewApproved':
      changeEarning(state, event.data.earningId, { status: 'approved', heldForReview: false });
      return;
    case 'EarningReviewRejected':
      changeEarning(state, event.data.earningId, { status: 'rejected', heldForReview: false });
      return;
    case 'EarningReversed':
      changeEarning(state, event.data.earningId, { status: 'rejected' });
      state.handledCallbacks[event.data.callbackId] = true;
      return;
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
      for (const id of earningIds) changeEarning(state, id, { payoutId });
      return;
    }
    case 'PayoutApproved':
      changePayout(state, event.data.payoutId, { status: 'approved', ...(event.data.reversalAcknowledged ? { needsReview: false } : {}) });
      return;
    case 'PayoutRejected':
      releasePayout(state, event.data.payoutId, 'rejected');
      return;
    case 'PayoutCancelled':
      releasePayout(state, event.data.payoutId, 'cancelled');
      return;
    case 'PayoutProcessed': {
      const payout = changePayout(state, event.data.payoutId, { status: 'completed', needsReview: false });
      for (const id of payout.earningIds) if (state.earnings[id].status === 'approved') changeEarning(state, id, { status: 'paid' });
      return;
    }
    case 'PayoutRewardOrderPlaced': {
      const payout = state.payouts[event.data.payoutId];
      // Webhooks stamped before this order existed are not about it.
      changePayout(state, event.data.payoutId, { rewardOrderPlaced: true, rewardStateAt: rewardStateFloor(payout.rewardStateAt, event.data.placedAt) });
      return;
    }
    case 'PayoutFlaggedForReview': {
      const payout = state.payouts[event.data.payoutId];
      changePayout(state, event.data.payoutId, { reversedPence: payout.reversedPence + event.data.reversedPence, needsReview: true });
      return;
    }
    case 'PayoutRewardOrdered':
      changePayout(state, event.data.payoutId, {
        rewardOrderId: event.data.orderId,
        // Orders recorded before PayoutRewardOrderPlaced existed were placed all the same.
        rewardOrderPlaced: true,
        rewardState: rewardStateOfOrder(event.data.orderStatus),
      });
      return;
    case 'PayoutRewardOrderFailed':
      return;
    case 'PayoutRewardDeliveryRecorded': {
      state.deliveryWebhooks[event.data.webhookUuid] = true;
      const payout = state.payouts[event.data.payoutId];
      const next = { state: deliveryState(event.data), at: event.data.occurredAt ?? event.data.recordedAt };
      if (rewardStateSupersedes({ state: payout.rewardState, at: payout.rewardStateAt }, next)) {
        changePayout(state, event.data.payoutId, { rewardState: next.state, rewardStateAt: next.at });
      }
      return;
    }
    case 'PayoutRewardResendRequested':
      changePayout(state, event.data.payoutId, {
        email: event.data.email,
        orderAttempt: event.data.attempt,
        rewardOrderId: null,
        rewardOrderPlaced: false,
        // The failed reward's time stays: a late webhook about it can no longer change anything.
        rewardState: null,
      });
      return;
    case 'PayoutReturned':
      releasePayout(state, event.data.payoutId, 'returned');
      return;
    case 'BalanceForfeited':
      return;
    case 'PartnerAccountStatusChanged':
      state.partnerHold = partnerHoldAfter(event);
      return;
  }
}

/**
 * The wallet's fold in place on a private draft (see `draftFold`): evolve copies the tables once
 * per fold, not per event. `layer` makes a draft over a state without copying its tables, for
 * folding a decision's own events while it decides (decideCallbacks).
 */
export const walletFold: DraftFold<WalletState, WalletEvent> & { layer(state: WalletState): WalletState } = {
  copy: copyWallet,
  apply: applyWalletEvent,
  layer: layerWallet,
};

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: initialWallet,
  ...draftFold(walletFold),

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
