import { Logger } from '@nestjs/common';
import { formatPosition, type StoredEventMessage } from '@playquid/contracts';
import { eventually } from '@playquid/domain/testing';
import type { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from './lease-lost.error';
import { ReactionLots } from './reaction-lots';

const callback = (n: number): StoredEventMessage => ({
  id: `e${n}`,
  streamId: `callback-t${n}`,
  revision: 0,
  type: 'CallbackReceived',
  data: { callbackId: `c${n}`, transactionId: `t${n}`, userId: `u${n}`, accepted: true },
  metadata: {},
  position: formatPosition({ commit: BigInt(n), prepare: BigInt(n) }),
  previousPosition: formatPosition({ commit: BigInt(n - 1), prepare: BigInt(n - 1) }),
  createdAt: new Date(0).toISOString(),
});
const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });
const quiet = new Logger('test');
quiet.log = () => undefined;

/**
 * A callback-processing queue whose addBulk waits until released (one lot at a time), and the
 * fenced writes made, in order. `failNext` makes the next addBulk fail.
 */
function harness(options: { fence?: () => boolean } = {}) {
  const lots: string[][] = [];
  const writes: Array<Record<string, string>> = [];
  const failures: unknown[] = [];
  let release: (() => void) | undefined;
  const state = { failNext: false };
  const queue = {
    name: 'callback-processing',
    addBulk: (jobs: Array<{ data: { callbacks: Array<{ callbackId: string }> } }>) => {
      if (state.failNext) {
        state.failNext = false;
        return Promise.reject(new Error('Redis away'));
      }
      lots.push(jobs.flatMap((job) => job.data.callbacks.map((c) => c.callbackId)));
      return new Promise<void>((resolve) => (release = resolve));
    },
    getJobs: async () => [],
  } as unknown as Queue;
  const lotsQueue = new ReactionLots({
    queue: () => queue,
    callbackProcessing: queue,
    fencedSet: async (values) => {
      if (options.fence && !options.fence()) throw new LeaseLostError();
      writes.push(values);
    },
    keys: { reacting: 'reacting', reacted: 'reacted' },
    onFailed: (error) => failures.push(error),
    logger: quiet,
  });
  return {
    lots,
    writes,
    failures,
    state,
    reactions: lotsQueue,
    /** Lets the addBulk in flight finish. */
    release: () => {
      const done = release;
      release = undefined;
      done?.();
    },
    waiting: () => release !== undefined,
    /** Adds a page, lets its lot through and waits until nothing more is queued. */
    async addAndQueue(page: StoredEventMessage[]) {
      await lotsQueue.add(page);
      await eventually(() => release !== undefined);
      this.release();
      await lotsQueue.drain();
    },
  };
}

describe('ReactionLots', () => {
  it('queues lots in log order while reading goes on: the pages added meanwhile go out together next', async () => {
    const h = harness();
    h.reactions.start(at(0), null, null);
    await h.reactions.add([callback(1)]);
    await eventually(() => h.waiting());
    // Read while the first lot is being queued: they wait, then go out as one lot.
    await h.reactions.add([callback(2)]);
    await h.reactions.add([callback(3), callback(4)]);
    expect(h.lots).toEqual([['c1']]);
    expect(h.reactions.queuedUpTo).toEqual(at(0));
    h.release();
    await eventually(() => h.waiting());
    expect(h.lots).toEqual([['c1'], ['c2', 'c3', 'c4']]);
    expect(h.reactions.queuedUpTo).toEqual(at(1));
    h.release();
    await h.reactions.drain();
    expect(h.reactions.queuedUpTo).toEqual(at(4));
    // Each lot is announced before its jobs; that the one before is queued goes with it, the last on its own.
    expect(h.writes).toEqual([
      { reacting: formatPosition(at(1)) },
      { reacted: formatPosition(at(1)), reacting: formatPosition(at(4)) },
      { reacted: formatPosition(at(4)) },
    ]);
  });

  it('a page added once a run has ended starts a new run', async () => {
    const h = harness();
    h.reactions.start(at(0), null, null);
    await h.addAndQueue([callback(1)]);
    await h.addAndQueue([callback(2)]);
    expect(h.lots).toEqual([['c1'], ['c2']]);
    expect(h.reactions.queuedUpTo).toEqual(at(2));
  });

  it('a lot that fails drops what was read after it and reports it; queuedUpTo stays at the last lot queued', async () => {
    const h = harness();
    h.reactions.start(at(0), null, null);
    await h.reactions.add([callback(1)]);
    await eventually(() => h.waiting());
    h.state.failNext = true;
    await h.reactions.add([callback(2)]);
    h.release();
    await h.reactions.drain();
    expect(h.failures).toHaveLength(1);
    expect(h.reactions.queuedUpTo).toEqual(at(1));
    // Read again from there, it is queued.
    await h.addAndQueue([callback(2)]);
    expect(h.lots).toEqual([['c1'], ['c2']]);
    expect(h.reactions.queuedUpTo).toEqual(at(2));
  });

  it('queues nothing once the lease is lost, and does not report it as a failure', async () => {
    let holds = true;
    const h = harness({ fence: () => holds });
    h.reactions.start(at(0), null, null);
    holds = false;
    await h.reactions.add([callback(1)]);
    await h.reactions.drain();
    expect(h.lots).toEqual([]);
    expect(h.failures).toEqual([]);
    expect(h.reactions.queuedUpTo).toEqual(at(0));
  });
});
