import { Logger } from '@nestjs/common';
import { formatPosition, type StoredEventMessage } from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { TakeoverDedupe } from './takeover-dedupe';

const callback = (n: number, type = 'CallbackReceived'): StoredEventMessage => ({
  id: `e${n}`,
  streamId: `callback-t${n}`,
  revision: 0,
  type,
  data: { callbackId: `c${n}` },
  metadata: {},
  position: formatPosition({ commit: BigInt(n), prepare: 0n }),
  previousPosition: formatPosition({ commit: BigInt(n - 1), prepare: 0n }),
  createdAt: new Date(0).toISOString(),
});

/** A callback-processing queue whose jobs name these callbacks. */
const queueNaming = (callbackIds: string[]) => {
  const scans = { count: 0 };
  const queue = {
    getJobs: async () => {
      scans.count += 1;
      return [{ data: { userId: 'u1', callbacks: callbackIds.map((callbackId) => ({ transactionId: 't', callbackId })) } }];
    },
  } as unknown as Queue;
  return { queue, scans };
};
const logger = new Logger('test');
logger.log = () => undefined;

describe('TakeoverDedupe', () => {
  it('leaves out the callbacks up to where the previous holder was queuing that a job already names, once', async () => {
    const { queue, scans } = queueNaming(['c2']);
    const dedupe = new TakeoverDedupe(queue, logger);
    dedupe.resume(formatPosition({ commit: 3n, prepare: 0n }), { commit: 1n, prepare: 0n });
    const page = [callback(2), callback(3), callback(4)];
    expect((await dedupe.notQueuedBefore(page)).map((m) => m.id)).toEqual(['e3', 'e4']);
    // Past the doubtful page: nothing is looked up or left out any more.
    expect((await dedupe.notQueuedBefore([callback(2)])).map((m) => m.id)).toEqual(['e2']);
    expect(scans.count).toBe(1);
  });

  it('has nothing in doubt when the previous holder finished what it was queuing, or after forget', async () => {
    const { queue, scans } = queueNaming(['c2']);
    const dedupe = new TakeoverDedupe(queue, logger);
    dedupe.resume(formatPosition({ commit: 3n, prepare: 0n }), { commit: 3n, prepare: 0n });
    expect(await dedupe.notQueuedBefore([callback(2)])).toHaveLength(1);
    dedupe.resume(formatPosition({ commit: 3n, prepare: 0n }), undefined);
    dedupe.forget();
    expect(await dedupe.notQueuedBefore([callback(2)])).toHaveLength(1);
    expect(scans.count).toBe(0);
  });
});
