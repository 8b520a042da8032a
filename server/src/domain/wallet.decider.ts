import { type CallbackReceived, WELCOME_BONUS_PENCE, type WalletEvent } from '@playquid/contracts';
import { type Decider, DomainError } from './decider';

interface WalletEarning {
  amountPence: number;
  status: 'pending' | 'approved' | 'reversed';
}

export interface WalletState {
  welcomeBonusGranted: boolean;
  earnings: Record<string, WalletEarning>;
  /** Which earning a BitLabs transaction id credited: reversals and approvals find it here. */
  earningByTransaction: Record<string, string>;
  /** Callbacks already applied, so a re-run of processing never books twice. */
  handledCallbacks: Record<string, true>;
  availablePence: number;
  pendingPence: number;
}

export type WalletCommand =
  | { type: 'GrantWelcomeBonus'; uid: string; earningId: string; now: string }
  | { type: 'ApplyCallback'; uid: string; callback: CallbackReceived['data']; earningId: string; now: string };

const isReversal = (callback: CallbackReceived['data']) => callback.state === 'RECONCILED' || callback.rewardPence < 0;

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: () => ({
    welcomeBonusGranted: false,
    earnings: {},
    earningByTransaction: {},
    handledCallbacks: {},
    availablePence: 0,
    pendingPence: 0,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'WelcomeBonusGranted':
        state.welcomeBonusGranted = true;
        state.earnings[event.data.earningId] = { amountPence: event.data.amountPence, status: 'approved' };
        state.availablePence += event.data.amountPence;
        return state;
      case 'EarningCredited': {
        const { earningId, amountPence, status, transactionId, callbackId } = event.data;
        state.earnings[earningId] = { amountPence, status };
        state.earningByTransaction[transactionId] = earningId;
        state.handledCallbacks[callbackId] = true;
        if (status === 'approved') state.availablePence += amountPence;
        else state.pendingPence += amountPence;
        return state;
      }
      case 'EarningApproved': {
        const earning = state.earnings[event.data.earningId];
        earning.status = 'approved';
        state.handledCallbacks[event.data.callbackId] = true;
        state.availablePence += earning.amountPence;
        state.pendingPence -= earning.amountPence;
        return state;
      }
      case 'EarningReversed': {
        const { earningId, amountPence, fromStatus, callbackId } = event.data;
        state.earnings[earningId].status = 'reversed';
        state.handledCallbacks[callbackId] = true;
        if (fromStatus === 'approved') state.availablePence -= amountPence;
        else state.pendingPence -= amountPence;
        return state;
      }
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
      case 'ApplyCallback':
        return decideCallback(command, state);
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};

function decideCallback(command: Extract<WalletCommand, { type: 'ApplyCallback' }>, state: WalletState): WalletEvent[] {
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
          fromStatus: earning.status,
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
