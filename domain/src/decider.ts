import type { DomainEvent } from '@playquid/contracts';

/**
 * emmett-style decider: pure functions over plain data. Time and ids arrive in the command, so
 * `decide` is deterministic and testable as given/when/then.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  /**
   * Folds one event into the state. It may update the state it is given in place (a fold owns the
   * state it builds from initialState()), which keeps folding a long stream linear.
   */
  evolve(state: State, event: Event): State;
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

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
