import { QUEUES, START_POSITION } from '@playquid/contracts';
import { bullConnection } from '@playquid/config';
import type { DB } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/app-config';
import type { EventStore } from '../event-store/event-store';
import { ForwarderCheckpointRepository } from './forwarder-checkpoint.repository';
import { forwarderKeys } from './forwarder-keys';
import { ForwarderService } from './forwarder.service';
import { RedisLossRecovery } from './redis-loss-recovery';

const redis = new Redis({ ...bullConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), maxRetriesPerRequest: 1 });
const prefix = `t${randomBytes(4).toString('hex')}`;
let forwarder: ForwarderService | undefined;

afterEach(async () => {
  await forwarder?.beforeApplicationShutdown();
  vi.restoreAllMocks();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** A queue that does nothing, whose `clean` (the first step of a start) fails `failures` times. */
function fakeQueue(name: string, failures = 0): Queue {
  let failed = 0;
  return {
    name,
    clean: () => (failed++ < failures ? Promise.reject(new Error('Redis away (test)')) : Promise.resolve([])),
    add: () => Promise.resolve(undefined),
    addBulk: () => Promise.resolve([]),
  } as unknown as Queue;
}

describe('the forwarder when its start fails', () => {
  it('gives the lease up and competes for it again: the next start succeeds', { timeout: 30_000 }, async () => {
    // The read model and the Redis-loss marker are not this test's concern.
    vi.spyOn(ForwarderCheckpointRepository.prototype, 'resumePosition').mockResolvedValue(START_POSITION);
    vi.spyOn(RedisLossRecovery.prototype, 'requeueIfLost').mockResolvedValue();
    vi.spyOn(RedisLossRecovery.prototype, 'redisStillHasOurData').mockResolvedValue(true);
    const subscribeToAll = vi.fn(() => ({ close: () => Promise.resolve() }));
    const store = { subscribeToAll } as unknown as EventStore;
    const config = loadConfig({ ...process.env, BULL_PREFIX: prefix, RUN_WORKERS: 'true' });
    forwarder = new ForwarderService(
      store,
      {} as Kysely<DB>,
      config,
      fakeQueue(QUEUES.projections, 1),
      fakeQueue(QUEUES.callbackProcessing),
      fakeQueue(QUEUES.rewardOrders),
      fakeQueue(QUEUES.referralSettlements),
      redis,
    );
    const leaseKey = forwarderKeys(prefix).lease;

    forwarder.onApplicationBootstrap();
    // The first start fails: the lease is given up at once (not left to expire)...
    await expect.poll(() => redis.get(`${leaseKey}:fence`), { timeout: 10_000, interval: 20 }).toBe('1');
    await expect.poll(() => redis.get(leaseKey), { timeout: 10_000, interval: 20 }).toBeNull();
    expect(subscribeToAll).not.toHaveBeenCalled();
    // ...and this replica competes again: it takes the lease once more and follows the log.
    await expect.poll(() => forwarder!.leading && subscribeToAll.mock.calls.length === 1, { timeout: 15_000, interval: 50 }).toBe(true);
    expect(await redis.get(`${leaseKey}:fence`)).toBe('2');
  });
});
