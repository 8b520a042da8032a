import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLossRecovery } from './redis-loss-recovery';
import type { UnfinishedWorkRepository } from './unfinished-work.repository';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

/** A queue that records the jobs added to it. */
const recordingQueue = () => {
  const added: unknown[] = [];
  return { added, queue: { client: Promise.resolve(redis), addBulk: async (jobs: unknown[]) => void added.push(...jobs) } as unknown as Queue };
};

const unfinished = {
  unprocessedCallbacks: async () => [
    { userId: 'u1', transactionId: 't1', callbackId: 'c1' },
    { userId: 'u1', transactionId: 't2', callbackId: 'c2' },
  ],
  payoutsAwaitingOrder: async () => [{ uid: 'u2', payoutId: 'p1' }],
} as unknown as UnfinishedWorkRepository;

describe('RedisLossRecovery', () => {
  it('tells when Redis lost the marker it set (a restart without persistence)', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const { queue } = recordingQueue();
    const recovery = new RedisLossRecovery(queue, prefix, unfinished, queue, queue);
    expect(await recovery.redisStillHasOurData()).toBe(false);
    await recovery.markRedisAlive();
    expect(await recovery.redisStillHasOurData()).toBe(true);
    await redis.del(`${prefix}:forwarder:alive`);
    expect(await recovery.redisStillHasOurData()).toBe(false);
  });

  it('queues the unfinished callbacks (one job per member) and reward orders again, after the fence', async () => {
    const callbacks = recordingQueue();
    const orders = recordingQueue();
    const recovery = new RedisLossRecovery(callbacks.queue, 'unused', unfinished, callbacks.queue, orders.queue);
    await recovery.requeueUnfinished(async () => undefined);
    expect(callbacks.added).toEqual([
      expect.objectContaining({ data: { userId: 'u1', callbacks: [{ transactionId: 't1', callbackId: 'c1' }, { transactionId: 't2', callbackId: 'c2' }] } }),
    ]);
    expect(orders.added).toEqual([expect.objectContaining({ data: expect.objectContaining({ payoutId: 'p1' }) })]);

    const refused = recordingQueue();
    const fenced = new RedisLossRecovery(refused.queue, 'unused', unfinished, refused.queue, refused.queue);
    await expect(fenced.requeueUnfinished(async () => Promise.reject(new Error('lease lost')))).rejects.toThrow('lease lost');
    expect(refused.added).toEqual([]);
  });

  it('queues the unfinished work again only when the marker is gone, then sets it', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const { added, queue } = recordingQueue();
    const recovery = new RedisLossRecovery(queue, prefix, unfinished, queue, queue);
    await recovery.requeueIfLost(async () => undefined);
    expect(added).toHaveLength(2);
    expect(await recovery.redisStillHasOurData()).toBe(true);
    await recovery.requeueIfLost(async () => undefined);
    expect(added).toHaveLength(2);
    await redis.del(`${prefix}:forwarder:alive`);
  });
});
