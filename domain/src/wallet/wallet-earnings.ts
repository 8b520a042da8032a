import { type CallbackReceived, DEFAULT_REVIEW_CREDIT_PENCE, type WalletEvent } from '@playquid/contracts';
import { partnerReversalReason, refusedPartnerCredit } from './credit-guards';
import { reviewHoldReason } from './partner-signals';
import { DomainError } from '../decider';
import { flagOpenPayouts } from './flag-open-payouts';
import type { WalletState } from './wallet-state';

export { flagOpenPayouts } from './flag-open-payouts';

type ApplyCallback = { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; reviewThresholdPence?: number; now: string };

/** An admin's decision on a credit held for review; `by` is the admin's email, `reason` is required. */
export type ReviewCommand =
  | { type: 'ApproveHeldEarning'; uid: string; earningId: string; by: string; reason: string; now: string }
  | { type: 'RejectHeldEarning'; uid: string; earningId: string; by: string; reason: string; now: string };

const isReversal = (callback: CallbackReceived['data']) => callback.state === 'RECONCILED' || callback.rewardPence < 0;

/**
 * A BitLabs callback turned into wallet events: a credit (pending or approved by the offer state),
 * the approval of a pending credit (stateful mode), or a reversal in either BitLabs mode. Each
 * callback id is booked once.
 */
export function decideCallback(command: ApplyCallback, state: WalletState): WalletEvent[] {
  const { callback, uid, now } = command;
  if (state.handledCallbacks[callback.callbackId]) return [];

  if (isReversal(callback)) {
    // Default mode: a new tx ("or…") whose ref names the original; stateful mode: the same tx again.
    const originalTx = callback.ref ?? callback.transactionId;
    const earningId = state.earningByTransaction[originalTx];
    if (!earningId) {
      // The credit has not arrived yet: remember the reversal, and book that credit as reversed when it does.
      if (state.awaitingReversals[originalTx]) return [];
      return [
        {
          type: 'ReversalAwaitingCredit',
          data: { uid, callbackId: callback.callbackId, transactionId: callback.transactionId, creditTransactionId: originalTx, receivedAt: now },
        },
      ];
    }
    const earning = state.earnings[earningId];
    if (earning.status === 'rejected') return [];
    const fromStatus = earning.status === 'pending' ? 'pending' : 'approved';
    return [
      {
        type: 'EarningReversed',
        data: {
          uid,
          earningId,
          callbackId: callback.callbackId,
          amountPence: earning.amountPence,
          // Paid money is taken back from the available balance, which may go below zero.
          fromStatus,
          reason: partnerReversalReason(state, earningId, callback.transactionId),
          reversedAt: now,
        },
      },
      ...(fromStatus === 'approved' ? flagOpenPayouts(state, uid, earningId, earning.amountPence, now) : []),
    ];
  }

  if (callback.rewardPence <= 0) throw new DomainError(`Reward must be positive, got ${callback.userRewardRaw}`);
  const existingId = state.earningByTransaction[callback.transactionId];
  if (existingId) {
    const existing = state.earnings[existingId];
    // Stateful mode: PENDING first, then COMPLETED for the same tx releases the money, unless the
    // credit is held for review: then only an admin does.
    if (existing.status === 'pending' && !existing.heldForReview && callback.state !== 'PENDING') {
      return [{ type: 'EarningApproved', data: { uid, earningId: existingId, callbackId: callback.callbackId, approvedAt: now } }];
    }
    return [];
  }
  const refused = refusedPartnerCredit(callback, state, uid, now);
  if (refused) return refused;
  const holdReason = reviewHoldReason(callback, command.reviewThresholdPence ?? DEFAULT_REVIEW_CREDIT_PENCE);
  const held = holdReason !== null;
  const status: 'pending' | 'approved' = held || callback.state === 'PENDING' ? 'pending' : 'approved';
  const waiting = state.awaitingReversals[callback.transactionId];
  return [
    {
      type: 'EarningCredited',
      data: {
        uid,
        earningId: command.earningId,
        callbackId: callback.callbackId,
        transactionId: callback.transactionId,
        offerId: callback.offerId,
        offerName: callback.offerName,
        taskId: callback.taskId,
        taskName: callback.taskName,
        amountPence: callback.rewardPence,
        rawUsd: callback.rawUsd,
        status,
        // Credits held for their size keep their historic shape; the partner's fraud score says so.
        ...(held ? { heldForReview: true, ...(holdReason === 'partner_fraud_score' ? { holdReason } : {}) } : {}),
        ...(callback.triggeredBy ? { triggeredBy: callback.triggeredBy } : {}),
        creditedAt: now,
      },
    },
    // A reversal of this credit arrived first: the credit is booked and reversed in the same append.
    ...(waiting
      ? [
          {
            type: 'EarningReversed' as const,
            data: {
              uid,
              earningId: command.earningId,
              callbackId: waiting.callbackId,
              amountPence: callback.rewardPence,
              fromStatus: status,
              reason: `Reversed by BitLabs (transaction ${waiting.transactionId}, which arrived before this credit)`,
              reversedAt: now,
            },
          },
        ]
      : []),
  ];
}

/**
 * Releases or refuses a credit held above the review threshold. Only a held credit that is still
 * pending can be reviewed: once reviewed, or reversed by BitLabs, the answer is a conflict.
 */
export function decideReview(command: ReviewCommand, state: WalletState): WalletEvent[] {
  const { uid, earningId, by, now } = command;
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('A reason is required to review a held credit');
  const earning = state.earnings[earningId];
  if (!earning) throw new DomainError(`Earning ${earningId} not found`, 'not_found');
  if (!earning.heldForReview || earning.status !== 'pending') {
    throw new DomainError(`Earning ${earningId} is not held for review (it is ${earning.status})`, 'conflict');
  }
  const amountPence = earning.amountPence;
  if (command.type === 'ApproveHeldEarning') {
    return [{ type: 'EarningReviewApproved', data: { uid, earningId, amountPence, approvedBy: by, reason, approvedAt: now } }];
  }
  return [{ type: 'EarningReviewRejected', data: { uid, earningId, amountPence, rejectedBy: by, reason, rejectedAt: now } }];
}
