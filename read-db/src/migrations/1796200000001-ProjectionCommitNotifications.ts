import { type Kysely, sql } from 'kysely';

/**
 * The channel a projection's commit is announced on (no payload): every transaction that moves a
 * checkpoint notifies it once, on commit. The API's waits for a log position (read-your-writes)
 * re-read the checkpoints when they hear it.
 */
export const CHECKPOINTS_CHANNEL = 'playquid_checkpoints';

/**
 * Checkpoint moves notify CHECKPOINTS_CHANNEL; and payout rows announce their members on the member
 * rows channel (MemberRowNotifications' function), so a payout status change that leaves the
 * balance alone still reaches the member's live stream.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_checkpoints() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHECKPOINTS_CHANNEL)}, '');
      return null;
    end $$
  `.execute(db);
  for (const operation of ['insert', 'update'] as const) {
    await sql`
      create trigger ${sql.id(`projection_checkpoints_${operation}_notify`)} after ${sql.raw(operation)} on projection_checkpoints
      for each statement execute function notify_checkpoints()
    `.execute(db);
  }
  for (const operation of ['insert', 'update'] as const) {
    await sql`
      create trigger ${sql.id(`payouts_${operation}_notify`)} after ${sql.raw(operation)} on payouts
      referencing new table as changed_rows for each statement execute function notify_member_rows()
    `.execute(db);
  }
  await sql`create trigger payouts_delete_notify after delete on payouts for each statement execute function notify_member_rows()`.execute(db);
  await sql`create trigger payouts_truncate_notify after truncate on payouts for each statement execute function notify_member_rows()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operation of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger if exists ${sql.id(`payouts_${operation}_notify`)} on payouts`.execute(db);
  }
  for (const operation of ['insert', 'update']) {
    await sql`drop trigger if exists ${sql.id(`projection_checkpoints_${operation}_notify`)} on projection_checkpoints`.execute(db);
  }
  await sql`drop function if exists notify_checkpoints()`.execute(db);
}
