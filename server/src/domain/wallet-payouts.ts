import { minimumPayoutMessage, type PayoutMethod, type PayoutStatus, type WalletEvent } from '@playquid/contracts';
import { DomainError } from './decider';
import type { WalletPayout, WalletState } from './wallet.decider';

export type PayoutCommand =
  | { type: 'RequestPayout'; uid: string; payoutId: string; email: string; method: PayoutMethod; minPayoutPence: number; now: string }
  | { type: 'ApprovePayout'; uid: string; payoutId: string; adminEmail: string; notes: string | null; now: string }
  | { type: 'RejectPayout'; uid: string; payoutId: string; adminEmail: string; reason: string; now: string }
  | { type: 'ProcessPayout'; uid: string; payoutId: string; adminEmail: string; transactionReference: string; notes: string | null; now: string }
  | { type: 'CancelPayout'; uid: string; payoutId: string; actor: string; byAdmin: boolean; reason: string; now: string }
  | { type: 'RecordRewardOrder'; uid: string; payoutId: string; orderId: string; rewardId: string | null; orderStatus: string; now: string }
  | { type: 'RecordRewardOrderFailure'; uid: string; payoutId: string; error: string; now: string }
  | {
      type: 'RecordRewardDelivery';
      uid: string;
      payoutId: string;
      webhookUuid: string;
      outcome: 'sent' | 'failed';
      detail: string | null;
      now: string;
    };

export const OPEN_PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'approved'];
export const PAYOUT_IN_PROGRESS_MESSAGE = 'A payout request is already in progress. Wait until it is processed or cancel it first.';
export const NEGATIVE_BALANCE_MESSAGE =
  'Your balance is below zero after a reversed earning. Payouts resume once it is earned back.';

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

/** The payout lifecycle: request (reserves the whole available balance), approve, reject, process, cancel. */
export function decidePayout(command: PayoutCommand, state: WalletState): WalletEvent[] {
  const { uid, payoutId, now } = command;
  switch (command.type) {
    case 'RequestPayout': {
      if (state.payouts[payoutId]) return []; // the same request retried
      if (Object.values(state.payouts).some((p) => OPEN_PAYOUT_STATUSES.includes(p.status))) {
        throw new DomainError(PAYOUT_IN_PROGRESS_MESSAGE, 'conflict');
      }
      if (state.availablePence < 0) throw new DomainError(NEGATIVE_BALANCE_MESSAGE);
      if (state.availablePence < command.minPayoutPence) throw new DomainError(minimumPayoutMessage(command.minPayoutPence));
      const earningIds = Object.entries(state.earnings)
        .filter(([, e]) => e.status === 'approved' && e.payoutId === null)
        .map(([id]) => id);
      return [
        {
          type: 'PayoutRequested',
          data: {
            uid,
            payoutId,
            amountPence: state.availablePence,
            method: command.method,
            deliveryMethod: 'email',
            email: command.email,
            earningIds,
            requestedAt: now,
          },
        },
      ];
    }
    case 'ApprovePayout':
      payoutIn(state, payoutId, ['pending'], 'approved');
      return [{ type: 'PayoutApproved', data: { uid, payoutId, approvedBy: command.adminEmail, notes: command.notes, approvedAt: now } }];
    case 'RejectPayout': {
      const { amountPence } = payoutIn(state, payoutId, OPEN_PAYOUT_STATUSES, 'rejected');
      return [
        { type: 'PayoutRejected', data: { uid, payoutId, amountPence, reason: command.reason, rejectedBy: command.adminEmail, rejectedAt: now } },
      ];
    }
    case 'ProcessPayout': {
      const { amountPence } = payoutIn(state, payoutId, OPEN_PAYOUT_STATUSES, 'processed');
      return [
        {
          type: 'PayoutProcessed',
          data: {
            uid,
            payoutId,
            amountPence,
            transactionReference: command.transactionReference,
            notes: command.notes ?? `Processed via admin panel by ${command.adminEmail}`,
            processedBy: command.adminEmail,
            processedAt: now,
          },
        },
      ];
    }
    case 'CancelPayout': {
      const { amountPence } = payoutIn(state, payoutId, command.byAdmin ? OPEN_PAYOUT_STATUSES : ['pending'], 'cancelled');
      return [
        {
          type: 'PayoutCancelled',
          data: { uid, payoutId, amountPence, reason: command.reason, cancelledBy: command.actor, byAdmin: command.byAdmin, cancelledAt: now },
        },
      ];
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
    case 'RecordRewardOrderFailure':
      requirePayout(state, payoutId);
      return [{ type: 'PayoutRewardOrderFailed', data: { uid, payoutId, error: command.error, failedAt: now } }];
    case 'RecordRewardDelivery':
      requirePayout(state, payoutId);
      if (state.deliveryWebhooks[command.webhookUuid]) return [];
      return [
        {
          type: 'PayoutRewardDeliveryRecorded',
          data: { uid, payoutId, webhookUuid: command.webhookUuid, outcome: command.outcome, detail: command.detail, recordedAt: now },
        },
      ];
  }
}
