import type { StoredEventMessage } from '@playquid/contracts';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { type JobsOptions, Queue, type Worker } from 'bullmq';
import { type Kysely, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomes } from './testing/outcomes';
import { applyEvent, type ApplyOutcome } from './apply-event';
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
let queue: Queue<StoredEventMessage>;
let worker: Worker<StoredEventMessage, Record<string, ApplyOutcome>> | undefined;

beforeAll(async () => {
  ctx = await migratedTestDatabase('worker');
  // The reference: the same log applied in order, one event at a time, into its own schema.
  await sql`create schema expected`.execute(ctx.db);
  expected = createReadDb({ connectionString: ctx.database.url, schema: 'expected', max: 2 });
  await migrateToLatest(expected, 'expected');
  for (const message of log) await applyEvent(expected, ALL_PROJECTIONS, message);
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
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

const add = (message: StoredEventMessage, jobId: string, opts: JobsOptions = {}) => queue.add(message.type, message, { jobId, ...opts });

async function waitUntil(done: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('projection worker on a real Redis', () => {
  it('applies every event exactly once despite shuffled delivery, duplicate job ids and re-sends after completion', async () => {
    const order = shuffled(log);
    expect(order.map((m) => m.position)).not.toEqual(log.map((m) => m.position));

    // No attempts or backoff: waiting for an earlier event must not depend on the producer's options.
    // Even positions are removed on completion, so re-adding them with the same id runs them again.
    const removeOnComplete = (m: StoredEventMessage) => Number(m.position.split('/')[1]) % 2 === 0;
    for (const m of order) await add(m, m.position, { removeOnComplete: removeOnComplete(m) });
    await add(log[3], log[3].position); // same id while still queued: BullMQ keeps the first
    await add(log[5], `${log[5].position}-resent`); // a re-send under a new id, queued after it

    const completions: { jobId: string; position: string; outcomes: Record<string, ApplyOutcome> }[] = [];
    const failures: string[] = [];
    worker = startProjectionWorker({ db: ctx.db, connection, prefix });
    worker.on('completed', (job, outcomes) => completions.push({ jobId: job.id!, position: job.data.position, outcomes }));
    worker.on('failed', (job, error) => failures.push(`${job?.id}: ${error.message}`));
    await waitUntil(async () => completions.length === log.length + 1, 'the first delivery to drain');

    // After completion: the same id of a kept job is refused, that of a removed job runs again,
    // and a new id runs; both runs must find nothing to do.
    const kept = log.find((m) => !removeOnComplete(m))!;
    const removed = log.find((m) => removeOnComplete(m))!;
    await add(kept, kept.position);
    await add(removed, removed.position);
    await add(log[0], `${log[0].position}-again`);
    await waitUntil(async () => completions.length === log.length + 3, 'the re-sends to drain');
    await waitUntil(async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0), 'an empty queue');

    expect(failures).toEqual([]);
    // Exactly one completion per event changed anything; every other one was a skip.
    for (const m of log) {
      const effective = completions.filter((c) => c.position === m.position && Object.values(c.outcomes).some((o) => o !== 'skipped'));
      expect(effective, m.position).toHaveLength(1);
    }
    expect(completions.slice(log.length + 1)).toEqual(
      [removed.position, `${log[0].position}-again`].map((jobId) => expect.objectContaining({ jobId, outcomes: outcomes('skipped') })),
    );
    // Every row equals the in-order reference, and the totals were not doubled.
    expect(await diffReadModels(ctx.db, 'public', 'expected')).toEqual([]);
    const balances = await ctx.db.selectFrom('balances').select(['uid', 'available_pence', 'pending_pence', 'total_transactions']).orderBy('uid').execute();
    expect(balances).toEqual([
      { uid: 'ana', available_pence: 200, pending_pence: 300, total_transactions: 3 },
      { uid: 'ben', available_pence: 280, pending_pence: 0, total_transactions: 2 },
    ]);
    expect(await ctx.db.selectFrom('earnings').select('id').execute()).toHaveLength(5);
  });

  it('waits a little longer each time an event is still early, up to 200 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(outOfOrderDelay)).toEqual([20, 20, 40, 80, 160, 200, 200]);
  });
});
