import { FORWARDER_CHECKPOINT } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';

export const FOREIGN_CHECKPOINTS_MESSAGE =
  'The read model was built from the Postgres event store (its checkpoints are positions in the events table), but ' +
  'EVENTSTORE_CONNECTION_STRING selects EventStoreDB, whose positions differ. To switch: copy the log into EventStoreDB, ' +
  "run `node scripts/dist/cli.js rebuild all` with EVENTSTORE_CONNECTION_STRING set, delete the forwarder's checkpoint " +
  "(projection '$forwarder') and the Redis key <BULL_PREFIX>:forwarder:reacted, then start again (README, Operations: switching the event store).";

/**
 * Refuses to run on EventStoreDB with checkpoints that are positions of the Postgres store: each
 * checkpoint of the read model that names an event of the Postgres `events` table was written
 * while that table was the log.
 */
export async function checkCheckpointsMatchStore(db: Kysely<DB>, usesEventStoreDb: boolean): Promise<void> {
  if (!usesEventStoreDb) return;
  const { rows } = await sql<{ foreign: boolean }>`
    select exists (
      select 1 from projection_checkpoints c
        join events e on e.transaction_id = c.commit_position::text::xid8 and e.sequence = c.prepare_position
       where c.commit_position <> '0' or c.projection = ${FORWARDER_CHECKPOINT}
    ) as foreign`
    .execute(db)
    .catch(() => ({ rows: [{ foreign: false }] }));
  if (rows[0]?.foreign) throw new Error(FOREIGN_CHECKPOINTS_MESSAGE);
}
