import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const one = new Redis(url, { maxRetriesPerRequest: null });
const two = new Redis(url, { maxRetriesPerRequest: null });
afterAll(() => Promise.all([one.quit(), two.quit()]));

describe('RedisThrottlerStorage', () => {
  it('counts hits from every replica against one limit, then blocks the key for the block duration', async () => {
    const prefix = `test:throttle:${randomBytes(4).toString('hex')}`;
    // Two replicas, each with its own storage object and connection, one Redis.
    const replicaA = new RedisThrottlerStorage(one, prefix);
    const replicaB = new RedisThrottlerStorage(two, prefix);
    const hit = (storage: RedisThrottlerStorage) => storage.increment('ip-1', 60_000, 3, 30_000, 'default');
    const results = [await hit(replicaA), await hit(replicaB), await hit(replicaA), await hit(replicaB), await hit(replicaA)];
    expect(results.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [4, true],
    ]);
    expect(results[0].timeToExpire).toBe(60);
    expect(results[3].timeToBlockExpire).toBe(30);
    // Another key has its own count.
    expect((await replicaB.increment('ip-2', 60_000, 3, 30_000, 'default')).totalHits).toBe(1);
  });
});
