import type { Kysely } from 'kysely';

/**
 * Missing-credit claims (projection `claims`): one row per claim stream, with the evidence the
 * member saw when opening it (our callbacks for them and the offer, as JSON) and the decision.
 * Indexed for the admin queue (status, newest first), the member's list and the timeline (per
 * member and offer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('api_id', 'text', (c) => c.notNull())
    .addColumn('offer_title', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('task_name', 'text', (c) => c.notNull())
    .addColumn('reward_pence', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('callbacks', 'jsonb', (c) => c.notNull())
    .addColumn('missing', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text')
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('waiting_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('earning_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claims_status_opened_idx').on('claims').columns(['status', 'opened_at', 'id']).execute();
  await db.schema.createIndex('claims_opened_idx').on('claims').columns(['opened_at', 'id']).execute();
  await db.schema.createIndex('claims_uid_offer_idx').on('claims').columns(['uid', 'offer_id', 'opened_at']).execute();
  // The queue's evidence: other members' credits of the same task.
  await db.schema.createIndex('earnings_offer_task_idx').on('earnings').columns(['offer_id', 'task_id']).execute();
  // The timeline: a member's earnings of one offer.
  await db.schema.createIndex('earnings_uid_offer_idx').on('earnings').columns(['uid', 'offer_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('earnings_uid_offer_idx').ifExists().execute();
  await db.schema.dropIndex('earnings_offer_task_idx').ifExists().execute();
  await db.schema.dropTable('claims').ifExists().execute();
}
