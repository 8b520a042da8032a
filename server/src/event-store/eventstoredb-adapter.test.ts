import { describe, expect, it, vi } from 'vitest';
import { WrongExpectedRevisionError } from './event-store';
import { AppendTooLargeError, type EsdbClient, EventStoreDbEventStore } from './eventstoredb-event-store';
import { pagesOf } from './pages';

/**
 * The EventStoreDB adapter against a faked @eventstore/db-client (no server runs on our machines):
 * the behaviours the client's typings and source say it has, one test per fix.
 */
interface Raw {
  event: { streamId: string; id: string; revision: bigint; type: string; created: Date; data: unknown; metadata: unknown; position: { commit: bigint; prepare: bigint } };
}

const at = (n: number) => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });
const systemEvent = (n: number): Raw => ({
  event: { streamId: '$stats-127.0.0.1:2113', id: `s${n}`, revision: BigInt(n), type: '$statsCollected', created: new Date(0), data: {}, metadata: {}, position: at(n) },
});
const userEvent = (n: number, streamId = 'wallet-u1'): Raw => ({
  event: { streamId, id: `u${n}`, revision: BigInt(n), type: 'Thing', created: new Date(0), data: { n }, metadata: {}, position: at(n) },
});

/** A read as the client returns it: async-iterable, with cancel(). */
function streamingRead(records: Raw[]) {
  const read = {
    cancel: vi.fn(async () => undefined),
    async *[Symbol.asyncIterator]() {
      yield* records;
    },
  };
  return read;
}

function fakeClient(log: Raw[], overrides: Partial<Record<keyof EsdbClient, unknown>> = {}) {
  const reads: ReturnType<typeof streamingRead>[] = [];
  const client = {
    readAll: vi.fn((options: { direction: string; fromPosition: unknown; maxCount?: number }) => {
      const from = typeof options.fromPosition === 'object' ? (options.fromPosition as { commit: bigint }).commit : -1n;
      const ordered = options.direction === 'forwards' ? log : [...log].reverse();
      const records = ordered.filter((r) => options.direction !== 'forwards' || r.event.position.commit >= from).slice(0, options.maxCount ?? Infinity);
      const read = streamingRead(records);
      reads.push(read);
      return read;
    }),
    readStream: vi.fn(() => streamingRead([])),
    appendToStream: vi.fn(async () => ({ success: true, nextExpectedRevision: 0n, position: at(1) })),
    subscribeToAll: vi.fn(),
    dispose: vi.fn(async () => undefined),
    ...overrides,
  };
  return { client, reads, store: new EventStoreDbEventStore(client as unknown as EsdbClient) };
}

describe('EventStoreDbEventStore (faked client)', () => {
  it('readAll reads on past a run of system events longer than maxCount (a fresh node starts $all with many)', async () => {
    const log = [...Array.from({ length: 1_200 }, (_, i) => systemEvent(i + 1)), userEvent(1_201), userEvent(1_202), userEvent(1_203)];
    const { store } = fakeClient(log);
    expect((await store.readAll({ maxCount: 2 })).map((e) => e.id)).toEqual(['u1201', 'u1202']);
    // From a position, strictly after it (ESDB reads inclusively).
    expect((await store.readAll({ after: at(1_201), maxCount: 10 })).map((e) => e.id)).toEqual(['u1202', 'u1203']);
    expect(await store.readAll({ after: at(1_203), maxCount: 10 })).toEqual([]);
  });

  it('readAll of only system events ends (returns nothing) instead of looping', async () => {
    const { store, client } = fakeClient(Array.from({ length: 1_100 }, (_, i) => systemEvent(i + 1)));
    expect(await store.readAll({ maxCount: 5 })).toEqual([]);
    expect((client.readAll as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBe(3);
  });

  it('readHead cancels its backwards read once it found the newest event of ours', async () => {
    const { store, reads } = fakeClient([userEvent(1), userEvent(2), systemEvent(3)]);
    expect(await store.readHead()).toEqual(at(2));
    expect(reads[0].cancel).toHaveBeenCalled();
  });

  it('an append the client reports as { success: false } (throwOnAppendFailure=false) is a conflict, not a stored append', async () => {
    const { store } = fakeClient([], { appendToStream: vi.fn(async () => ({ success: false, nextExpectedRevision: 4n })) });
    await expect(store.appendToStream('wallet-u1', [{ type: 'Thing', data: {} }], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
  });

  it('refuses a connection string with throwOnAppendFailure=false', () => {
    expect(() => new EventStoreDbEventStore('esdb://localhost:2113?tls=false&throwOnAppendFailure=false')).toThrow(
      'EVENTSTORE_CONNECTION_STRING: throwOnAppendFailure=false is not supported (a conflicting append would look stored); remove it',
    );
  });

  it('refuses an empty append, as the Postgres store does', async () => {
    const { store, client } = fakeClient([]);
    await expect(store.appendToStream('wallet-u1', [])).rejects.toThrow('appendToStream needs at least one event');
    expect(client.appendToStream).not.toHaveBeenCalled();
  });

  it('refuses an append over the 1 MiB limit with a clear error, without sending it', async () => {
    const { store, client } = fakeClient([]);
    const big = { type: 'Thing', data: { blob: 'x'.repeat(1_100_000) } };
    await expect(store.appendToStream('wallet-u1', [big])).rejects.toBeInstanceOf(AppendTooLargeError);
    expect(client.appendToStream).not.toHaveBeenCalled();
  });

  it('a subscription that ends without close() is reported as an error; an error after close() is not', async () => {
    const ending = { unsubscribe: vi.fn(async () => undefined), async *[Symbol.asyncIterator]() { yield userEvent(1); } };
    const { store } = fakeClient([], { subscribeToAll: vi.fn(() => ending) });
    const errors: unknown[] = [];
    const pages: string[][] = [];
    const first = store.subscribeToAll({ onEvents: async (events) => void pages.push(events.map((e) => e.id)), onError: (e) => errors.push(e) });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(pages).toEqual([['u1']]);
    expect((errors[0] as Error).message).toBe('the $all subscription ended without being closed');
    await first.close();

    let fail!: (error: Error) => void;
    const failing = {
      unsubscribe: vi.fn(async () => fail(new Error('cancelled by the server'))),
      async *[Symbol.asyncIterator]() {
        yield await new Promise<Raw>((_, reject) => (fail = reject));
      },
    };
    const second = fakeClient([], { subscribeToAll: vi.fn(() => failing) });
    const after: unknown[] = [];
    const subscription = second.store.subscribeToAll({ onEvents: async () => undefined, onError: (e) => after.push(e) });
    await subscription.close();
    expect(after).toEqual([]);
  });
});

describe('pagesOf', () => {
  it('a failure of the read-ahead while a full page is handled is no unhandled rejection; it reaches the reader', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      async function* source() {
        yield 1;
        yield 2;
        throw new Error('subscription dropped');
      }
      const seen: number[][] = [];
      const reading = (async () => {
        for await (const page of pagesOf(source(), 2)) {
          seen.push(page);
          // The page is handled slowly: the read-ahead fails meanwhile.
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await expect(reading).rejects.toThrow('subscription dropped');
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([[1, 2]]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
