import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { QUEUES } from '@playquid/contracts';
import { bullConnection } from '@playquid/config';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, loadConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { OfferRepository } from '../offers/offer.repository';
import { OfferSyncProcessor } from '../offers/offer-sync.processor';
import { OfferSyncService } from '../offers/offer-sync.service';
import { RetentionProcessor } from '../privacy/retention.processor';
import { RetentionService } from '../privacy/retention.service';
import { LogCheckpointProcessor, LOG_CHECKPOINT_SCHEDULER_ID } from '../statements/log-checkpoint.processor';
import { LogCheckpointService } from '../statements/log-checkpoint.service';
import { KeptJobScheduler } from './kept-job-scheduler';
import { MemberLocks } from './member-locks';

const connection = bullConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
/** This file's own BullMQ prefix: only keys under it are ever deleted. */
const prefix = `t${randomBytes(4).toString('hex')}`;
let redis: Redis;
let app: INestApplicationContext | undefined;

/** Deletes every key under the test's prefix, as a Redis restarted without persistence would. */
async function emptyRedis(): Promise<void> {
  for await (const found of redis.scanStream({ match: `${prefix}:*`, count: 1_000 }))
    if ((found as string[]).length > 0) await redis.del(...(found as string[]));
}

beforeAll(() => {
  redis = new Redis(connection);
});

afterAll(async () => {
  await app?.close();
  await emptyRedis();
  await redis?.quit();
});

const SCHEDULED = [
  { queue: QUEUES.logCheckpoints, id: LOG_CHECKPOINT_SCHEDULER_ID },
  { queue: QUEUES.privacyRetention, id: 'privacy-retention-daily' },
  { queue: QUEUES.offerSync, id: 'offer-sync-schedule' },
];

describe('job schedulers when Redis comes back empty', () => {
  it('are registered again by their owners, without a restart', { timeout: 30_000 }, async () => {
    const config = loadConfig({
      ...process.env,
      BULL_PREFIX: prefix,
      RUN_WORKERS: 'true',
      JOB_SCHEDULER_CHECK_SECONDS: '1',
      BITLABS_API_URL: 'http://127.0.0.1:9', // turns the offer sync (and its scheduler) on; nothing is called here
    });
    const module = await Test.createTestingModule({
      imports: [BullModule.forRoot({ connection, prefix }), BullModule.registerQueue(...SCHEDULED.map(({ queue }) => ({ name: queue })))],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        // The scheduled runs themselves are not this test's concern: they succeed doing nothing.
        { provide: LogCheckpointService, useValue: { runOnce: () => Promise.resolve({ signed: false, reason: 'test' }) } },
        { provide: RetentionService, useValue: { runOnce: () => Promise.resolve({}) } },
        { provide: OfferSyncService, useValue: { syncOnce: () => Promise.resolve({}) } },
        { provide: OfferRepository, useValue: { count: () => Promise.resolve(1) } },
        { provide: MemberLocks, useValue: { with: (_key: string, run: () => Promise<unknown>) => run() } },
        { provide: Clock, useValue: { now: () => new Date() } },
        LogCheckpointProcessor,
        RetentionProcessor,
        OfferSyncProcessor,
      ],
    }).compile();
    app = await module.init();
    const schedulerIds = async () =>
      Promise.all(SCHEDULED.map(async ({ queue }) => (await module.get<Queue>(getQueueToken(queue)).getJobSchedulers()).map((s) => s.key)));
    const expected = SCHEDULED.map(({ id }) => [id]);
    expect(await schedulerIds()).toEqual(expected);

    await emptyRedis();
    expect(await schedulerIds()).toEqual([[], [], []]);

    await expect.poll(schedulerIds, { timeout: 15_000, interval: 200 }).toEqual(expected);
  });

  it('leaves a scheduler removed on purpose removed', async () => {
    const queue = new Queue('kept-scheduler-test', { connection, prefix });
    try {
      const scheduler = new KeptJobScheduler(
        queue,
        { id: 'kept', repeat: { every: 3_600_000 }, template: { name: 'kept', data: {} } },
        new Logger('test'),
      );
      await scheduler.start(3_600_000);
      scheduler.stop();
      expect(await scheduler.check()).toBe(false);
      await queue.removeJobScheduler('kept');
      expect(await scheduler.check()).toBe(false);
      expect(await queue.getJobSchedulers()).toEqual([]);
      // Redis emptied: the marker went with the queue's keys.
      await emptyRedis();
      expect(await scheduler.check()).toBe(true);
      expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual(['kept']);
    } finally {
      await queue.close();
    }
  });
});
