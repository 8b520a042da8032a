import type pg from 'pg';

/** Any constant shared by every process that may create the schema: they take turns on it. */
const SCHEMA_LOCK_KEY = 0x706c_6576; // 'plev'

/**
 * The Postgres event store's own schema: one append-only table. Every row carries the id of the
 * transaction that wrote it, so the global order is (transaction id, sequence) and a reader can stop
 * below the oldest append still running (postgres-reader.ts). The store creates it on first use, as
 * emmett's Postgres store does; the read model's migrations no longer own it (their old
 * `EventsTable` step is kept as a no-op for databases that ran it). `if not exists` throughout,
 * because databases made before this module already have it; the advisory lock keeps two replicas
 * starting at once from racing on `create table`.
 */
const SCHEMA_SQL = `
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
  );
  create index if not exists events_global_order_idx on events (transaction_id, sequence);
`;

/** Creates the `events` table and its index when missing; safe to call from every process. */
export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>(`select to_regclass('events') is not null as present`);
    if (rows[0]?.present) return;
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      await client.query(SCHEMA_SQL);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    client.release();
  }
}
