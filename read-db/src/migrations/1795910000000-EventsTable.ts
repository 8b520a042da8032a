import { type Kysely, sql } from 'kysely';

/**
 * The log of the Postgres event store (server/src/event-store/postgres-event-store.ts), which only
 * reads and appends. Every row carries the id of the transaction that wrote it: the global order
 * is (transaction id, sequence). `if not exists`, because the store created this table itself
 * before it became a migration. A scratch copy of the read model (`verify`) gets an empty one,
 * dropped with its schema.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists events (
      sequence bigserial primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      revision bigint not null,
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      hash text not null,
      previous_hash text,
      created_at timestamptz not null default now(),
      unique (stream_id, revision)
    )
  `.execute(db);
  await sql`create index if not exists events_global_order_idx on events (transaction_id, sequence)`.execute(db);
}

/** The event log is the source of truth: stepping the read model down never drops it. */
export async function down(): Promise<void> {}
