import type { CallbackEvent, CallbackReceived, CallbackRejected, OfferState } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';

export interface StoredCallback {
  data: CallbackReceived['data'];
  processed: boolean;
  lastError: string | null;
  /** The earning processing booked, if any (a held credit is reviewed through it). */
  earningId: string | null;
}

/**
 * One stream per BitLabs transaction id: the idempotency key for intake and processing. Maps, not
 * records: every key here started in a partner's URL, and `constructor` must be just a key.
 */
export interface CallbackStreamState {
  /** The member the transaction belongs to: a transaction id is never shared by two members. */
  userId: string | null;
  /** callback id received per offer state: the same tx may legitimately arrive as PENDING then COMPLETED. */
  receivedByState: Map<OfferState, string>;
  callbacks: Map<string, StoredCallback>;
}

export type CallbackCommand =
  | { type: 'ReceiveCallback'; callback: CallbackReceived['data'] }
  | { type: 'RecordCallbackProcessed'; callbackId: string; uid: string; earningId: string | null; outcome: string; now: string }
  | { type: 'RecordCallbackFailed'; callbackId: string; error: string; now: string };

export const conflictingMemberReason = (transactionId: string) =>
  `Transaction id ${transactionId} already belongs to another member; it is never credited twice`;

/** The state with one stored callback replaced by its changed copy. */
function withCallback(state: CallbackStreamState, callbackId: string, changes: Partial<StoredCallback>): CallbackStreamState {
  const callback = state.callbacks.get(callbackId);
  if (!callback) throw new TypeError(`The stream has no callback ${callbackId}`);
  return { ...state, callbacks: new Map(state.callbacks).set(callbackId, { ...callback, ...changes }) };
}

export const callbackDecider: Decider<CallbackStreamState, CallbackCommand, CallbackEvent> = {
  initialState: () => ({ userId: null, receivedByState: new Map(), callbacks: new Map() }),

  // Immutable updates: a transaction's stream holds a callback or two, so copying its maps is cheap.
  evolve(state, event) {
    switch (event.type) {
      case 'CallbackReceived':
        return {
          userId: state.userId ?? event.data.userId,
          receivedByState: new Map(state.receivedByState).set(event.data.state, event.data.callbackId),
          callbacks: new Map(state.callbacks).set(event.data.callbackId, { data: event.data, processed: false, lastError: null, earningId: null }),
        };
      case 'CallbackProcessed':
        return withCallback(state, event.data.callbackId, { processed: true, lastError: null, earningId: event.data.earningId });
      case 'CallbackProcessingFailed':
        return withCallback(state, event.data.callbackId, { lastError: event.data.error });
      case 'CallbackRejected':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveCallback': {
        const { callback } = command;
        // Checked before the duplicate rule: another member's retry of "their" tx is no duplicate.
        if (state.userId !== null && state.userId !== callback.userId) return [rejectedForOtherMember(callback)];
        // The same transaction in the same state is BitLabs retrying: keep the first, book nothing.
        if (state.receivedByState.has(callback.state)) return [];
        return [{ type: 'CallbackReceived', data: callback }];
      }
      case 'RecordCallbackProcessed': {
        const callback = requireCallback(state, command.callbackId);
        if (callback.processed) return [];
        return [
          {
            type: 'CallbackProcessed',
            data: { callbackId: command.callbackId, uid: command.uid, earningId: command.earningId, outcome: command.outcome, processedAt: command.now },
          },
        ];
      }
      case 'RecordCallbackFailed': {
        const callback = requireCallback(state, command.callbackId);
        if (callback.processed || callback.lastError === command.error) return [];
        return [{ type: 'CallbackProcessingFailed', data: { callbackId: command.callbackId, error: command.error, failedAt: command.now } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};

/** Stored on the transaction's own stream, so the refusal and the first member's claim are decided together. */
function rejectedForOtherMember(callback: CallbackReceived['data']): CallbackRejected {
  return {
    type: 'CallbackRejected',
    data: {
      callbackId: callback.callbackId,
      reason: conflictingMemberReason(callback.transactionId),
      transactionId: callback.transactionId,
      userId: callback.userId,
      sourceIp: callback.sourceIp,
      hash: callback.hash,
      rawParameters: callback.rawParameters,
      receivedAt: callback.receivedAt,
    },
  };
}

export function requireCallback(state: CallbackStreamState, callbackId: string): StoredCallback {
  const callback = state.callbacks.get(callbackId);
  if (!callback) throw new DomainError(`Callback ${callbackId} not found`, 'not_found');
  return callback;
}
