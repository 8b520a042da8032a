import type { PayoutMethod, PayoutStatus, RewardState, WalletEvent } from '@playquid/contracts';
import { DomainError } from '../decider';
import { earningTotals } from './earning-totals';
import {
  isOpenPayout,
  lockedBonusPence,
  MEMBER_CANCELLABLE_STATUSES,
  OPEN_PAYOUT_STATUSES,
  payoutAlreadySent,
  payoutAlreadySentMessage,
  payoutBlockMessage,
  payoutEligibility,
  REWARD_NOT_FAILED_MESSAGE,
  rewardNotDelivered,
  reversalAcknowledgementMessage,
  withdrawablePence,
} from './payout-rules';
import { partnerHoldActive } from './partner-signals';
import type { WalletPayout, WalletState } from './wallet-state';

export type PayoutCommand =
  | { type: 'RequestPayout'; uid: string; payoutId: string; email: string; method: PayoutMethod; minPayoutPence: number; now: string }
  | { type: 'ApprovePayout'; uid: string; payoutId: string; adminEmail: string; notes: string | null; acknowledgeReversal?: boolean; now: string }
  | { type: 'RejectPayout'; uid: string; payoutId: string; adminEmail: string; reason: string; now: string }
  | {
      type: 'ProcessPayout';
      uid: string;
      payoutId: string;
      adminEmail: string;
      transactionReference: string;
      notes: string | null;
      acknowledgeReversal?: boolean;
      now: string;
    }
  | { type: 'CancelPayout'; uid: string; payoutId: string; actor: string; byAdmin: boolean; reason: string; now: string }
  /** Run by the reward-order worker before it calls Tremendous: commits the order on the wallet stream. */
  | { type: 'PlaceRewardOrder'; uid: string; payoutId: string; now: string }
  | { type: 'RecordRewardOrder'; uid: string; payoutId: string; orderId: string; rewardId: string | null; orderStatus: string; now: string }
  | { type: 'RecordRewardOrderFailure'; uid: string; payoutId: string; error: string; now: string }
  | {
      type: 'RecordRewardDelivery';
      uid: string;
      payoutId: string;
      webhookUuid: string;
      /** The reward's state the webhook reports, and the provider's time of it (created_utc). */
      state: RewardState;
      occurredAt: string | null;
      detail: string | null;
      now: string;
    }
  /** After a failed delivery: a new order, to the same email or a corrected one (`email` null keeps it). */
  | { type: 'ResendReward'; uid: string; payoutId: string; email: string | null; adminEmail: string; now: string }
  /** After a failed delivery: the reserved money goes back to the member's balance. */
  | { type: 'ReturnPayout'; uid: string; payoutId: string; adminEmail: string; reason: string; now: string };

/** Why a refused order's money came back, on the statement and in payout history. */
export const orderRefusedReason = (error: string) => `the reward order was refused (${error})`;

function payoutIn(state: WalletState, payoutId: string, allowed: readonly PayoutStatus[], action: string): WalletPayout {
  const payout = state.payouts[payoutId];
  if (!payout) throw new DomainError('Payout not found', 'not_found');
  if (!allowed.includes(payout.status)) {
    throw new DomainError(`Payout is ${payout.status}; only ${allowed.join(' or ')} payouts can be ${action}`, 'conflict');
  }
  return payout;
}

function requirePayout(state: WalletState, payoutId: string): WalletPayout {
  const payout = state.payouts[payoutId];
  if (!payout) throw new DomainError('Payout not found', 'not_found');
  return payout;
}

/** Cancel and reject give the reserve back, so they are refused once the reward may have left. */
function withdrawablePayout(state: WalletState, payoutId: string, allowed: readonly PayoutStatus[], verb: 'cancelled' | 'rejected'): WalletPayout {
  const payout = requirePayout(state, payoutId);
  if (payoutAlreadySent(payout)) throw new DomainError(payoutAlreadySentMessage(verb), 'conflict');
  return payoutIn(state, payoutId, allowed, verb);
}

/** A flagged payout is approved or processed only with the admin's explicit acknowledgement. */
function requireAcknowledgement(payout: WalletPayout, acknowledged: boolean | undefined, action: 'approving' | 'processing'): { reversalAcknowledged?: true } {
  if (!payout.needsReview) return {};
  if (!acknowledged) throw new DomainError(reversalAcknowledgementMessage(payout.reversedPence, action), 'conflict');
  return { reversalAcknowledged: true };
}

/** The bonus lock applied to a wallet: what is locked and what a payout request would reserve. */
export function payoutFigures(state: WalletState): { lockedBonusPence: number; withdrawablePence: number } {
  const { unpaidBonusPence } = earningTotals(Object.values(state.earnings));
  const locked = lockedBonusPence({ completedOffers: state.completedOffers, unpaidBonusPence });
  return { lockedBonusPence: locked, withdrawablePence: withdrawablePence(state.availablePence, locked) };
}

/** The payout lifecycle: request (reserves the whole available balance), approve, reject, process, cancel. */
export function decidePayout(command: PayoutCommand, state: WalletState): WalletEvent[] {
  const { uid, payoutId, now } = command;
  switch (command.type) {
    case 'RequestPayout': {
      if (state.payouts[payoutId]) return []; // the same request retried
      const figures = payoutFigures(state);
      const minPence = command.minPayoutPence;
      const { block, withdrawablePence: amountPence } = payoutEligibility({
        availablePence: state.availablePence,
        minPence,
        lockedBonusPence: figures.lockedBonusPence,
        hasOpenPayout: Object.values(state.payouts).some(isOpenPayout),
        partnerHold: partnerHoldActive(state.partnerHold, command.now),
      });
      if (block) {
        const message = payoutBlockMessage(block, { minPence, lockedBonusPence: figures.lockedBonusPence, partnerHold: state.partnerHold });
        throw new DomainError(message, block === 'in-progress' || block === 'partner-hold' ? 'conflict' : 'invalid');
      }
      const bonusLocked = figures.lockedBonusPence > 0;
      const earningIds = Object.entries(state.earnings)
        .filter(([, e]) => e.status === 'approved' && e.payoutId === null && !(bonusLocked && e.kind === 'bonus'))
        .map(([id]) => id);
      return [
        {
          type: 'PayoutRequested',
          data: {
            uid,
            payoutId,
            amountPence,
            method: command.method,
            deliveryMethod: 'email',
            email: command.email,
            earningIds,
            requestedAt: now,
          },
        },
      ];
    }
    case 'ApprovePayout': {
      const payout = payoutIn(state, payoutId, ['pending'], 'approved');
      const acknowledged = requireAcknowledgement(payout, command.acknowledgeReversal, 'approving');
      return [
        { type: 'PayoutApproved', data: { uid, payoutId, approvedBy: command.adminEmail, notes: command.notes, ...acknowledged, approvedAt: now } },
      ];
    }
    case 'RejectPayout': {
      const { amountPence } = withdrawablePayout(state, payoutId, OPEN_PAYOUT_STATUSES, 'rejected');
      return [
        { type: 'PayoutRejected', data: { uid, payoutId, amountPence, reason: command.reason, rejectedBy: command.adminEmail, rejectedAt: now } },
      ];
    }
    case 'ProcessPayout': {
      const payout = payoutIn(state, payoutId, OPEN_PAYOUT_STATUSES, 'processed');
      const acknowledged = requireAcknowledgement(payout, command.acknowledgeReversal, 'processing');
      return [
        {
          type: 'PayoutProcessed',
          data: {
            uid,
            payoutId,
            amountPence: payout.amountPence,
            transactionReference: command.transactionReference,
            notes: command.notes ?? `Processed via admin panel by ${command.adminEmail}`,
            processedBy: command.adminEmail,
            ...acknowledged,
            processedAt: now,
          },
        },
      ];
    }
    case 'CancelPayout': {
      const { amountPence } = withdrawablePayout(state, payoutId, command.byAdmin ? OPEN_PAYOUT_STATUSES : MEMBER_CANCELLABLE_STATUSES, 'cancelled');
      return [
        {
          type: 'PayoutCancelled',
          data: { uid, payoutId, amountPence, reason: command.reason, cancelledBy: command.actor, byAdmin: command.byAdmin, cancelledAt: now },
        },
      ];
    }
    case 'PlaceRewardOrder': {
      const payout = requirePayout(state, payoutId);
      if (payout.rewardOrderPlaced) return []; // an earlier attempt of the same job placed it
      if (payout.status !== 'approved') {
        throw new DomainError(`Payout is ${payout.status}; only approved payouts can be ordered`, 'conflict');
      }
      if (payout.needsReview) throw new DomainError(reversalAcknowledgementMessage(payout.reversedPence, 'processing'), 'conflict');
      return [{ type: 'PayoutRewardOrderPlaced', data: { uid, payoutId, amountPence: payout.amountPence, placedAt: now } }];
    }
    case 'RecordRewardOrder': {
      const payout = requirePayout(state, payoutId);
      if (payout.rewardOrderId) return []; // the order job retried after the order was recorded
      return [
        {
          type: 'PayoutRewardOrdered',
          data: { uid, payoutId, orderId: command.orderId, rewardId: command.rewardId, orderStatus: command.orderStatus, orderedAt: now },
        },
      ];
    }
    case 'RecordRewardOrderFailure': {
      // Refused for good: the money goes back to the member, exactly once (a retried job finds it returned).
      const payout = requirePayout(state, payoutId);
      const failed: WalletEvent = { type: 'PayoutRewardOrderFailed', data: { uid, payoutId, error: command.error, failedAt: now } };
      if (payout.status !== 'approved') return payout.status === 'returned' ? [] : [failed];
      return [
        failed,
        {
          type: 'PayoutReturned',
          data: { uid, payoutId, amountPence: payout.amountPence, reason: orderRefusedReason(command.error), returnedBy: 'tremendous', returnedAt: now },
        },
      ];
    }
    case 'RecordRewardDelivery':
      requirePayout(state, payoutId);
      if (state.deliveryWebhooks[command.webhookUuid]) return [];
      return [
        {
          type: 'PayoutRewardDeliveryRecorded',
          data: {
            uid,
            payoutId,
            webhookUuid: command.webhookUuid,
            outcome: command.state === 'delivered' ? 'sent' : 'failed',
            state: command.state,
            occurredAt: command.occurredAt,
            detail: command.detail,
            recordedAt: now,
          },
        },
      ];
    case 'ResendReward': {
      const payout = requirePayout(state, payoutId);
      if (!rewardNotDelivered(payout)) throw new DomainError(REWARD_NOT_FAILED_MESSAGE, 'conflict');
      const email = command.email ?? payout.email;
      return [
        {
          type: 'PayoutRewardResendRequested',
          data: { uid, payoutId, email, attempt: payout.orderAttempt + 1, requestedBy: command.adminEmail, requestedAt: now },
        },
      ];
    }
    case 'ReturnPayout': {
      const payout = requirePayout(state, payoutId);
      if (!rewardNotDelivered(payout)) throw new DomainError(REWARD_NOT_FAILED_MESSAGE, 'conflict');
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('A reason is required to return a payout to the balance');
      return [
        { type: 'PayoutReturned', data: { uid, payoutId, amountPence: payout.amountPence, reason, returnedBy: command.adminEmail, returnedAt: now } },
      ];
    }
  }
}
