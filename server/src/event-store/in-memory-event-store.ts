import type { GlobalPosition } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from './event-store';
import { assertPersonalDataEncrypted } from './encrypting-event-store';
import { canonicalJson, computeCanonicalEventHash } from './hash-chain';
import { metadataToStore, upcastRecorded } from './upcasting';

/** A stored event as a reader gets it: its own copy of the data, in the current shape of its type. */
const toRead = (event: RecordedEvent): RecordedEvent => upcastRecorded({ ...event, data: structuredClone(event.data), metadata: { ...event.metadata } });

/**
 * An EventStore in memory, for the deterministic money simulation and fast handler tests: the same
 * expected-revision rule, hash chain, schema-version stamping and upcasting on read as the real
 * stores (it passes event-store.contract.ts), one global order, no I/O. Data is kept as the JSON a
 * real store gives back. `pause` (when given) runs before each read and append, which lets the
 * simulation interleave concurrent handlers in an order chosen by its seed; `ids` makes event ids
 * reproducible. Not for production: nothing is kept.
 */
export class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly byStream = new Map<string, RecordedEvent[]>();

  constructor(
    private readonly options: { pause?: () => Promise<void>; ids?: () => string; now?: () => Date } = {},
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    await this.options.pause?.();
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    assertPersonalDataEncrypted(events);
    const stream = this.byStream.get(streamId) ?? [];
    const actual = stream.length === 0 ? ('no_stream' as const) : stream[stream.length - 1].revision;
    if (expectedRevision !== 'any' && expectedRevision !== actual) throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    let previousHash = stream.at(-1)?.hash ?? null;
    for (const event of events) {
      const position: GlobalPosition = { commit: BigInt(this.log.length + 1), prepare: BigInt(this.log.length + 1) };
      const id = event.id ?? this.options.ids?.() ?? randomUUID();
      const revision = BigInt(stream.length);
      const metadata = metadataToStore(event.type, event.metadata);
      // Serialised as the Postgres store does (its canonical JSON is the row), read back as JSON.
      const dataJson = canonicalJson(event.data);
      const metadataJson = canonicalJson(metadata);
      const hash = computeCanonicalEventHash(previousHash, { streamId, revision, id, type: event.type }, dataJson, metadataJson);
      const recorded: RecordedEvent = {
        id,
        streamId,
        revision,
        type: event.type,
        data: dataJson === undefined ? null : JSON.parse(dataJson),
        metadata: JSON.parse(metadataJson!) as Record<string, unknown>,
        position,
        createdAt: this.options.now?.() ?? new Date(),
        hash,
        previousHash,
      };
      previousHash = hash;
      stream.push(recorded);
      this.log.push(recorded);
    }
    this.byStream.set(streamId, stream);
    const last = stream[stream.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(streamId: string, { fromRevision = 0n, maxCount }: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    await this.options.pause?.();
    const events = (this.byStream.get(streamId) ?? []).filter((e) => e.revision >= fromRevision);
    return (maxCount === undefined ? events : events.slice(0, maxCount)).map(toRead);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return new Map(await Promise.all(streamIds.map(async (id) => [id, await this.readStream(id)] as const)));
  }

  async readAll({ after, maxCount }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = after ? Number(after.commit) : 0;
    const events = this.log.slice(from);
    return (maxCount === undefined ? events : events.slice(0, maxCount)).map(toRead);
  }

  async readHead(): Promise<GlobalPosition> {
    return this.log.at(-1)?.position ?? { commit: 0n, prepare: 0n };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let closed = false;
    let after = options.after;
    const running = (async () => {
      while (!closed) {
        const page = await this.readAll({ after, maxCount: options.maxCount ?? 500 });
        if (page.length > 0) {
          await options.onEvents(page);
          after = page[page.length - 1].position;
        } else await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })().catch((error: unknown) => options.onError?.(error));
    return {
      close: async () => {
        closed = true;
        await running;
      },
    };
  }

  async close(): Promise<void> {}
}
