import type { StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { applyRangeInTransaction } from './apply-range';
import { resetCheckpoints } from './checkpoints';
import { dropSecondaryIndexes, recreateIndexes } from './deferred-indexes';
import type { Projection } from './projection';
import { markEmptied } from './rebuild-scope';

const IN_FAILED_TRANSACTION = '25P02';
/** Pages handed to the projections before the oldest of them has been applied. */
const PAGES_IN_FLIGHT = 1;

export interface RebuildOptions {
  /** Called after each page with the number of events replayed so far and the last one's position. */
  onProgress?(applied: number, position: string): void;
  /**
   * Empty the tables with TRUNCATE, drop their secondary indexes and build them again after the last
   * page, all in the rebuild's transaction (a rebuild that dies leaves them as they were). Each
   * table is locked ACCESS EXCLUSIVE until the commit: reads of the rebuilt tables wait for the whole
   * rebuild; without it the API keeps reading the old rows until the commit. Measured at L (100k
   * members, 2.6M events) on a shared 2-core machine it was not faster (issue 19's notes).
   */
  deferIndexes?: boolean;
}

/**
 * Replays the log, page by page, into the projections' own tables in one transaction, through the
 * same batched apply as the live worker, and returns the number of events replayed. The pages must
 * start at the beginning of the log ("0/0") and follow each other; a gap fails the rebuild with
 * OutOfOrderError and changes nothing. Larger pages mean fewer, larger statements (5,000 to 20,000
 * events is a good size).
 *
 * The checkpoints are locked first and the log is read only after that: the live worker's
 * transaction for each projection waits on its lock meanwhile (it takes no other, so the two cannot
 * deadlock), and every event it applied before is in what the rebuild reads, so afterwards it skips
 * or applies correctly.
 */
export async function rebuildProjections(
  db: Kysely<DB>,
  projections: readonly Projection[],
  pages: AsyncIterable<readonly StoredEventMessage[]>,
  options: RebuildOptions = {},
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await resetCheckpoints(
      trx,
      projections.map((p) => p.name),
    );
    const tables = projections.flatMap((p) => p.tables);
    const deferred = options.deferIndexes ? await dropSecondaryIndexes(trx, tables) : [];
    if (options.deferIndexes) await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    else for (const table of tables) await trx.deleteFrom(table).execute();
    markEmptied(trx, tables);
    let count = 0;
    // Each projection applies the pages in order on a chain of its own, and a page is handed to the
    // chains before the one before it has finished: the connection runs one page's statements while
    // the projections fold the next in memory. At most PAGES_IN_FLIGHT + 1 pages are held at once.
    const chains: Promise<unknown>[] = projections.map(() => Promise.resolve());
    const inFlight: Array<{ page: readonly StoredEventMessage[]; settled: Promise<PromiseSettledResult<unknown>[]> }> = [];
    const settleOldest = async () => {
      const { page, settled } = inFlight.shift()!;
      const errors = (await settled).flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
      // After one statement fails, the others' are refused as "in a failed transaction": report the first.
      if (errors.length > 0) throw errors.find((e) => (e as { code?: string }).code !== IN_FAILED_TRANSACTION) ?? errors[0];
      count += page.length;
      options.onProgress?.(count, page[page.length - 1].position);
    };
    try {
      for await (const page of pages) {
        if (page.length === 0) continue;
        // All projections at once on the one connection: their statements queue up in turn (each
        // projection's in its own order; they share no tables) while the others fold in memory.
        const runs = projections.map((projection, i) => (chains[i] = chains[i].then(() => applyRangeInTransaction(trx, projection, page))));
        inFlight.push({ page, settled: Promise.allSettled(runs) });
        if (inFlight.length > PAGES_IN_FLIGHT) await settleOldest();
      }
      while (inFlight.length > 0) await settleOldest();
    } finally {
      // No statement of a later page may outlive the transaction (it would run on the connection after it).
      await Promise.allSettled(inFlight.map((p) => p.settled));
    }
    await recreateIndexes(trx, deferred);
    return count;
  });
}
