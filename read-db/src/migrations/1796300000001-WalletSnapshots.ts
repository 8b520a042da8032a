import type { Kysely } from 'kysely';

/**
 * Wallet snapshots (issue 19): a member's wallet state (the wallet decider's fold) as it stood after
 * one event of their stream, so `as_of` views and callback processing fold only the events after it.
 * A cache, never a source of truth: a snapshot is used only when the stream's event at its revision
 * still has the hash it was taken after and its version is the current one, `verify` folds the
 * stream again and reports any snapshot that differs, and deleting every row loses nothing. Not a
 * projection table: `rebuild` leaves it alone. The state is text, not jsonb: the fold's lookup tables
 * keep their insertion order, which decisions may follow, and jsonb would reorder their keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_snapshots')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('event_hash', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_snapshots').ifExists().execute();
}
