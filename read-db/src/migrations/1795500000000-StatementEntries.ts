import type { Kysely } from 'kysely';

/**
 * The member's statement: one row per wallet event that moves money, with the running balances
 * after it. The next entry starts from the member's latest row, so (uid, revision) is unique and
 * indexed; reserved money is kept too because the statement's totals show it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statement_entries')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('available_change_pence', 'bigint', (c) => c.notNull())
    .addColumn('pending_change_pence', 'bigint', (c) => c.notNull())
    .addColumn('available_balance_pence', 'bigint', (c) => c.notNull())
    .addColumn('pending_balance_pence', 'bigint', (c) => c.notNull())
    .addColumn('reserved_balance_pence', 'bigint', (c) => c.notNull())
    .addColumn('earning_id', 'text')
    .addColumn('payout_id', 'text')
    .addColumn('expected_clear_at', 'timestamptz')
    .addUniqueConstraint('statement_entries_uid_revision_key', ['uid', 'revision'])
    .execute();
  // An approval finds the amount of the pending entry it clears.
  await db.schema.createIndex('statement_entries_uid_earning_idx').on('statement_entries').columns(['uid', 'earning_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statement_entries').ifExists().execute();
}
