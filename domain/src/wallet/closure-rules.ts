import { formatPence, type WalletEvent } from '@playquid/contracts';
import { DomainError } from '../decider';
import type { WalletState } from './wallet-state';

/** What closing the account does to the member's money, as the Privacy tab states it before they confirm. */
export interface ClosureBalance {
  /** Money the member could withdraw now (at least the minimum payout). */
  withdrawablePence: number;
  /** Money available but not withdrawable (below the minimum), or withdrawable and given up on confirmation. */
  forfeitPence: number;
  /** Payouts still open: the account closes once they are paid, rejected or returned. */
  openPayouts: number;
  /** Credits BitLabs has not confirmed yet: the account closes once they clear or are reversed. */
  pendingPence: number;
  /** Why closing is refused now (null when it may go ahead, with `forfeitPence` given up if confirmed). */
  blocker: string | null;
}

export const CLOSURE_TEXT = {
  openPayout: 'A payout of yours is still being processed. You can close your account once it has been paid or returned.',
  pending: (pence: number) =>
    `${formatPence(pence)} of your earnings is still pending confirmation. You can close your account once it has cleared or been reversed.`,
  withdrawFirst: (pence: number) =>
    `You have ${formatPence(pence)} you can withdraw. Request a payout first, or confirm that you give it up by closing now.`,
  forfeitSmall: (pence: number) =>
    `Your balance of ${formatPence(pence)} is below the minimum payout. Confirm that you give it up by closing now.`,
  forfeitReason: 'Given up when the account was closed, as the member confirmed',
} as const;

const OPEN_PAYOUT = new Set(['pending', 'approved']);

/** The closure's money facts for this wallet (minimum payout from configuration). */
export function closureBalance(state: WalletState, minPayoutPence: number): ClosureBalance {
  const openPayouts = Object.values(state.payouts).filter((p) => OPEN_PAYOUT.has(p.status)).length;
  const available = Math.max(0, state.availablePence);
  const withdrawablePence = available >= minPayoutPence ? available : 0;
  const blocker = openPayouts > 0 ? CLOSURE_TEXT.openPayout : state.pendingPence > 0 ? CLOSURE_TEXT.pending(state.pendingPence) : null;
  return { withdrawablePence, forfeitPence: available, openPayouts, pendingPence: state.pendingPence, blocker };
}

/**
 * Closing an account: refused while a payout is open or earnings are pending; the available balance
 * is withdrawn first (a payout) or, only when the member confirms it, forfeited (BalanceForfeited,
 * a money event). A negative balance (money paid out then reversed) is left as it is. The wallet
 * then records WalletClosed: partner credits arriving later are recorded, not credited
 * (CreditRefusedAccountClosed, credit-guards.ts); reversals of earlier credits still apply.
 */
export function decideClosure(
  command: { uid: string; confirmForfeit: boolean; minPayoutPence: number; now: string },
  state: WalletState,
): WalletEvent[] {
  // Settled already (a closure retried after a crash): nothing more to do.
  if (state.closedAt !== null) return [];
  const balance = closureBalance(state, command.minPayoutPence);
  if (balance.blocker) throw new DomainError(balance.blocker, 'conflict');
  const closed: WalletEvent = { type: 'WalletClosed', data: { uid: command.uid, closedAt: command.now } };
  if (balance.forfeitPence === 0) return [closed];
  if (!command.confirmForfeit) {
    throw new DomainError(
      balance.withdrawablePence > 0 ? CLOSURE_TEXT.withdrawFirst(balance.forfeitPence) : CLOSURE_TEXT.forfeitSmall(balance.forfeitPence),
      'conflict',
    );
  }
  return [
    {
      type: 'BalanceForfeited',
      data: { uid: command.uid, amountPence: balance.forfeitPence, reason: CLOSURE_TEXT.forfeitReason, forfeitedAt: command.now },
    },
    closed,
  ];
}
