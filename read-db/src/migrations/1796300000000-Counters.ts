import { type Kysely, sql } from 'kysely';

/**
 * Counters the projections keep beside their rows (issue 19), written in the same transaction as the
 * rows and the checkpoint, so a replay, a rebuild or a redelivered range never counts twice. Every
 * figure is a sum over the projection's own rows (see projections/src/counters.ts for each
 * contribution); a row whose figures are all 0 is absent, so the live and the replayed tables are
 * equal row for row (`verify`).
 *
 * - `user_counters` (users): members, verified, admins, banned; `signups:<day>` by UTC day of
 *   joining; `active:<day>` by UTC day of the later of joining and the last sign-in;
 *   `referrals:<uid>` members who joined with that member's referral.
 * - `wallet_counters` (wallet): total_earned_pence (the sum of every balance's Total Earned),
 *   offer_completions / offer_completed_pence (offer credits approved or paid), offer_pending_pence,
 *   offer_rejected, member_offer_pairs (distinct member and offer with a confirmed credit),
 *   `earned:<day>` (offer credits not rejected, by UTC day of crediting), `pair:<offer>:<uid>`.
 * - `offer_completions` (wallet): per BitLabs offer id, confirmed credits, members and pence.
 * - `callback_counters` (callbacks): the callbacks console's figures over signed callbacks, and
 *   what BitLabs pays us (USD ten-thousandths) from each transaction's latest accepted callback,
 *   which `callback_transactions` holds.
 *
 * Existing rows are counted here by the same rules, so an existing database needs no replay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['user_counters', 'wallet_counters', 'callback_counters']) {
    await db.schema
      .createTable(table)
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createTable('offer_completions')
    .addColumn('offer_id', 'text', (c) => c.primaryKey())
    .addColumn('completions', 'bigint', (c) => c.notNull())
    .addColumn('members', 'bigint', (c) => c.notNull())
    .addColumn('pence', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('offer_completions_top_idx')
    .on('offer_completions')
    .expression(sql`completions desc, pence desc, offer_id`)
    .execute();
  await db.schema
    .createTable('callback_transactions')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('callback_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('offer_state', 'text')
    .addColumn('raw_payment_usd', 'bigint', (c) => c.notNull())
    .execute();
  // greatest() skips nulls: a member's last activity, for the part of the boundary day of "active in 30 days".
  await db.schema
    .createIndex('users_active_idx')
    .on('users')
    .expression(sql`greatest(created_at, last_login)`)
    .execute();
  await backfillCounters(db);
}

const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/** Counts the existing rows into the counter tables (empty), by the projections' rules. */
export async function backfillCounters(db: Kysely<any>): Promise<void> {
  await sql`
    insert into user_counters (key, n)
    select key, n from (
      select 'members' as key, count(*) as n from users
      union all select 'verified', count(*) from users where is_verified
      union all select 'admins', count(*) from users where upper(role) = 'ADMIN'
      union all select 'banned', count(*) from users where is_banned
      union all select 'signups:' || ${day('created_at')}, count(*) from users group by 1
      union all select 'active:' || ${day('greatest(created_at, last_login)')}, count(*) from users group by 1
      union all select 'referrals:' || referred_by, count(*) from users where referred_by is not null group by referred_by
    ) c where n <> 0`.execute(db);

  await sql`
    insert into wallet_counters (key, n)
    select key, n from (
      select 'total_earned_pence' as key, coalesce(sum(total_earned_pence), 0) as n from balances
      union all select 'offer_completions', count(*) from earnings where kind = 'offer' and status in ('approved', 'paid')
      union all select 'offer_completed_pence', coalesce(sum(amount_pence), 0) from earnings where kind = 'offer' and status in ('approved', 'paid')
      union all select 'offer_pending_pence', coalesce(sum(amount_pence), 0) from earnings where kind = 'offer' and status = 'pending'
      union all select 'offer_rejected', count(*) from earnings where kind = 'offer' and status = 'rejected'
      union all select 'member_offer_pairs', count(distinct (uid, coalesce(offer_id, ''))) from earnings where kind = 'offer' and status in ('approved', 'paid')
      union all select 'earned:' || ${day('created_at')}, sum(amount_pence) from earnings where kind = 'offer' and status <> 'rejected' group by 1
      union all select 'pair:' || coalesce(offer_id, '') || ':' || uid, count(*) from earnings
        where kind = 'offer' and status in ('approved', 'paid') group by offer_id, uid
    ) c where n <> 0`.execute(db);

  await sql`
    insert into offer_completions (offer_id, completions, members, pence)
    select offer_id, count(*), count(distinct uid), sum(amount_pence) from earnings
    where kind = 'offer' and status in ('approved', 'paid') and offer_id is not null group by offer_id`.execute(db);

  await sql`
    insert into callback_transactions (transaction_id, callback_id, created_at, offer_state, raw_payment_usd)
    select distinct on (transaction_id) transaction_id, id, created_at, offer_state, raw_payment_usd from callbacks
    where accepted and transaction_id is not null and raw_payment_usd is not null
    order by transaction_id, created_at desc, id collate "C" desc`.execute(db);

  await sql`
    insert into callback_counters (key, n)
    select key, n from (
      select 'total' as key, count(*) as n from callbacks
      union all select 'processed', count(*) from callbacks where is_processed
      union all select 'failed', count(*) from callbacks where not is_processed and processing_error is not null
      union all select 'unprocessed', count(*) from callbacks where accepted and not is_processed and processing_error is null
      union all select 'rejected', count(*) from callbacks where not accepted
      union all select 'completed', count(*) from callbacks where accepted and offer_state = 'COMPLETED'
      union all select 'pending', count(*) from callbacks where accepted and offer_state = 'PENDING'
      union all select 'reconciled', count(*) from callbacks where accepted and offer_state = 'RECONCILED'
      union all select 'held', count(*) from callbacks where review_status = 'held'
      union all select 'company_pending_usd', coalesce(sum(raw_payment_usd), 0) from callback_transactions where offer_state = 'PENDING'
      union all select 'company_completed_usd', coalesce(sum(raw_payment_usd), 0) from callback_transactions
        where offer_state in ('COMPLETED', 'NONE') or (offer_state = 'RECONCILED' and raw_payment_usd < 0)
    ) c where n <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_active_idx').ifExists().execute();
  for (const table of ['callback_transactions', 'offer_completions', 'callback_counters', 'wallet_counters', 'user_counters'])
    await db.schema.dropTable(table).ifExists().execute();
}
