import type { CallbackEvent, CallbackReceived, OfferState } from '@playquid/contracts';
import { type Decider, DomainError } from './decider';

/** One stream per BitLabs transaction id: the idempotency key for intake and processing. */
export interface CallbackStreamState {
  /** callback id received per offer state: the same tx may legitimately arrive as PENDING then COMPLETED. */
  receivedByState: Partial<Record<OfferState, string>>;
  callbacks: Record<string, { data: CallbackReceived['data']; processed: boolean; lastError: string | null }>;
}

export type CallbackCommand =
  | { type: 'ReceiveCallback'; callback: CallbackReceived['data'] }
  | { type: 'RecordCallbackProcessed'; callbackId: string; uid: string; earningId: string | null; outcome: string; now: string }
  | { type: 'RecordCallbackFailed'; callbackId: string; error: string; now: string };

export const callbackDecider: Decider<CallbackStreamState, CallbackCommand, CallbackEvent> = {
  initialState: () => ({ receivedByState: {}, callbacks: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'CallbackReceived':
        state.receivedByState[event.data.state] = event.data.callbackId;
        state.callbacks[event.data.callbackId] = { data: event.data, processed: false, lastError: null };
        return state;
      case 'CallbackProcessed':
        state.callbacks[event.data.callbackId].processed = true;
        state.callbacks[event.data.callbackId].lastError = null;
        return state;
      case 'CallbackProcessingFailed':
        state.callbacks[event.data.callbackId].lastError = event.data.error;
        return state;
      case 'CallbackRejected':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveCallback':
        // The same transaction in the same state is BitLabs retrying: keep the first, book nothing.
        if (state.receivedByState[command.callback.state]) return [];
        return [{ type: 'CallbackReceived', data: command.callback }];
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

function requireCallback(state: CallbackStreamState, callbackId: string) {
  const callback = state.callbacks[callbackId];
  if (!callback) throw new DomainError(`Callback ${callbackId} not found`, 'not_found');
  return callback;
}
