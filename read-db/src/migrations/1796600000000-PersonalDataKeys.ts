import { type Kysely, sql } from 'kysely';

/**
 * The key store of crypto-shredding: one data key per member and retention category (technical
 * keys per day), each wrapped (AES-256-GCM) by the configured master key. Never in the event log,
 * never a projection table (rebuild and verify leave it alone). Shredding sets `wrapped_key` to
 * null: every field encrypted under the key then reads as erased.
 *
 * `privacy_requests`: members' and written requests (export, closure, erasure) with the 30-day clock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('personal_data_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('master_key_id', 'text')
    .addColumn('wrapped_key', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('shredded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('personal_data_keys_subject_idx').on('personal_data_keys').column('subject').execute();
  await db.schema
    .createIndex('personal_data_keys_expires_idx')
    .on('personal_data_keys')
    .column('expires_at')
    .where(sql.ref('wrapped_key'), 'is not', null)
    .execute();
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('handled_by', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('privacy_requests_received_idx').on('privacy_requests').columns(['status', 'received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_requests').ifExists().execute();
  await db.schema.dropTable('personal_data_keys').ifExists().execute();
}
