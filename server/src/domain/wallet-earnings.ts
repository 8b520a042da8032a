import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { DomainError } from './decider';
import type { WalletState } from './wallet.decider';

type ApplyCallback = { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; now: string };

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
    if (!earningId) throw new DomainError(`No earlier credit for transaction ${originalTx} to reverse`, 'not_found');
    const earning = state.earnings[earningId];
    if (earning.status === 'reversed') return [];
    return [
      {
        type: 'EarningReversed',
        data: {
          uid,
          earningId,
          callbackId: callback.callbackId,
          amountPence: earning.amountPence,
          // Paid money is taken back from the available balance, which may go below zero.
          fromStatus: earning.status === 'pending' ? 'pending' : 'approved',
          reason: `Reversed by BitLabs (transaction ${callback.transactionId})`,
          reversedAt: now,
        },
      },
    ];
  }

  if (callback.rewardPence <= 0) throw new DomainError(`Reward must be positive, got ${callback.userRewardRaw}`);
  const existingId = state.earningByTransaction[callback.transactionId];
  if (existingId) {
    const existing = state.earnings[existingId];
    // Stateful mode: PENDING first, then COMPLETED for the same tx releases the money.
    if (existing.status === 'pending' && callback.state !== 'PENDING') {
      return [{ type: 'EarningApproved', data: { uid, earningId: existingId, callbackId: callback.callbackId, approvedAt: now } }];
    }
    return [];
  }
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
        status: callback.state === 'PENDING' ? 'pending' : 'approved',
        creditedAt: now,
      },
    },
  ];
}
