import { Logger } from '@nestjs/common';
import { formatPosition, parsePosition, type StoredEventMessage } from '@playquid/contracts';
import { eventually } from '@playquid/domain/testing';
import type { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from './lease-lost.error';
import { RANGE_SIZE, RangeBatcher } from './range-batcher';

const message = (n: number): StoredEventMessage => ({
  id: `e${n}`,
  streamId: 's',
  revision: n,
  type: 'Tested',
  data: {},
  metadata: {},
  position: formatPosition({ commit: BigInt(n), prepare: 0n }),
  previousPosition: formatPosition({ commit: BigInt(n - 1), prepare: 0n }),
  createdAt: new Date(0).toISOString(),
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => message(from + i));

/** A projections queue: `waiting` jobs not yet taken by the worker; `failNext` makes the next add fail. */
function fakeQueue() {
  const added: Array<{ jobId: string; first: number; last: number }> = [];
  const state = { waiting: 0, failNext: false };
  const queue = {
    getWaitingCount: async () => state.waiting,
    add: async (_name: string, job: { events: StoredEventMessage[] }, options: { jobId: string }) => {
      if (state.failNext) {
        state.failNext = false;
        throw new Error('Redis away');
      }
      added.push({ jobId: options.jobId, first: job.events[0].revision, last: job.events.at(-1)!.revision });
    },
  } as unknown as Queue;
  return { queue, added, state };
}

const quiet = new Logger('test');
quiet.error = () => undefined;

describe('RangeBatcher', () => {
  it('sends a page at once while the worker is free, and moves the checkpoint to its last event', async () => {
    const { queue, added } = fakeQueue();
    const batcher = new RangeBatcher(queue, async () => undefined, () => false, quiet);
    await batcher.hold(page(1, 3));
    expect(added.map(({ first, last }) => [first, last])).toEqual([[1, 3]]);
    expect(batcher.sentUpTo).toEqual(parsePosition(message(3).position));
  });

  it('holds pages back while the worker is busy and sends them as one range, then everything on flush', async () => {
    const { queue, added, state } = fakeQueue();
    state.waiting = 1;
    const batcher = new RangeBatcher(queue, async () => undefined, () => false, quiet);
    await batcher.hold(page(1, 2));
    await batcher.hold(page(3, 2));
    expect(added).toEqual([]);
    // The held range goes out once it has waited long enough, as one job.
    await eventually(() => added.length === 1, { timeoutMs: 5_000 });
    expect(added.map(({ first, last }) => [first, last])).toEqual([[1, 4]]);
    await batcher.hold(page(5, 1));
    await batcher.flush();
    expect(added.map(({ first, last }) => [first, last])).toEqual([
      [1, 4],
      [5, 5],
    ]);
  });

  it('cuts a backlog into ranges of at most RANGE_SIZE', async () => {
    const { queue, added } = fakeQueue();
    const batcher = new RangeBatcher(queue, async () => undefined, () => false, quiet);
    await batcher.hold(page(1, RANGE_SIZE + 10));
    expect(added.map(({ first, last }) => [first, last])).toEqual([
      [1, RANGE_SIZE],
      [RANGE_SIZE + 1, RANGE_SIZE + 10],
    ]);
  });

  it('leaves out what it already took when the log is read again, and takes it all again after restartAt', async () => {
    const { queue, added } = fakeQueue();
    const batcher = new RangeBatcher(queue, async () => undefined, () => false, quiet);
    await batcher.hold(page(1, 3));
    // Reading resumed after event 1 (the reactions of 2 and 3 were not queued): 2 and 3 come again with 4.
    await batcher.hold(page(2, 3));
    expect(added.map(({ first, last }) => [first, last])).toEqual([
      [1, 3],
      [4, 4],
    ]);
    // Jobs lost with Redis: the log is sent again from the checkpoints.
    batcher.restartAt(parsePosition(message(1).position));
    await batcher.hold(page(2, 3));
    expect(added.map(({ first, last }) => [first, last])).toEqual([
      [1, 3],
      [4, 4],
      [2, 4],
    ]);
    expect(batcher.sentUpTo).toEqual(parsePosition(message(4).position));
  });

  it('tries a failed send again without a new page, and sends nothing once the fence refuses', async () => {
    const { queue, added, state } = fakeQueue();
    const batcher = new RangeBatcher(queue, async () => undefined, () => false, quiet);
    state.failNext = true;
    await batcher.hold(page(1, 1));
    expect(added).toEqual([]);
    await eventually(() => added.length === 1, { timeoutMs: 5_000 });

    const fenced = new RangeBatcher(queue, async () => {
      throw new LeaseLostError();
    }, () => false, quiet);
    await fenced.hold(page(2, 1));
    await fenced.discard();
    expect(added).toHaveLength(1);
  });
});
