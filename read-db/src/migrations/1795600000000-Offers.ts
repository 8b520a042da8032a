import type { Kysely } from 'kysely';

/**
 * The offer catalogue and the members' offer starts (projection `offers`). Lists are jsonb: they
 * are only ever read whole; search (title/description, case-insensitive) scans, as the catalogue
 * is hundreds of rows. Offer pages count completions per BitLabs offer id: the earnings index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_id', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text')
    .addColumn('reward_pence', 'bigint', (c) => c.notNull())
    .addColumn('payout_usd', 'bigint')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull())
    .addColumn('difficulty', 'text', (c) => c.notNull())
    .addColumn('time_to_complete', 'text', (c) => c.notNull())
    .addColumn('click_url', 'text')
    .addColumn('device_platform', 'integer', (c) => c.notNull())
    .addColumn('anchor', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requirements', 'jsonb', (c) => c.notNull())
    .addColumn('instructions', 'jsonb', (c) => c.notNull())
    .addColumn('things_to_know', 'jsonb', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('confirmation_time', 'text')
    .addColumn('disclaimer', 'text')
    .addColumn('support_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('synced_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('offers_status_featured_idx').on('offers').columns(['status', 'featured']).execute();
  // Group featuring finds every offer of an anchor.
  await db.schema.createIndex('offers_anchor_idx').on('offers').column('anchor').execute();

  await db.schema
    .createTable('offer_starts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('api_id', 'text', (c) => c.notNull())
    .addColumn('offer_title', 'text', (c) => c.notNull())
    .addColumn('first_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('start_count', 'integer', (c) => c.notNull())
    .addColumn('reported_status', 'text')
    .addColumn('reported_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('offer_starts_uid_idx').on('offer_starts').columns(['uid', 'first_started_at']).execute();
  await db.schema.createIndex('offer_starts_api_idx').on('offer_starts').column('api_id').execute();

  await db.schema.createIndex('earnings_offer_idx').on('earnings').column('offer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('earnings_offer_idx').ifExists().execute();
  await db.schema.dropTable('offer_starts').ifExists().execute();
  await db.schema.dropTable('offers').ifExists().execute();
}
