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

/** Most events a subscription delivers in one page unless the subscriber says otherwise. */
const PAGE_SIZE = 500;

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
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
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
      try {
        const result = await this.client.appendToStream(streamId, data, { expectedRevision: last ? last.revision : NO_STREAM });
        return { nextExpectedRevision: result.nextExpectedRevision, position: result.position ?? { commit: 0n, prepare: 0n } };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // 'any' was turned into the revision just read, to keep the chain linear: retry on a race.
        if (expected !== 'any' || attempt >= MAX_ANY_ATTEMPTS) throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
      }
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

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const out: RecordedEvent[] = [];
    // ESDB reads $all from a position inclusively: one extra, and drop what is not strictly after.
    for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: options.after ?? START, maxCount: maxCount + 1 })) {
      const event = this.userEvent(resolved, options.after);
      if (event) out.push(event);
      if (out.length >= maxCount) break;
    }
    return out;
  }

  async readHead(): Promise<GlobalPosition> {
    // readAll takes no filter: walk back past system events to the newest event of ours.
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END })) {
      const event = this.userEvent(resolved);
      if (event) return event.position;
    }
    return START_POSITION;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = this.client.subscribeToAll({ fromPosition: options.after ?? START, filter: excludeSystemEvents() });
    const done = (async () => {
      try {
        const pages = pagesOf(this.userEvents(subscription, options.after), options.maxCount ?? PAGE_SIZE);
        for await (const page of pages) await options.onEvents(page);
      } catch (error) {
        // A page is read ahead of the failed one: stop the subscription itself, not just this loop.
        await subscription.unsubscribe().catch(() => undefined);
        options.onError?.(error);
      }
    })();
    return {
      async close() {
        await subscription.unsubscribe();
        await done;
      },
    };
  }

  async close(): Promise<void> {
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
