import { type ProjectionRangeJob, projectionRangeJobId, type StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { eventually } from '@playquid/domain/testing';
import { type JobsOptions, Queue, type Worker } from 'bullmq';
import { type Kysely, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomes } from './testing/outcomes';
import { type ApplyOutcome, applyRange } from './apply-range';
import { outOfOrderDelay, startProjectionWorker } from './projection-worker';
import { PROJECTIONS_QUEUE } from './queues';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog, sampleHistory } from './testing/events';
import { diffReadModels } from './verify';

const connection = { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: null };
const prefix = `pt${randomBytes(4).toString('hex')}`;
const log = asLog(sampleHistory());
let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let expected: Kysely<DB>;
let queue: Queue<ProjectionRangeJob>;
let worker: Worker<ProjectionRangeJob, Record<string, ApplyOutcome>> | undefined;

beforeAll(async () => {
  ctx = await migratedTestDatabase('worker');
  // The reference: the same log applied in order, one event at a time, into its own schema.
  await sql`create schema expected`.execute(ctx.db);
  expected = createReadDb({ connectionString: ctx.database.url, schema: 'expected', max: 2 });
  await migrateToLatest(expected, 'expected');
  for (const message of log) await applyRange(expected, ALL_PROJECTIONS, [message]);
  queue = new Queue(PROJECTIONS_QUEUE, { connection, prefix });
});
afterAll(async () => {
  await worker?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await expected?.destroy();
  await ctx?.close();
});

/** A fixed-seed shuffle: out of order, and the same order on every run. */
function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const result = [...items];
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

/** The log cut into ranges of 1, 2, 3, 1, 2, 3, … events, as the forwarder's pages come. */
const ranges: StoredEventMessage[][] = [];
for (let i = 0, size = 1; i < log.length; i += size, size = (size % 3) + 1) ranges.push(log.slice(i, i + size));

const add = (range: StoredEventMessage[], jobId = projectionRangeJobId(range), opts: JobsOptions = {}) =>
  queue.add('range', { events: range }, { jobId, ...opts });

const waitUntil = (done: () => Promise<boolean>, what: string, timeoutMs = 15_000) =>
  eventually(done, { timeoutMs, intervalMs: 25, what });

describe('projection worker on a real Redis', () => {
  it('applies every range exactly once despite shuffled delivery, duplicate job ids, overlaps and re-sends after completion', async () => {
    const order = shuffled(ranges);
    expect(order).not.toEqual(ranges);

    // No attempts or backoff: waiting for an earlier range must not depend on the producer's options.
    // Every other range is removed on completion, so re-adding it with the same id runs it again.
    const removeOnComplete = (range: StoredEventMessage[]) => ranges.indexOf(range) % 2 === 0;
    for (const range of order) await add(range, undefined, { removeOnComplete: removeOnComplete(range) });
    await add(ranges[3]); // same id while still queued: BullMQ keeps the first
    await add(log.slice(2, 9)); // a range overlapping several others, as a re-sent page after a rewind would
    const jobs = ranges.length + 1;

    const completions: { jobId: string; outcomes: Record<string, ApplyOutcome> }[] = [];
    const failures: string[] = [];
    worker = startProjectionWorker({ db: ctx.db, connection, prefix });
    worker.on('completed', (job, outcomes) => completions.push({ jobId: job.id!, outcomes }));
    worker.on('failed', (job, error) => failures.push(`${job?.id}: ${error.message}`));
    await waitUntil(async () => completions.length === jobs, 'the first delivery to drain');

    // After completion: the same id of a kept job is refused, that of a removed job runs again,
    // and a new id runs; both runs must find nothing to do.
    const kept = ranges.find((r) => !removeOnComplete(r))!;
    const removed = ranges.find((r) => removeOnComplete(r))!;
    await add(kept);
    await add(removed);
    await add(log, 'the-whole-log-again');
    await waitUntil(async () => completions.length === jobs + 2, 'the re-sends to drain');
    await waitUntil(
      async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0),
      'an empty queue',
    );

    expect(failures).toEqual([]);
    expect(completions.slice(jobs)).toEqual(
      [projectionRangeJobId(removed), 'the-whole-log-again'].map((jobId) =>
        expect.objectContaining({ jobId, outcomes: outcomes('skipped') }),
      ),
    );
    // Every row equals the in-order reference, and the totals were not doubled.
    expect(await diffReadModels(ctx.db, 'public', 'expected')).toEqual([]);
    const balances = await ctx.db
      .selectFrom('balances')
      .select(['uid', 'available_pence', 'pending_pence', 'total_transactions'])
      .orderBy('uid')
      .execute();
    expect(balances).toEqual([
      { uid: 'ana', available_pence: 200, pending_pence: 300, total_transactions: 3 },
      { uid: 'ben', available_pence: 280, pending_pence: 0, total_transactions: 2 },
    ]);
    expect(await ctx.db.selectFrom('earnings').select('id').execute()).toHaveLength(5);
  });

  it('fails a job that holds no range at once', async () => {
    const failed = new Promise<string>((resolve) => worker!.once('failed', (_job, error) => resolve(error.message)));
    await queue.add('event', { position: '1/1' } as never, { jobId: 'not-a-range', attempts: 5 });
    expect(await failed).toBe('job not-a-range holds no range of the log');
  });

  it('waits a little longer each time a range is still early, up to 200 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(outOfOrderDelay)).toEqual([20, 20, 40, 80, 160, 200, 200]);
  });
});
