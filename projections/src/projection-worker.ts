import type { ProjectionRangeJob } from '@playquid/contracts';
import { type DB, PersonalDataVault } from '@playquid/read-db';
import { type ConnectionOptions, DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import { type ApplyOutcome, applyRange, OutOfOrderError, type ProjectionLanes } from './apply-range';
import type { Projection } from './projection';
import { PROJECTIONS_QUEUE } from './queues';
import { ALL_PROJECTIONS } from './registry';

export interface ProjectionWorkerOptions {
  /** Its pool should hold a connection per projection: a range is applied to all of them at once. */
  db: Kysely<DB>;
  connection: ConnectionOptions;
  prefix: string;
  projections?: readonly Projection[];
  /** Redis and processing errors the worker reports as events (default: console.error). */
  onError?(error: Error): void;
  /**
   * Decrypts the personal fields of the jobs' events (the forwarder queues them as stored, encrypted);
   * default: the key store in `db`, master key from the environment.
   */
  vault?: PersonalDataVault;
}

/** A killed worker's range is free this long after its last lock renewal. */
export const LOCK_MS = 2_000;
export const STALLED_CHECK_MS = 1_000;
/**
 * A range is taken while the ranges before it are still being applied: each projection moves on to
 * it as soon as it has finished the one before, so the member's wallet does not wait for the
 * slowest projection of the previous range, and the forwarder does not hold new events back while
 * the worker is busy.
 */
const RANGES_AT_ONCE = 4;

const FIRST_RETRY_MS = 20;
const LAST_RETRY_MS = 200;

/**
 * Waits longer each time the same range is still early: 20, 40, 80, 160, then 200 ms, about as long
 * as the forwarder's own retry backoff, so a range is never held back long once its predecessor is in.
 */
export const outOfOrderDelay = (attemptsStarted: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attemptsStarted - 1), LAST_RETRY_MS);

/**
 * Consumes the projections queue a few ranges at a time, each range applied to every projection at
 * once (a transaction per projection, see applyRange), each projection's ranges in log order. A
 * range that arrives ahead of its predecessor is put back as delayed rather than failed: waiting for
 * an earlier range is normal (re-sends, retries after a transient error), so it must not use up the
 * attempts the producer set, nor end up failed when the producer set none.
 */
export function startProjectionWorker({
  db,
  connection,
  prefix,
  projections = ALL_PROJECTIONS,
  onError = (error) => console.error(`projection worker: ${error.message}`),
  vault = PersonalDataVault.forDatabase(db),
}: ProjectionWorkerOptions): Worker<ProjectionRangeJob, Record<string, ApplyOutcome>> {
  const lanes: ProjectionLanes = new Map();
  /** The ranges' events decrypted one after the other, so each range joins the lanes in the order it was taken. */
  let revealing: Promise<unknown> = Promise.resolve();
  const processJob = async (job: Job<ProjectionRangeJob>, token?: string) => {
    // A job of another shape (e.g. left in Redis by an older forwarder) is failed at once: the
    // forwarder re-sends the log after the lowest checkpoint whenever it starts.
    if (!Array.isArray(job.data.events) || job.data.events.length === 0)
      throw new UnrecoverableError(`job ${job.id} holds no range of the log`);
    const revealed = revealing.then(() => vault.revealEvents(job.data.events));
    revealing = revealed.catch(() => undefined);
    try {
      return await applyRange(db, projections, await revealed, lanes);
    } catch (error) {
      if (!(error instanceof OutOfOrderError) || !token) throw error;
      await job.moveToDelayed(Date.now() + outOfOrderDelay(job.attemptsStarted), token);
      throw new DelayedError(error.message);
    }
  };
  const worker = new Worker<ProjectionRangeJob, Record<string, ApplyOutcome>>(PROJECTIONS_QUEUE, processJob, {
    connection,
    prefix,
    // Ranges in hand at once. BullMQ hands them over in the order they were queued (log order), and
    // each projection applies them in that order (its lane); one that came early (a re-send, a retry)
    // is put back as delayed, as above.
    concurrency: RANGES_AT_ONCE,
    // A range takes tens of milliseconds. After a crash its lock must lapse before another worker may
    // take it over: a 2 s lock (renewed every second while the job runs) and a stalled check every
    // second hand a killed worker's range to another within about 3 s. Applying a range twice is a
    // no-op (checkpoints), so a job wrongly seen as stalled (a long pause) is only applied again,
    // and a stalled job is retried, never failed.
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_CHECK_MS,
    maxStalledCount: 1_000,
  });
  // Without a listener an 'error' event (Redis away) would crash the process.
  worker.on('error', onError);
  return worker;
}
