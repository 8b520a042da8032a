import type { Kysely } from 'kysely';

/** Payouts, the reserve they hold on a balance, and which kind of money each earning is. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('balances')
    .addColumn('reserved_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_out_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('earnings')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('offer'))
    .execute();
  await db.schema.createIndex('earnings_payout_idx').on('earnings').column('payout_id').execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('earning_count', 'integer', (c) => c.notNull())
    .addColumn('transaction_reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('reward_status', 'text', (c) => c.notNull().defaultTo('not_ordered'))
    .addColumn('reward_order_id', 'text')
    .addColumn('reward_id', 'text')
    .addColumn('reward_detail', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('approved_at', 'timestamptz')
    .addColumn('processed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payouts_uid_requested_idx').on('payouts').columns(['uid', 'requested_at']).execute();
  await db.schema.createIndex('payouts_status_requested_idx').on('payouts').columns(['status', 'requested_at']).execute();
  await db.schema.createIndex('payouts_reward_idx').on('payouts').column('reward_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payouts').ifExists().execute();
  await db.schema.dropIndex('earnings_payout_idx').ifExists().execute();
  await db.schema.alterTable('earnings').dropColumn('kind').execute();
  await db.schema.alterTable('balances').dropColumn('reserved_pence').dropColumn('paid_out_pence').execute();
}
