import type { EventOfType, PlayQuidEventType, StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Transaction } from 'kysely';
import type { ProjectionTable } from './tables';

/** An event of the log as a projection sees it: typed by its type, with the message it came in. */
export type ProjectedEvent<T extends PlayQuidEventType = PlayQuidEventType> = EventOfType<T> & { message: StoredEventMessage };

/** Part of a batch's working state that writes itself back (e.g. a TableBatch), set-based. */
export interface BatchWriter {
  write(trx: Transaction<DB>): Promise<void>;
}

export type BatchState = Record<string, BatchWriter>;

/**
 * How one event type changes a batch's working state: in memory, in log order, no I/O. `data` is
 * typed from the event type.
 */
export type Handler<T extends PlayQuidEventType, S extends BatchState> = (
  state: S,
  data: EventOfType<T>['data'],
  event: ProjectedEvent<T>,
) => void;

export type Handlers<T extends PlayQuidEventType, S extends BatchState> = { [K in T]: Handler<K, S> };

/** A read model: the tables it alone writes and the event types it reacts to. */
export interface Projection {
  readonly name: string;
  /** Emptied by a rebuild, compared by verify. */
  readonly tables: readonly ProjectionTable[];
  readonly handles: readonly PlayQuidEventType[];
  /**
   * Applies a contiguous part of the log inside the caller's transaction: the events of the types
   * in `handles`, in log order, others ignored. Returns whether there was any such event.
   */
  apply(trx: Transaction<DB>, events: readonly StoredEventMessage[]): Promise<boolean>;
}

export interface ProjectionDefinition<T extends PlayQuidEventType, S extends BatchState> {
  name: string;
  tables: readonly ProjectionTable[];
  /** Reads what the batch's events need from the projection's own tables (a query per table) into a fresh working state. */
  load(trx: Transaction<DB>, events: readonly ProjectedEvent<T>[]): Promise<S>;
  handlers: Handlers<T, S>;
}

/**
 * Builds a Projection that applies a batch in three steps: load the rows its events touch, fold the
 * events into them in memory with the handlers, write each part of the state back (in the order the
 * state lists them). A batch of one event takes the same path. `handles` comes from the handlers,
 * so the two can never disagree.
 */
export function defineProjection<T extends PlayQuidEventType, S extends BatchState>({
  name,
  tables,
  load,
  handlers,
}: ProjectionDefinition<T, S>): Projection {
  const handles = Object.keys(handlers) as T[];
  const handled = new Set<string>(handles);
  return {
    name,
    tables,
    handles,
    async apply(trx, messages) {
      // The payload's shape is guaranteed by the write side, which only appends typed events.
      const events = messages
        .filter((m) => handled.has(m.type))
        .map((message) => ({ type: message.type, data: message.data, message }) as ProjectedEvent<T>);
      if (events.length === 0) return false;
      const state = await load(trx, events);
      for (const event of events)
        (handlers[event.type as T] as (state: S, data: unknown, event: ProjectedEvent<T>) => void)(state, event.data, event);
      for (const part of Object.values(state)) await part.write(trx);
      return true;
    },
  };
}
