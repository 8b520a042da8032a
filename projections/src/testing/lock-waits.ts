import type { StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { byHandling } from '../apply-range';
import { ALL_PROJECTIONS } from '../registry';

/** The transactions applyRange opens for each of these ranges: one per projection handling one of its events, one for those passing it. */
export const transactionsOpenedFor = (ranges: ReadonlyArray<readonly StoredEventMessage[]>): number =>
  ranges
    .map((range) => byHandling(ALL_PROJECTIONS, range))
    .reduce((sum, { handling, passing }) => sum + handling.length + (passing.length > 0 ? 1 : 0), 0);

/** Sessions of this database waiting on a lock now. */
export async function sessionsWaitingOnLocks(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0].n);
}
