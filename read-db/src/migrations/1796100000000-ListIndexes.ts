import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the filters and sorts the API offers, so no list, count of referrals or search reads
 * a whole large table (issue 19; `server/src/read-plans.test.ts` holds the plans to it):
 * - `users.referred_by`: a member's referral count (admin users, member stats and profile).
 * - the admin users sorts: one index per key, scanned forward for one direction and backward (with
 *   an incremental sort on the uid tie-break) for the other; `last_login` is nullable and sorts
 *   never-signed-in members last either way, so it has one index per direction; role (two values)
 *   has one for its default, descending order. `lower(email)` is already indexed
 *   (users_email_lower_key). The money sorts read balances through a left join and still sort.
 * - admin payouts and earnings newest first; the callbacks console newest first (both halves of the
 *   `callback_log` view) and per offer.
 * - trigram (pg_trgm) indexes where the API searches inside strings with `ILIKE '%...%'`: members'
 *   email, username and uid; callbacks' transaction id, user id and offer name; offers' title and
 *   description. The extension lives in `public` (the operator class is named with its schema, so a
 *   scratch schema migrated for `verify` finds it too).
 */
const TRIGRAM: Array<[name: string, table: string, column: string]> = [
  ['users_email_trgm_idx', 'users', 'email'],
  ['users_username_trgm_idx', 'users', 'username'],
  ['users_uid_trgm_idx', 'users', 'uid'],
  ['callbacks_transaction_trgm_idx', 'callbacks', 'transaction_id'],
  ['callbacks_user_trgm_idx', 'callbacks', 'user_id'],
  ['callbacks_offer_name_trgm_idx', 'callbacks', 'offer_name'],
  ['offers_title_trgm_idx', 'offers', 'title'],
  ['offers_description_trgm_idx', 'offers', 'description'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_referred_by_idx').on('users').column('referred_by').where(sql.ref('referred_by'), 'is not', null).execute();
  await db.schema.createIndex('users_created_uid_idx').on('users').columns(['created_at', 'uid']).execute();
  await db.schema.createIndex('users_last_login_asc_idx').on('users').columns(['last_login', 'uid']).execute();
  await db.schema.createIndex('users_last_login_desc_idx').on('users').expression(sql`last_login desc nulls last, uid`).execute();
  await db.schema.createIndex('users_username_lower_idx').on('users').expression(sql`lower(username), uid`).execute();
  await db.schema.createIndex('users_role_idx').on('users').expression(sql`upper(role) desc, uid`).execute();

  await db.schema.createIndex('payouts_requested_idx').on('payouts').columns(['requested_at', 'id']).execute();
  await db.schema.createIndex('earnings_created_idx').on('earnings').columns(['created_at', 'id']).execute();

  await db.schema.createIndex('callbacks_created_id_idx').on('callbacks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('callbacks_offer_created_idx').on('callbacks').columns(['offer_id', 'created_at']).execute();
  await db.schema.createIndex('unsigned_callback_rejects_created_id_idx').on('unsigned_callback_rejects').columns(['created_at', 'id']).execute();

  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  for (const [name, table, column] of TRIGRAM) {
    await db.schema.createIndex(name).on(table).using('gin').expression(sql`${sql.ref(column)} public.gin_trgm_ops`).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The extension stays: other schemas of the database (a live one beside a scratch one) may use it.
  for (const [name] of [...TRIGRAM].reverse()) await db.schema.dropIndex(name).ifExists().execute();
  for (const name of [
    'unsigned_callback_rejects_created_id_idx',
    'callbacks_offer_created_idx',
    'callbacks_created_id_idx',
    'earnings_created_idx',
    'payouts_requested_idx',
    'users_role_idx',
    'users_username_lower_idx',
    'users_last_login_desc_idx',
    'users_last_login_asc_idx',
    'users_created_uid_idx',
    'users_referred_by_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
