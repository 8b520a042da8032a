import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('USER'))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('referred_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_login', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

  await db.schema
    .createTable('balances')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('available_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_earned_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_transactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_transactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_offers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('earnings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('callback_id', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('offer_id', 'text')
    .addColumn('offer_name', 'text')
    .addColumn('task_id', 'text')
    .addColumn('task_name', 'text')
    .addColumn('payout_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('earnings_uid_created_idx').on('earnings').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('earnings_transaction_idx').on('earnings').column('transaction_id').execute();

  await db.schema
    .createTable('callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accepted', 'boolean', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('offer_id', 'text')
    .addColumn('offer_name', 'text')
    .addColumn('task_id', 'text')
    .addColumn('task_name', 'text')
    .addColumn('user_reward_raw', 'text')
    .addColumn('reward_pence', 'bigint')
    .addColumn('raw_payment_usd', 'bigint')
    .addColumn('offer_state', 'text')
    .addColumn('callback_type', 'text')
    .addColumn('ref', 'text')
    .addColumn('is_processed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('processing_error', 'text')
    .addColumn('source_ip', 'text')
    .addColumn('callback_hash', 'text')
    .addColumn('raw_parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('callbacks_created_idx').on('callbacks').column('created_at').execute();
  await db.schema.createIndex('callbacks_user_idx').on('callbacks').column('user_id').execute();
  await db.schema.createIndex('callbacks_transaction_idx').on('callbacks').column('transaction_id').execute();

  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('commit_position', sql`numeric(20,0)`, (c) => c.notNull())
    .addColumn('prepare_position', sql`numeric(20,0)`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['projection_checkpoints', 'callbacks', 'earnings', 'balances', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
