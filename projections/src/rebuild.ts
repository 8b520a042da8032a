import type { StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { applyEventInTransaction } from './apply-event';
import { resetCheckpoints } from './checkpoints';
import type { Projection } from './projection';

export interface RebuildOptions {
  /** Called every PROGRESS_EVERY events and once at the end with the number of events replayed. */
  onProgress?(applied: number): void;
}

const PROGRESS_EVERY = 100;

/**
 * Replays the log into the projections' own tables in one transaction, through the same code path
 * as the live worker, and returns the number of events replayed. The log must start at the
 * beginning ("0/0"); a gap in it fails the rebuild with OutOfOrderError and changes nothing.
 *
 * The checkpoints are locked first (in the worker's lock order, so neither can deadlock the other)
 * and the log is read only after that: a live worker waits on the locks meanwhile, and every event
 * it applied before is in what the rebuild reads, so afterwards it skips or applies correctly.
 */
export async function rebuildProjections(
  db: Kysely<DB>,
  projections: readonly Projection[],
  events: AsyncIterable<StoredEventMessage>,
  options: RebuildOptions = {},
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await resetCheckpoints(trx, projections.map((p) => p.name));
    for (const projection of projections) for (const table of projection.tables) await trx.deleteFrom(table).execute();
    let count = 0;
    for await (const event of events) {
      await applyEventInTransaction(trx, projections, event);
      count += 1;
      if (count % PROGRESS_EVERY === 0) options.onProgress?.(count);
    }
    options.onProgress?.(count);
    return count;
  });
}
