import type { DB } from './schema';
import { type Kysely, sql } from 'kysely';
import { backfillCounters } from './migrations/1796300000000-Counters';

/**
 * Fills a migrated read model with `members` members and as many payouts, earnings, callbacks and
 * statement rows and their counters (set-based, a second or so for a few thousand), then VACUUM ANALYZEs it, so the planner
 * sees tables the size of a live site rather than empty ones. Every tenth member was referred by
 * member 1..50. Used by the plan test and the list benchmark (`scripts/bench-lists.cjs`).
 */
export async function seedReadModel(db: Kysely<DB>, members: number): Promise<void> {
  const n = sql.lit(members);
  await sql`
    insert into users (uid, email, username, role, is_verified, referred_by, created_at, last_login, updated_at)
    select 'u' || g, 'member' || g || '@example.test', 'player' || g, case when g % 500 = 0 then 'ADMIN' else 'USER' end, g % 3 <> 0,
           case when g % 10 = 0 then 'u' || (g % 50 + 1) end,
           timestamptz '2026-01-01' + g * interval '1 minute',
           case when g % 4 <> 0 then timestamptz '2026-06-01' + g * interval '37 seconds' end,
           timestamptz '2026-01-01'
      from generate_series(1, ${n}) g`.execute(db);
  await sql`
    insert into balances (uid, available_pence, pending_pence, total_earned_pence, total_transactions, pending_transactions, completed_offers, updated_at)
    select 'u' || g, g % 1000, g % 300, g % 5000, g % 20, g % 3, g % 15, timestamptz '2026-01-01'
      from generate_series(1, ${n}) g where g % 5 <> 0`.execute(db);
  await sql`
    insert into payouts (id, uid, amount_pence, status, method, delivery_method, email, earning_count, requested_at, updated_at)
    select 'p' || g, 'u' || (g % ${n} + 1), 500 + g % 2000, (array['pending', 'approved', 'paid', 'rejected'])[g % 4 + 1], 'paypal', 'EMAIL',
           'member' || g || '@example.test', 1, timestamptz '2026-02-01' + g * interval '47 seconds', timestamptz '2026-02-01'
      from generate_series(1, ${n}) g`.execute(db);
  await sql`
    insert into earnings (id, uid, amount_pence, status, kind, offer_id, created_at, updated_at)
    select 'e' || g, 'u' || (g % ${n} + 1), 10 + g % 400, (array['pending', 'approved', 'paid', 'reversed'])[g % 4 + 1], 'offer', 'api' || (g % 200),
           timestamptz '2026-02-01' + g * interval '31 seconds', timestamptz '2026-02-01'
      from generate_series(1, ${n}) g`.execute(db);
  await sql`
    insert into callbacks (id, accepted, transaction_id, user_id, offer_id, offer_name, offer_state, is_processed, created_at)
    select 'c' || g, true, 'tx-' || md5(g::text), 'u' || (g % ${n} + 1), 'api' || (g % 200), 'Dragon Quest ' || (g % 200),
           (array['COMPLETED', 'PENDING', 'RECONCILED'])[g % 3 + 1], g % 7 <> 0, timestamptz '2026-02-01' + g * interval '29 seconds'
      from generate_series(1, ${n}) g`.execute(db);
  await sql`
    insert into statement_entries (event_id, uid, revision, at, kind, reason, available_change_pence, pending_change_pence,
                                   available_balance_pence, pending_balance_pence, reserved_balance_pence)
    select 's' || g, 'u' || (g % 100 + 1), g / 100, timestamptz '2026-02-01' + g * interval '1 minute', 'credit', 'Offer completed', 10, 0, g, 0, 0
      from generate_series(1, ${n}) g`.execute(db);
  // The projections' counters, as they would have kept them for these rows.
  await backfillCounters(db);
  // VACUUM too: a GIN index learns its size (which the planner costs it by) only from VACUUM.
  await sql`vacuum analyze`.execute(db);
}
