import type { DomainEvent } from '@playquid/contracts';

/**
 * emmett-style decider: pure functions over plain data. Time and ids arrive in the command, so
 * `decide` is deterministic and testable as given/when/then.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  /**
   * Folds one event into the state: returns the state after it and never changes the one it is
   * given, so a state someone keeps (a cache, a snapshot, an earlier decision) stays what it was.
   */
  evolve(state: State, event: Event): State;
  /**
   * The state after all of `events`, the same as reducing them with `evolve`; deciders whose state
   * holds large tables provide it so a long fold copies the state once, not once per event
   * (see `draftFold`). Never changes `state` either.
   */
  evolveAll?(state: State, events: readonly Event[]): State;
  decide(command: Command, state: State): Event[];
}

/** A rule of the domain refused the command; mapped to a 4xx by the caller. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: 'not_found' | 'conflict' | 'invalid' | 'forbidden' = 'invalid',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The state after `events`, from `state`: one private copy for deciders with `evolveAll`. */
export function evolveAll<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'evolveAll'>,
  state: State,
  events: readonly Event[],
): State {
  if (events.length === 0) return state;
  return decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State {
  return evolveAll(decider, from, events);
}

/**
 * A pure fold written as updates in place: `apply` changes a draft, and a draft is always a copy
 * the fold made for itself (`copy`), handed out only once complete and never changed after. So
 * `evolve` and `evolveAll` never change the state they are given, and a fold of n events over a
 * state of size m costs one O(m) copy plus O(n), not O(m) per event as immutable updates of large
 * tables would. `copy` must copy every container `apply` changes (and `apply` replaces the
 * objects it keeps in them rather than changing them, so a shallow copy of each table suffices).
 */
export interface DraftFold<State, Event> {
  copy(state: State): State;
  apply(draft: State, event: Event): void;
}

export function draftFold<State, Event>({ copy, apply }: DraftFold<State, Event>) {
  return {
    evolve(state: State, event: Event): State {
      const draft = copy(state);
      apply(draft, event);
      return draft;
    },
    evolveAll(state: State, events: readonly Event[]): State {
      if (events.length === 0) return state;
      const draft = copy(state);
      for (const event of events) apply(draft, event);
      return draft;
    },
  };
}

const REMOVED: unique symbol = Symbol('removed');

/**
 * A lookup table (a null-prototype object keyed by ids) layered over `base`: it reads as `base`
 * with the writes and deletes made through it, which are kept aside and never reach `base`. Making
 * one costs O(1), a lookup or a write O(1), so a decision can fold a few events over a state with
 * large tables without copying them (see `walletFold.layer`).
 *
 * It behaves as an ordinary table for every use, including key order: the first time its keys are
 * listed (Object.keys/values/entries, for-in, JSON) it becomes a full copy of `base` with its
 * changes replayed in the order they were made, and works on that copy from then on, so the order
 * is exactly the one an ordinary copy of the table would have.
 */
export function layeredTable<T>(base: Readonly<Record<string, T>>): Record<string, T> {
  const changes = new Map<string, T | typeof REMOVED>();
  const log: Array<[string, T | typeof REMOVED]> = [];
  let copy: Record<string, T> | undefined;
  const write = (key: string, value: T | typeof REMOVED) => {
    changes.set(key, value);
    log.push([key, value]);
  };
  const read = (key: string): T | undefined => {
    if (copy) return copy[key];
    if (!changes.has(key)) return base[key];
    const value = changes.get(key)!;
    return value === REMOVED ? undefined : value;
  };
  const listed = (): Record<string, T> => {
    if (copy) return copy;
    if (changes.size === 0) return base as Record<string, T>;
    copy = Object.create(null) as Record<string, T>;
    for (const key in base) copy[key] = base[key];
    for (const [key, value] of log) {
      if (value === REMOVED) delete copy[key];
      else copy[key] = value;
    }
    return copy;
  };
  // The proxy's own target stays an empty extensible object (never `base`, which may be frozen), so
  // no proxy invariant ties what the table reports to what the target holds.
  return new Proxy(Object.create(null) as Record<string, T>, {
    get: (_target, key) => (typeof key === 'string' ? read(key) : undefined),
    has: (_target, key) => typeof key === 'string' && read(key) !== undefined,
    set: (_target, key, value: T) => {
      if (typeof key !== 'string') return false;
      if (copy) copy[key] = value;
      else write(key, value);
      return true;
    },
    deleteProperty: (_target, key) => {
      if (typeof key !== 'string') return false;
      if (copy) delete copy[key];
      else write(key, REMOVED);
      return true;
    },
    ownKeys: () => Reflect.ownKeys(listed()),
    getOwnPropertyDescriptor: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      const value = read(key);
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
    defineProperty: () => false,
    getPrototypeOf: () => null,
  });
}
