import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  type JSONType,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { comparePositions, type GlobalPosition, START_POSITION } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store';
import { computeEventHash } from './hash-chain';
import { pagesOf } from './pages';
import { metadataToStore, upcastRecorded } from './upcasting';
import { assertPersonalDataEncrypted } from './encrypting-event-store';

/** Most events a subscription delivers in one page unless the subscriber says otherwise. */
const PAGE_SIZE = 500;
/** Raw records of $all read per round trip in readAll (system events included, then dropped). */
const RAW_PAGE = 500;
/** The server's default largest append (maxAppendSize, 1 MiB), less room for the request's own framing. */
export const MAX_APPEND_BYTES = 1_024 * 1_024 - 16 * 1_024;

/** An append larger than EventStoreDB accepts: never retried, it can only fail again. */
export class AppendTooLargeError extends Error {
  constructor(streamId: string, bytes: number) {
    super(`append to ${streamId} is ${bytes} bytes, over EventStoreDB's ${MAX_APPEND_BYTES}-byte limit; split the work into smaller appends`);
    this.name = 'AppendTooLargeError';
  }
}

/** The part of the client this adapter uses (a fake in the unit tests). */
export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/**
 * With throwOnAppendFailure=false the client resolves a failed append (wrong expected version) as
 * `{ success: false }` instead of throwing: refused, as the adapter relies on the error.
 */
export function checkConnectionString(connectionString: string): void {
  if (/[?&]throwOnAppendFailure=false(&|$)/i.test(connectionString))
    throw new Error('EVENTSTORE_CONNECTION_STRING: throwOnAppendFailure=false is not supported (a conflicting append would look stored); remove it');
}

/** Ends a server-side read that was left before its end (a break out of for-await alone may not). */
async function cancelRead(read: unknown): Promise<void> {
  await (read as { cancel?: () => Promise<void> }).cancel?.().catch(() => undefined);
}

/** Metadata keys this adapter reserves for the hash chain (ESDB has no columns of our own). */
const HASH = '$hash';
const PREVIOUS_HASH = '$previousHash';
const MAX_ANY_ATTEMPTS = 5;

interface EsdbEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
}

function toRecorded(event: EsdbEvent): RecordedEvent {
  const { [HASH]: hash, [PREVIOUS_HASH]: previousHash, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
  return upcastRecorded({
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata,
    position: event.position ?? { commit: 0n, prepare: 0n },
    createdAt: event.created,
    hash: String(hash ?? ''),
    previousHash: (previousHash as string | null | undefined) ?? null,
  });
}

/**
 * EventStoreDB / KurrentDB adapter (production, when EVENTSTORE_CONNECTION_STRING is set). The
 * server's own expected-version checks do the concurrency control; the hash chain lives in metadata.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EsdbClient;
  private closed = false;

  /** A connection string (`tlsCAFile=/path/ca.crt` for a private CA), or a client (tests). */
  constructor(connection: string | EsdbClient) {
    if (typeof connection === 'string') checkConnectionString(connection);
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    // As the Postgres store: an append of nothing is a caller's mistake, not a no-op to report as stored.
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    assertPersonalDataEncrypted(events);
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 1; ; attempt++) {
      const last = await this.lastEvent(streamId);
      if (expected === 'no_stream' && last) throw new WrongExpectedRevisionError(streamId, expected, last.revision);
      if (typeof expected === 'bigint' && last?.revision !== expected) throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
      let previousHash = last?.hash ?? null;
      let revision = last ? last.revision + 1n : 0n;
      const data = events.map((event) => {
        const id = event.id ?? randomUUID();
        const metadata = metadataToStore(event.type, event.metadata);
        const hash = computeEventHash(previousHash, { streamId, revision, id, type: event.type, data: event.data, metadata });
        const record = jsonEvent({ id, type: event.type, data: event.data as JSONType, metadata: { ...metadata, [HASH]: hash, [PREVIOUS_HASH]: previousHash } });
        previousHash = hash;
        revision += 1n;
        return record;
      });
      const bytes = data.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e.data)) + Buffer.byteLength(JSON.stringify(e.metadata ?? {})) + e.type.length + 64, 0);
      if (bytes > MAX_APPEND_BYTES) throw new AppendTooLargeError(streamId, bytes);
      try {
        const result = await this.client.appendToStream(streamId, data, { expectedRevision: last ? last.revision : NO_STREAM });
        // A client told not to throw (throwOnAppendFailure=false) reports a conflict this way.
        if (result.success !== false)
          return { nextExpectedRevision: result.nextExpectedRevision, position: result.position ?? { commit: 0n, prepare: 0n } };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
      // A conflict. 'any' was turned into the revision just read, to keep the chain linear: retry on a race.
      if (expected !== 'any' || attempt >= MAX_ANY_ATTEMPTS) throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ?? START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (resolved.event) out.push(toRecorded(resolved.event as EsdbEvent));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return new Map(await Promise.all(streamIds.map(async (streamId) => [streamId, await this.readStream(streamId)] as const)));
  }

  /**
   * Up to maxCount events of ours after `after`. $all also holds system events (a fresh node starts
   * with many): reads go on past them, a page of raw records at a time, until maxCount events of
   * ours or the end of the log, so a run of system events never looks like the end.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const out: RecordedEvent[] = [];
    let after = options.after;
    for (;;) {
      // ESDB reads $all from a position inclusively: one extra, and drop what is not strictly after.
      const read = this.client.readAll({ direction: FORWARDS, fromPosition: after ?? START, maxCount: RAW_PAGE + 1 });
      let raw = 0;
      let lastRaw: GlobalPosition | undefined;
      try {
        for await (const resolved of read) {
          raw++;
          const position = (resolved.event as EsdbEvent | undefined)?.position;
          if (position && (!after || comparePositions(position, after) > 0)) lastRaw = position;
          const event = this.userEvent(resolved, after);
          if (event) out.push(event);
          if (out.length >= maxCount) return out;
        }
      } finally {
        if (out.length >= maxCount) await cancelRead(read);
      }
      // The end of the log, or no raw record past `after` (nothing moved): done.
      if (raw < RAW_PAGE + 1 || !lastRaw) return out;
      after = lastRaw;
    }
  }

  async readHead(): Promise<GlobalPosition> {
    // readAll takes no filter: walk back past system events to the newest event of ours, then end the read.
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        const event = this.userEvent(resolved);
        if (event) return event.position;
      }
    } finally {
      await cancelRead(read);
    }
    return START_POSITION;
  }

  /**
   * Follows $all from `after`. A subscription that ends on its own (the server or connection
   * dropped it) is reported through onError like any failure, so the caller resumes instead of
   * stopping silently; nothing is reported once close() was called.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = this.client.subscribeToAll({ fromPosition: options.after ?? START, filter: excludeSystemEvents() });
    let closed = false;
    const done = (async () => {
      try {
        const pages = pagesOf(this.userEvents(subscription, options.after), options.maxCount ?? PAGE_SIZE);
        for await (const page of pages) {
          if (closed) return;
          await options.onEvents(page);
        }
        if (!closed && !this.closed) throw new Error('the $all subscription ended without being closed');
      } catch (error) {
        // A page is read ahead of the failed one: stop the subscription itself, not just this loop.
        await subscription.unsubscribe().catch(() => undefined);
        if (!closed && !this.closed) options.onError?.(error);
      }
    })();
    return {
      async close() {
        closed = true;
        await subscription.unsubscribe().catch(() => undefined);
        await done;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.dispose();
  }

  private async *userEvents(resolved: AsyncIterable<AllStreamResolvedEvent>, after?: GlobalPosition): AsyncGenerator<RecordedEvent> {
    for await (const r of resolved) {
      const event = this.userEvent(r, after);
      if (event) yield event;
    }
  }

  private userEvent(resolved: AllStreamResolvedEvent, after?: GlobalPosition): RecordedEvent | undefined {
    const event = resolved.event as EsdbEvent | undefined;
    if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
    if (after && event.position && comparePositions(event.position, after) <= 0) return undefined;
    return toRecorded(event);
  }

  private async lastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return toRecorded(resolved.event as EsdbEvent);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return undefined;
  }
}
