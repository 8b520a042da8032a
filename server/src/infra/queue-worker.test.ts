import { randomBytes } from 'node:crypto';
import { type Job, Queue, Worker } from 'bullmq';
import { eventually } from '@playquid/domain/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import { QueueWorker } from './queue-worker';

const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', maxRetriesPerRequest: null };
const prefix = `test-qw-${randomBytes(4).toString('hex')}`;
const queue = new Queue('work', { connection, prefix });
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
});

/** Each job takes a while and notes how many of them ran at once. */
class SlowWork extends QueueWorker<{ n: number }, number> {
  running = 0;
  mostAtOnce = 0;
  readonly done: number[] = [];
  readonly workerIds = new Set<string>();

  async process(job: Job<{ n: number }>, token?: string): Promise<number> {
    this.workerIds.add(token!.split(':')[0]);
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.running);
    await new Promise((resolve) => setTimeout(resolve, 30));
    this.running--;
    return job.data.n;
  }
}

describe('QueueWorker', () => {
  it("runs its workers side by side, each with the first one's options, their events on the first one, all closed on shutdown", async () => {
    const host = new SlowWork('SlowWork', 3);
    // As @nestjs/bullmq sets up a @Processor: one worker, calling the host's process, started by the host.
    const first = new Worker('work', (job: Job, token?: string) => host.process(job, token), {
      connection,
      prefix,
      concurrency: 2,
      autorun: false,
    });
    Object.assign(host, { _worker: first, config: { runWorkers: true } as AppConfig });
    first.on('completed', (job: Job) => host.done.push(job.data.n as number));
    first.on('error', () => undefined);
    host.onApplicationBootstrap();

    await queue.addBulk(Array.from({ length: 24 }, (_, n) => ({ name: 'job', data: { n } })));
    await eventually(() => host.done.length === 24, { timeoutMs: 10_000 });
    expect([...host.done].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, n) => n));
    // One worker of concurrency 2 would never run more than 2 at once.
    expect(host.mostAtOnce).toBeGreaterThan(2);
    expect(host.workerIds.size).toBe(3);

    await host.beforeApplicationShutdown();
    expect(first.isRunning()).toBe(false);
    expect(await queue.getJobCounts('completed', 'active', 'waiting')).toMatchObject({ completed: 24, active: 0, waiting: 0 });
  });
});
