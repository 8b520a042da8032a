import { AsyncLocalStorage } from 'node:async_hooks';
import { comparePositions, type GlobalPosition } from '@playquid/contracts';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from './event-store';

/** What one request appended: the position of its last event (the newest it saw appended). */
export interface AppendedByRequest {
  last?: GlobalPosition;
}

const appendedByRequest = new AsyncLocalStorage<AppendedByRequest>();

/** Runs `fn` in a scope whose appends are noted in `scope` (one per HTTP request). */
export const runNotingAppends = <T>(scope: AppendedByRequest, fn: () => T): T => appendedByRequest.run(scope, fn);

function note(position: GlobalPosition): void {
  const scope = appendedByRequest.getStore();
  if (scope && (!scope.last || comparePositions(position, scope.last) > 0)) scope.last = position;
}

/**
 * The event store as the API uses it: every append made while serving a request notes its position
 * in the request's scope, so the answer can say where in the log its events are (read-your-writes:
 * `X-Log-Position`). Everything else is the wrapped store's own.
 */
export function reportingAppends(store: EventStore): EventStore {
  return {
    async appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
      const result = await store.appendToStream(streamId, events, options);
      note(result.position);
      return result;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readStreams: (streamIds) => store.readStreams(streamIds),
    readAll: (options) => store.readAll(options),
    readHead: () => store.readHead(),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
  };
}
