import type { DomainEvent } from '@playquid/contracts';
import { expect } from 'vitest';
import { type Decider, evolveAll, fold } from '../decider';
import { deepFreeze } from './deep-freeze';

/**
 * given(events).when(command).then(events) / .thenThrows(message): deciders read as specifications.
 * The given state is deep-frozen before the decision and the decided events are folded onto it, so
 * every spec also proves that neither `decide` nor `evolve` changes a state it is given.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => {
            const state = deepFreeze(fold(decider, events));
            const decided = decider.decide(command, state);
            evolveAll(decider, state, decided);
            return decided;
          };
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(message: string | RegExp) {
              expect(run).toThrow(message);
            },
          };
        },
      };
    },
  };
}
