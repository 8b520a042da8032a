import type { Kysely } from 'kysely';

/**
 * The wallet (Total Earned now counts pending credits; held credits and reviews), users (claimed
 * emails, bans), callbacks (review status), payouts (order placement, reversal review) and
 * statement (review entries) projections changed how they fold the same events. Dropping their
 * checkpoints makes `migrate` replay the log into them (rebuildProjections clears their tables
 * first), so an existing database shows what the new code would have projected from the start.
 * A new database has no checkpoints and nothing to replay.
 */
const CHANGED = ['wallet', 'users', 'callbacks', 'payouts', 'statement'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('projection_checkpoints').where('projection', 'in', CHANGED).execute();
}

/** Nothing to undo: the replayed tables are what the log says. */
export async function down(): Promise<void> {}
