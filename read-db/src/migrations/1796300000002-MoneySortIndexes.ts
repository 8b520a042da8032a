import type { Kysely } from 'kysely';

/**
 * The admin users list's money sorts (Total Earned, pending, completed offers) read balances in
 * index order (issue 19): the members with a non-zero figure from one of these, the zeros (and the
 * members without a balances row) by uid.
 */
const INDEXES: Array<[string, string]> = [
  ['balances_total_earned_idx', 'total_earned_pence'],
  ['balances_pending_idx', 'pending_pence'],
  ['balances_completed_offers_idx', 'completed_offers'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of INDEXES) await db.schema.createIndex(name).on('balances').columns([column, 'uid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
