import { eventually } from '@playquid/domain/testing';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadAllOptions, RecordedEvent } from './event-store';
import { subscribeToLog } from './postgres-subscription';

const recorded = (n: number): RecordedEvent => ({
  id: `e${n}`,
  streamId: 's',
  revision: BigInt(n - 1),
  type: 'Tested',
  data: { n },
  metadata: {},
  position: { commit: BigInt(n), prepare: BigInt(n) },
  createdAt: new Date(),
  hash: `h${n}`,
  previousHash: null,
});

/** A log of `count` events, read in pages as the reader gives them. */
function logOf(count: () => number) {
  const reads: ReadAllOptions[] = [];
  const readAll = async (options: ReadAllOptions) => {
    reads.push(options);
    const from = Number(options.after?.commit ?? 0n);
    return Array.from({ length: Math.max(0, Math.min(count() - from, options.maxCount ?? 1000)) }, (_, i) => recorded(from + i + 1));
  };
  return { readAll, reads };
}

describe('subscribeToLog', () => {
  afterEach(() => void vi.useRealTimers());

  it('delivers the log in pages after the given position, then new events as they are appended', async () => {
    let count = 5;
    const { readAll } = logOf(() => count);
    const appended = new EventEmitter();
    const pages: number[][] = [];
    const subscription = subscribeToLog(readAll, appended, {
      after: { commit: 1n, prepare: 1n },
      maxCount: 2,
      onEvents: async (page) => void pages.push(page.map((e) => (e.data as { n: number }).n)),
    });
    await eventually(() => pages.flat().length === 4);
    count = 6;
    appended.emit('appended');
    await eventually(() => pages.flat().length === 5);
    await subscription.close();
    expect(pages).toEqual([[2, 3], [4, 5], [6]]);
    expect(appended.listenerCount('appended')).toBe(0);
  });

  it('reads an append announced while a page was being handled at once, without waiting for the poll', async () => {
    vi.useFakeTimers();
    let count = 1;
    const { readAll, reads } = logOf(() => count);
    const appended = new EventEmitter();
    const pages: number[][] = [];
    let release!: () => void;
    const handling = new Promise<void>((resolve) => (release = resolve));
    const subscription = subscribeToLog(readAll, appended, {
      onEvents: async (page) => {
        pages.push(page.map((e) => (e.data as { n: number }).n));
        if (pages.length === 1) await handling;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(pages).toEqual([[1]]);
    // Appended and announced while the first page is still being handled.
    count = 2;
    appended.emit('appended');
    release();
    // No time passes: the poll (which would find it too) never fires.
    await vi.advanceTimersByTimeAsync(0);
    expect(pages).toEqual([[1], [2]]);
    expect(reads).toHaveLength(2);
    const closing = subscription.close();
    await vi.advanceTimersByTimeAsync(0);
    await closing;
  });

  it('stops at a handler that throws, and reports the error', async () => {
    const { readAll } = logOf(() => 3);
    const errors: unknown[] = [];
    const subscription = subscribeToLog(readAll, new EventEmitter(), {
      onEvents: async () => {
        throw new Error('handler failed');
      },
      onError: (error) => errors.push(error),
    });
    await eventually(() => errors.length === 1);
    await subscription.close();
    expect(String(errors[0])).toContain('handler failed');
  });
});
