import type { EventOfType, PlayQuidEventType, StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Transaction } from 'kysely';
import type { ProjectionTable } from './tables';

/** How one event type changes a projection's rows; `data` is typed from the event type. */
export type Handler<T extends PlayQuidEventType> = (
  trx: Transaction<DB>,
  data: EventOfType<T>['data'],
  event: StoredEventMessage,
) => Promise<void>;

export type Handlers = { [T in PlayQuidEventType]?: Handler<T> };

/** A read model: the tables it alone writes and the event types it reacts to. */
export interface Projection {
  readonly name: string;
  /** Emptied by a rebuild, compared by verify. */
  readonly tables: readonly ProjectionTable[];
  readonly handles: readonly PlayQuidEventType[];
  /** Applies an event of a type listed in `handles`; any other type is a caller bug and throws. */
  apply(trx: Transaction<DB>, event: StoredEventMessage): Promise<void>;
}

export interface ProjectionDefinition {
  name: string;
  tables: readonly ProjectionTable[];
  handlers: Handlers;
}

/** Builds a Projection from a handler map, so `handles` can never disagree with the handlers. */
export function defineProjection({ name, tables, handlers }: ProjectionDefinition): Projection {
  const handles = Object.keys(handlers) as PlayQuidEventType[];
  return {
    name,
    tables,
    handles,
    async apply(trx, event) {
      const handler = handlers[event.type as PlayQuidEventType] as Handler<PlayQuidEventType> | undefined;
      if (!handler) throw new Error(`Projection ${name} does not handle ${event.type}`);
      // The payload's shape is guaranteed by the write side, which only appends typed events.
      await handler(trx, event.data as never, event);
    },
  };
}

export const handlesEvent = (projection: Projection, type: string): boolean => (projection.handles as readonly string[]).includes(type);
