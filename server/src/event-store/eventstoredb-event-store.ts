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
import { metadataToStore } from './upcasting';
import { assertPersonalDataEncrypted } from './encrypting-event-store';
import {
  AppendTooLargeError,
  cancelRead,
  checkConnectionString,
  type EsdbClient,
  type EsdbEvent,
  HASH,
  MAX_APPEND_BYTES,
  ourEvent,
  PREVIOUS_HASH,
  toRecorded,
} from './eventstoredb-records';

export { AppendTooLargeError, checkConnectionString, type EsdbClient, MAX_APPEND_BYTES } from './eventstoredb-records';

/** Most events a subscription delivers in one page unless the subscriber says otherwise. */
const PAGE_SIZE = 500;
/** Raw records of $all read per round trip in readAll (system events included, then dropped). */
const RAW_PAGE = 500;
const MAX_ANY_ATTEMPTS = 5;

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
          const event = ourEvent(resolved, after);
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
        const event = ourEvent(resolved);
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
      const event = ourEvent(r, after);
      if (event) yield event;
    }
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
