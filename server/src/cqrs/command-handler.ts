import type { DomainEvent } from '@playquid/contracts';
import { type Decider, evolveAll, fold } from '@playquid/domain';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store';

const MAX_ATTEMPTS = 5;

export interface HandleResult<State, Event> {
  /** Events the command produced (empty when it changed nothing, e.g. a retried request). */
  events: Event[];
  /**
   * State after the new events. With a state source that owns its states (WalletFoldCache) this
   * is the source's own fold: read it before the stream's next command, keep no reference to it.
   */
  state: State;
}

/** A fold of a stream: the state after `revision` ('no_stream': nothing yet). */
export interface FoldedStream<State> {
  state: State;
  revision: bigint | 'no_stream';
  /**
   * Read from the store during this command. A fold kept from earlier (a cache) may be behind the
   * stream: an append expecting its revision proves it current, but a decision on it that appends
   * nothing is trusted only once `catchUp` shows nothing was appended after it.
   */
  readNow: boolean;
}

/**
 * Where handleCommand gets the state of the command's stream and leaves the state after an
 * append: by default the stream read and folded anew every time (`streamStateSource`); a cache of
 * folds (the callback path's wallets) plugs in here. The states a source gives are read only
 * during the command (decide never changes them); a source may own them and advance them in place
 * on a later `appended`, so neither handleCommand nor the decider keeps one after the command.
 */
export interface StateSource<State, Event = DomainEvent> {
  /** The fold to decide on: a kept one (maybe behind the stream) or one read now. */
  load(): Promise<FoldedStream<State>>;
  /** The stream as it stands now: `known` and what was appended after it; without `known`, read anew. */
  catchUp(known?: FoldedStream<State>): Promise<FoldedStream<State>>;
  /**
   * The store accepted `events` after `known` (a fold this source gave, or the decider's initial
   * state for a new stream) at `revision`: the state after them, which the source may keep.
   */
  appended(known: FoldedStream<State>, events: readonly Event[], revision: bigint): State;
  /** An append failed (another writer got there first, or an error): what is kept may be behind. */
  invalidate(): void;
}

export interface HandleOptions<State = unknown, Event = DomainEvent> {
  metadata?: Record<string, unknown>;
  /** Try the append as a brand-new stream first; fall back to read-decide-append on conflict. */
  expectNewStream?: boolean;
  /** Where the state comes from (default: the stream, read and folded for each attempt). */
  stateSource?: StateSource<State, Event>;
}

/** The stream read from the store and folded, each time; keeps nothing. */
export function streamStateSource<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
): StateSource<State, Event> {
  const read = async (known?: FoldedStream<State>): Promise<FoldedStream<State>> => {
    const fromRevision = known && known.revision !== 'no_stream' ? known.revision + 1n : undefined;
    const recorded = await store.readStream(streamId, fromRevision === undefined ? undefined : { fromRevision });
    if (known && recorded.length === 0) return { ...known, readNow: true };
    const state = fold(decider, recorded.map(toDomainEvent) as Event[], known?.state);
    return { state, revision: recorded.at(-1)?.revision ?? 'no_stream', readNow: true };
  };
  return {
    load: () => read(),
    catchUp: read,
    appended: (known, events) => evolveAll(decider, known.state, events),
    invalidate: () => {},
  };
}

/**
 * Read the stream's state, decide, append with the expected revision (emmett's handleCommand). On
 * a concurrent write the state source is invalidated and the cycle runs again on the stream read
 * anew, so a rule is always decided on current facts.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions<State, Event> = {},
): Promise<HandleResult<State, Event>> {
  const metadata = options.metadata ?? {};
  const toNew = (events: Event[]) => events.map((e): NewEvent => ({ type: e.type, data: e.data, metadata }));
  const source = options.stateSource ?? streamStateSource(store, streamId, decider);
  if (options.expectNewStream) {
    // Hot path (callback intake): most streams are new, so decide against the empty state and let
    // the store's no_stream check catch the rest, saving the read round trip.
    const state = decider.initialState();
    const events = decider.decide(command, state);
    if (events.length > 0) {
      try {
        const { nextExpectedRevision } = await store.appendToStream(streamId, toNew(events), { expectedRevision: 'no_stream' });
        const after = source.appended({ state, revision: 'no_stream', readNow: true }, events, nextExpectedRevision);
        return { events, state: after };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }
  let folded = await source.load();
  for (let attempt = 1; ; attempt++) {
    const events = decider.decide(command, folded.state);
    if (events.length === 0) {
      if (folded.readNow) return { events, state: folded.state };
      // A kept fold may be behind: nothing to do stands only if nothing was appended since.
      const current = await source.catchUp(folded);
      if (current.revision === folded.revision) return { events, state: current.state };
      folded = current;
      continue;
    }
    try {
      const { nextExpectedRevision } = await store.appendToStream(streamId, toNew(events), { expectedRevision: folded.revision });
      return { events, state: source.appended(folded, events, nextExpectedRevision) };
    } catch (error) {
      source.invalidate();
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      folded = await source.catchUp();
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
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
  options: { asOf?: Date } = {},
): Promise<{ state: State; recorded: RecordedEvent[] }> {
  const all = await store.readStream(streamId);
  const recorded = options.asOf ? recordedUpTo(all, options.asOf) : all;
  return { state: fold(decider, recorded.map(toDomainEvent) as Event[]), recorded };
}
