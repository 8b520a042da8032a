import { type CallbackEvent, streams } from '@playquid/contracts';
import { type CallbackCommand, callbackDecider, type CallbackStreamState, fold, type StoredCallback } from '@playquid/domain';
import { expectedRevisionOf, handleCommand, toDomainEvent } from '../cqrs/command-handler';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store';

export type CallbackRef = { transactionId: string; callbackId: string };

/** A callback as its stream stores it, with the revision its outcome is appended after. */
export interface StoredOnStream {
  transactionId: string;
  callbackId: string;
  streamId: string;
  state: CallbackStreamState;
  revision: bigint | 'no_stream';
  callback: StoredCallback | undefined;
}

export const toNew = (events: ReadonlyArray<{ type: string; data: unknown }>): NewEvent[] =>
  events.map((e) => ({ type: e.type, data: e.data, metadata: {} }));

export function storedOnStream(ref: CallbackRef, recorded: RecordedEvent[]): StoredOnStream {
  const state = fold(callbackDecider, recorded.map(toDomainEvent) as CallbackEvent[]);
  return {
    ...ref,
    streamId: streams.callback(ref.transactionId),
    state,
    revision: expectedRevisionOf(recorded),
    callback: state.callbacks.get(ref.callbackId),
  };
}

/**
 * Each callback stream records its callbacks' outcomes in one append after the revision read at
 * the start; a stream that moved on since is decided again on what it holds now.
 */
export async function recordCallbackOutcomes(store: EventStore, outcomes: Map<StoredOnStream, CallbackCommand>): Promise<void> {
  const byStream = new Map<string, { first: StoredOnStream; commands: CallbackCommand[] }>();
  for (const [entry, command] of outcomes) {
    const group = byStream.get(entry.streamId);
    if (group) group.commands.push(command);
    else byStream.set(entry.streamId, { first: entry, commands: [command] });
  }
  await Promise.all(
    [...byStream.values()].map(async ({ first, commands }) => {
      let state = first.state;
      const events = commands.flatMap((command) => {
        const decided = callbackDecider.decide(command, state);
        state = decided.reduce(callbackDecider.evolve, state);
        return decided;
      });
      if (events.length === 0) return;
      try {
        await store.appendToStream(first.streamId, toNew(events), { expectedRevision: first.revision });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        for (const command of commands) await handleCommand(store, first.streamId, callbackDecider, command);
      }
    }),
  );
}
