import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';
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
 * refused alone; the others still count. `wallet` never changes: the events of each callback are
 * folded onto a layer over it (`walletFold.layer`: changes kept aside, no table copied), so a batch
 * costs O(callbacks) however large the wallet. The wallet after the batch is the fold of the
 * decisions' events onto `wallet` (the caller folds them, or a fold cache applies them to its own draft).
 */
export function decideCallbacks(
  wallet: WalletState,
  uid: string,
  callbacks: readonly CallbackToApply[],
  options: { reviewThresholdPence?: number; now: string },
): { decisions: CallbackDecision[] } {
  let state = wallet;
  const decisions = callbacks.map(({ callback, earningId }, i): CallbackDecision => {
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
    // The last callback's events are decided on nothing after them: no layer is needed for them.
    if (events.length > 0 && i < callbacks.length - 1) {
      if (state === wallet) state = walletFold.layer(wallet);
      for (const event of events) walletFold.apply(state, event);
    }
    return { callbackId: callback.callbackId, events };
  });
  return { decisions };
}

/**
 * One member's callbacks as one command on their wallet stream (for a command handler that reads,
 * decides, appends and decides again on a conflict): `decide` is decideCallbacks, and
 * `decisions()` gives the decisions of its latest call, the ones whose events were appended. It
 * keeps no state: the wallet after the append is folded by the handler's state source.
 */
export function callbackBatch(uid: string, options: { reviewThresholdPence?: number; now: string }) {
  let last: CallbackDecision[] = [];
  const decider: Decider<WalletState, readonly CallbackToApply[], WalletEvent> = {
    initialState: walletDecider.initialState,
    evolve: walletDecider.evolve,
    evolveAll: walletDecider.evolveAll,
    decide(callbacks, wallet) {
      last = decideCallbacks(wallet, uid, callbacks, options).decisions;
      return last.flatMap((d) => ('events' in d ? d.events : []));
    },
  };
  return { decider, decisions: (): CallbackDecision[] => last };
}
