import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { type Decider, DomainError, evolveAll } from '../decider';
import { walletDecider, walletFold, type WalletState } from '../wallet/wallet.decider';

export interface CallbackToApply {
  callback: CallbackReceived['data'];
  /** The id a credit made by this callback gets. */
  earningId: string;
}

export type CallbackDecision =
  | { callbackId: string; events: WalletEvent[] }
  /** The wallet refused this callback (a reversal of nothing, a reward that is not positive). */
  | { callbackId: string; refused: DomainError };

/**
 * One member's callbacks decided in the order given, each against the wallet as the earlier ones
 * left it, so the events of all of them can be one append. A callback the wallet refuses is
 * refused alone; the others still count. Returns the decisions and the wallet after them, a new
 * state: `wallet` itself never changes (the batch folds into one private draft of it, copied once,
 * which is only handed out as the result).
 */
export function decideCallbacks(
  wallet: WalletState,
  uid: string,
  callbacks: readonly CallbackToApply[],
  options: { reviewThresholdPence?: number; now: string },
): { decisions: CallbackDecision[]; wallet: WalletState } {
  const state = walletFold.copy(wallet);
  const decisions = callbacks.map(({ callback, earningId }): CallbackDecision => {
    let events: WalletEvent[];
    try {
      events = walletDecider.decide(
        { type: 'ApplyCallback', uid, callback, earningId, reviewThresholdPence: options.reviewThresholdPence, now: options.now },
        state,
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { callbackId: callback.callbackId, refused: error };
    }
    for (const event of events) walletFold.apply(state, event);
    return { callbackId: callback.callbackId, events };
  });
  return { decisions, wallet: state };
}

/**
 * One member's callbacks as one command on their wallet stream (for a command handler that reads,
 * decides, appends and decides again on a conflict): `decide` is decideCallbacks, and
 * `decisions()` gives the decisions of its latest call, the ones whose events were appended.
 * `evolveAll` on the state and events of that call returns the wallet decideCallbacks already
 * folded (states never change once returned, so identity proves they match) instead of copying
 * the wallet a second time.
 */
export function callbackBatch(uid: string, options: { reviewThresholdPence?: number; now: string }) {
  let last: { wallet: WalletState; events: WalletEvent[]; after: WalletState; decisions: CallbackDecision[] } | undefined;
  const decider: Decider<WalletState, readonly CallbackToApply[], WalletEvent> = {
    initialState: walletDecider.initialState,
    evolve: walletDecider.evolve,
    evolveAll: (state, events) =>
      last && state === last.wallet && events === last.events ? last.after : evolveAll(walletDecider, state, events),
    decide(callbacks, wallet) {
      const { decisions, wallet: after } = decideCallbacks(wallet, uid, callbacks, options);
      const events = decisions.flatMap((d) => ('events' in d ? d.events : []));
      last = { wallet, events, after, decisions };
      return events;
    },
  };
  return { decider, decisions: (): CallbackDecision[] => last?.decisions ?? [] };
}
