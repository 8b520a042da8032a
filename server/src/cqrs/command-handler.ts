import type { DomainEvent } from '@playquid/contracts';
import { type Decider, fold } from '@playquid/domain';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store';

const MAX_ATTEMPTS = 5;

export interface HandleResult<State, Event> {
  /** Events the command produced (empty when it changed nothing, e.g. a retried request). */
  events: Event[];
  /** State after the new events. */
  state: State;
}

export interface HandleOptions {
  metadata?: Record<string, unknown>;
  /** Try the append as a brand-new stream first; fall back to read-decide-append on conflict. */
  expectNewStream?: boolean;
}

/**
 * Read the stream, fold it, decide, append with the expected revision. On a concurrent write the
 * whole cycle runs again against the fresh stream, so a rule is always decided on current facts.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions = {},
): Promise<HandleResult<State, Event>> {
  const metadata = options.metadata ?? {};
  const toNew = (events: Event[]) => events.map((e): NewEvent => ({ type: e.type, data: e.data, metadata }));
  if (options.expectNewStream) {
    // Hot path (callback intake): most streams are new, so decide against the empty state and let
    // the store's no_stream check catch the rest, saving the read round trip.
    const state = decider.initialState();
    const events = decider.decide(command, state);
    if (events.length > 0) {
      try {
        await store.appendToStream(streamId, toNew(events), { expectedRevision: 'no_stream' });
        return { events, state: events.reduce(decider.evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = fold(decider, recorded.map(toDomainEvent) as Event[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state };
    try {
      await store.appendToStream(streamId, toNew(events), { expectedRevision: expectedRevisionOf(recorded) });
      return { events, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

export const expectedRevisionOf = (recorded: RecordedEvent[]) =>
  recorded.length === 0 ? ('no_stream' as const) : recorded[recorded.length - 1].revision;

export const toDomainEvent = (event: RecordedEvent): DomainEvent => ({ type: event.type, data: event.data });

/**
 * The events of a stream recorded at or before a moment: the stream's prefix, since its times only
 * grow with its revisions. A fold of a prefix is always a state the stream really had.
 */
export function recordedUpTo(recorded: RecordedEvent[], asOf: Date): RecordedEvent[] {
  const end = recorded.findIndex((event) => event.createdAt.getTime() > asOf.getTime());
  return end === -1 ? recorded : recorded.slice(0, end);
}

/** Fold a stream as it stands, or as it stood at a moment (`asOf`), for `as_of` reads and audits. */
export async function aggregateStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  options: { asOf?: Date } = {},
): Promise<{ state: State; recorded: RecordedEvent[] }> {
  const all = await store.readStream(streamId);
  const recorded = options.asOf ? recordedUpTo(all, options.asOf) : all;
  return { state: fold(decider, recorded.map(toDomainEvent) as Event[]), recorded };
}
