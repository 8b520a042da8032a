import { comparePositions, formatPosition, type GlobalPosition, parsePosition, type StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely, Transaction } from 'kysely';
import { lockCheckpoints, saveCheckpoints } from './checkpoints';
import type { Projection } from './projection';

/** An earlier event of the log has not been applied yet; the job is retried until it has. */
export class OutOfOrderError extends Error {
  /** `expected`: what the event should have followed, e.g. "the checkpoint is 1/5". */
  constructor(projection: string, message: StoredEventMessage, expected: string) {
    super(`${projection}: event ${message.position} follows ${message.previousPosition}, but ${expected}`);
    this.name = 'OutOfOrderError';
  }
}

/**
 * applied: the projection changed its rows; not-handled: next in line but of no event type the
 * projection reacts to (only the checkpoint moved); skipped: applied before (redelivery, replay).
 */
export type ApplyOutcome = 'applied' | 'not-handled' | 'skipped';

/**
 * The part of a range after the checkpoint. It must continue the checkpoint and every event must
 * follow the one before it; otherwise an earlier event is missing and OutOfOrderError says so
 * (a gap is waited for, never skipped).
 */
function unappliedPart(
  projection: string,
  checkpoint: GlobalPosition,
  range: readonly StoredEventMessage[],
): readonly StoredEventMessage[] {
  const start = range.findIndex((message) => comparePositions(parsePosition(message.position), checkpoint) > 0);
  if (start === -1) return [];
  let previous = formatPosition(checkpoint);
  for (let i = start; i < range.length; i++) {
    if (range[i].previousPosition !== previous) {
      throw new OutOfOrderError(
        projection,
        range[i],
        i === start ? `the checkpoint is ${previous}` : `the range has ${previous} before it`,
      );
    }
    previous = range[i].position;
  }
  return start === 0 ? range : range.slice(start);
}

/**
 * Applies a contiguous range of the log to one projection inside the caller's transaction, with its
 * checkpoint: the part at or before the checkpoint is skipped, the rest applied in one batch and the
 * checkpoint moved to the end of the range, also when none of its events is of a type the
 * projection handles, so every checkpoint's chain of positions stays contiguous.
 */
export async function applyRangeInTransaction(
  trx: Transaction<DB>,
  projection: Projection,
  range: readonly StoredEventMessage[],
): Promise<ApplyOutcome> {
  const checkpoint = (await lockCheckpoints(trx, [projection.name])).get(projection.name)!;
  const fresh = unappliedPart(projection.name, checkpoint, range);
  if (fresh.length === 0) return 'skipped';
  const handled = await projection.apply(trx, fresh);
  await saveCheckpoints(trx, [projection.name], parsePosition(fresh[fresh.length - 1].position));
  return handled ? 'applied' : 'not-handled';
}

/**
 * Moves the checkpoints of projections that handle no event of the range, all in the caller's
 * transaction (one statement each way): each must still continue its own checkpoint.
 */
async function passRangeInTransaction(
  trx: Transaction<DB>,
  projections: readonly Projection[],
  range: readonly StoredEventMessage[],
): Promise<Array<[string, ApplyOutcome]>> {
  const names = projections.map((p) => p.name);
  const checkpoints = await lockCheckpoints(trx, names);
  const passed = names.filter((name) => unappliedPart(name, checkpoints.get(name)!, range).length > 0);
  await saveCheckpoints(trx, passed, parsePosition(range[range.length - 1].position));
  return names.map((name) => [name, passed.includes(name) ? 'not-handled' : 'skipped']);
}

/** The projections that handle one of the range's events (a transaction each) and those that only pass it (one together). */
export function byHandling(
  projections: readonly Projection[],
  range: readonly StoredEventMessage[],
): { handling: readonly Projection[]; passing: readonly Projection[] } {
  const types = new Set(range.map((message) => message.type));
  const handling = projections.filter((p) => p.handles.some((type) => types.has(type)));
  return { handling, passing: projections.filter((p) => !handling.includes(p)) };
}

/**
 * Per projection, the last transaction a live worker has started or queued for it. A range's
 * transaction for a projection starts once the one before it for that projection has finished
 * (its order in the log), not once the whole range before it has: a fast projection (the member's
 * wallet) does not wait on a slow one (the callbacks console).
 */
export type ProjectionLanes = Map<string, Promise<void>>;

/** Runs `work` after the last work queued on each of `names`' lanes, and queues it there (synchronously). */
function inLanes<T>(lanes: ProjectionLanes | undefined, names: readonly string[], work: () => Promise<T>): Promise<T> {
  if (!lanes) return work();
  const done = Promise.allSettled(names.map((name) => lanes.get(name))).then(work);
  const settled = done.then(
    () => undefined,
    () => undefined,
  );
  for (const name of names) lanes.set(name, settled);
  void settled.then(() => names.forEach((name) => lanes.get(name) === settled && lanes.delete(name)));
  return done;
}

/**
 * Applies a contiguous range of the log to each projection that handles one of its events, in a
 * transaction of its own, all of them at once: projections share no rows, and each one's rows and
 * checkpoint commit or roll back together. The projections that handle none of its events only move
 * their checkpoints, together in one more transaction (fewer commits for the database to make
 * while a member waits for their wallet). With `lanes` (a worker holding several ranges at once,
 * called in log order), each transaction waits for the same projections' transactions of the ranges
 * before. When any transaction fails the call throws (after every one has finished), preferring a
 * real error to an OutOfOrderError; a retry skips what the others committed.
 */
export async function applyRange(
  db: Kysely<DB>,
  projections: readonly Projection[],
  range: readonly StoredEventMessage[],
  lanes?: ProjectionLanes,
): Promise<Record<string, ApplyOutcome>> {
  const { handling, passing } = byHandling(projections, range);
  const settled = await Promise.allSettled<Array<[string, ApplyOutcome]>>([
    ...handling.map((p) =>
      inLanes(lanes, [p.name], () => db.transaction().execute((trx) => applyRangeInTransaction(trx, p, range))).then(
        (outcome): Array<[string, ApplyOutcome]> => [[p.name, outcome]],
      ),
    ),
    ...(passing.length > 0 && range.length > 0
      ? [
          inLanes(
            lanes,
            passing.map((p) => p.name),
            () => db.transaction().execute((trx) => passRangeInTransaction(trx, passing, range)),
          ),
        ]
      : []),
  ]);
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (errors.length > 0) throw errors.find((e) => !(e instanceof OutOfOrderError)) ?? errors[0];
  const outcomes = new Map(settled.flatMap((s) => (s as PromiseFulfilledResult<Array<[string, ApplyOutcome]>>).value));
  return Object.fromEntries(projections.map((p) => [p.name, outcomes.get(p.name)!]));
}
