import { type Kysely, sql } from 'kysely';

/** Fixed size of the unsigned-reject ring: a flood overwrites its own oldest rows, never grows the database. */
export const UNSIGNED_REJECT_SLOTS = 10_000;

/**
 * Callback intake hardening (issue 7).
 *
 * - `unsigned_callback_rejects`: requests refused before any signature was proven (bad or missing
 *   hash, source IP not allowed). They are no events: a ring of UNSIGNED_REJECT_SLOTS rows, each
 *   insert taking the next slot of a cycling sequence and overwriting what was there.
 * - `callbacks` learns who sent a console callback and the review of a credit held above the
 *   review threshold ('held', 'approved', 'rejected'; null when none was needed).
 * - `callback_log`: both, in the callbacks' column shape, so the console's list, filters, stats and
 *   export read one relation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence unsigned_callback_rejects_slot_seq minvalue 0 maxvalue ${sql.raw(String(UNSIGNED_REJECT_SLOTS - 1))} start 0 cycle`.execute(db);
  await db.schema
    .createTable('unsigned_callback_rejects')
    .addColumn('slot', 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source_ip', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('callback_hash', 'text')
    .addColumn('raw_query', 'text', (c) => c.notNull())
    .addColumn('raw_parameters', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unsigned_callback_rejects_created_idx').on('unsigned_callback_rejects').column('created_at').execute();

  await db.schema
    .alterTable('callbacks')
    .addColumn('triggered_by', 'text')
    .addColumn('earning_id', 'text')
    .addColumn('review_status', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('review_reason', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('callbacks_earning_idx').on('callbacks').column('earning_id').execute();
  await db.schema.createIndex('callbacks_review_idx').on('callbacks').column('review_status').where(sql.ref('review_status'), 'is not', null).execute();

  await sql`
    create view callback_log as
      select id, accepted, rejection_reason, transaction_id, user_id, offer_id, offer_name, task_id, task_name,
             user_reward_raw, reward_pence, raw_payment_usd, offer_state, callback_type, ref, is_processed,
             processed_at, processing_error, source_ip, callback_hash, raw_parameters, created_at,
             triggered_by, earning_id, review_status, reviewed_by, review_reason, reviewed_at, false as unsigned
        from callbacks
      union all
      select id, false, reason, transaction_id, user_id, raw_parameters->>'offer_id', raw_parameters->>'offer_name',
             raw_parameters->>'task_id', raw_parameters->>'task_name', raw_parameters->>'val', null::bigint, null::bigint,
             raw_parameters->>'state', raw_parameters->>'type', raw_parameters->>'ref', false,
             null::timestamptz, null::text, source_ip, callback_hash, raw_parameters, created_at,
             null::text, null::text, null::text, null::text, null::text, null::timestamptz, true
        from unsigned_callback_rejects`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists callback_log`.execute(db);
  await db.schema.dropIndex('callbacks_review_idx').ifExists().execute();
  await db.schema.dropIndex('callbacks_earning_idx').ifExists().execute();
  await db.schema
    .alterTable('callbacks')
    .dropColumn('triggered_by')
    .dropColumn('earning_id')
    .dropColumn('review_status')
    .dropColumn('reviewed_by')
    .dropColumn('review_reason')
    .dropColumn('reviewed_at')
    .execute();
  await db.schema.dropTable('unsigned_callback_rejects').ifExists().execute();
  await sql`drop sequence if exists unsigned_callback_rejects_slot_seq`.execute(db);
}
