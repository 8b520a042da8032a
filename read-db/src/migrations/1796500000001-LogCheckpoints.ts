import { type Kysely, sql } from 'kysely';

/**
 * Signed checkpoints of the event log (scripts `checkpoint`, checked by `audit`). Append-only: a
 * trigger refuses every UPDATE, DELETE and TRUNCATE, so the app's own role cannot quietly drop the
 * checkpoint that would expose a rewritten history. A database owner can still drop the trigger:
 * that is why each checkpoint is also appended to a file kept elsewhere (LOG_CHECKPOINT_FILE), and
 * why its signature (the key is not in the database) is what makes it evidence.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table log_checkpoints (
      id bigserial primary key,
      created_at timestamptz not null default now(),
      checkpoint jsonb not null,
      heads jsonb not null
    )
  `.execute(db);
  await sql`
    create or replace function refuse_log_checkpoint_change() returns trigger language plpgsql as $$
    begin
      raise exception 'log_checkpoints is append-only: % refused', TG_OP;
    end $$
  `.execute(db);
  await sql`create trigger log_checkpoints_append_only before update or delete on log_checkpoints for each row execute function refuse_log_checkpoint_change()`.execute(db);
  await sql`create trigger log_checkpoints_no_truncate before truncate on log_checkpoints for each statement execute function refuse_log_checkpoint_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists log_checkpoints`.execute(db);
  await sql`drop function if exists refuse_log_checkpoint_change()`.execute(db);
}
