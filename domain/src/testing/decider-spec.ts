import type { DomainEvent } from '@playquid/contracts';
import { expect } from 'vitest';
import { type Decider, fold } from '../decider';

/** given(events).when(command).then(events) / .thenThrows(message): deciders read as specifications. */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, events));
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
