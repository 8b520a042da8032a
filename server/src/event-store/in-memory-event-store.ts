import type { GlobalPosition } from '@playquid/contracts';
import { createHash, randomUUID } from 'node:crypto';
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

/**
 * An EventStore in memory, for the deterministic money simulation and fast handler tests: the same
 * expected-revision rule as the real stores, one global order, no I/O. `pause` (when given) runs
 * before each read and append, which lets the simulation interleave concurrent handlers in an order
 * chosen by its seed; `ids` makes event ids reproducible. Not for production: nothing is kept.
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
      const metadata = { ...(event.metadata ?? {}), schemaVersion: 1 };
      const hash = createHash('sha256').update(`${previousHash ?? ''}${JSON.stringify([streamId, event.type, event.data])}`).digest('hex');
      const recorded: RecordedEvent = {
        id: event.id ?? this.options.ids?.() ?? randomUUID(),
        streamId,
        revision: BigInt(stream.length),
        type: event.type,
        data: structuredClone(event.data),
        metadata,
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
    return (maxCount === undefined ? events : events.slice(0, maxCount)).map((e) => ({ ...e, data: structuredClone(e.data) }));
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return new Map(await Promise.all(streamIds.map(async (id) => [id, await this.readStream(id)] as const)));
  }

  async readAll({ after, maxCount }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = after ? Number(after.commit) : 0;
    const events = this.log.slice(from);
    return maxCount === undefined ? events : events.slice(0, maxCount);
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
