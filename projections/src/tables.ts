import type { DB } from '@playquid/read-db';

/**
 * Tables a projection may own. The checkpoint table is excluded on purpose: a rebuild empties a
 * projection's tables, and it must never be able to empty the checkpoints with them.
 */
// The unsigned-reject ring is written by the intake, not from events, and callback_log is a view over it.
// blog_views is a counter the API increments on each public read: no event, so no projection owns it.
export type ProjectionTable = Exclude<keyof DB, 'projection_checkpoints' | 'unsigned_callback_rejects' | 'callback_log' | 'blog_views'>;

/**
 * Primary key of each read table, used to compare two read models row by row. A Record (not a
 * Partial) so a new read table does not compile until its key is stated here.
 */
export const PRIMARY_KEYS: Record<ProjectionTable, string> = {
  users: 'uid',
  balances: 'uid',
  earnings: 'id',
  callbacks: 'id',
  payouts: 'id',
  statement_entries: 'event_id',
  offers: 'id',
  offer_starts: 'id',
  blogs: 'id',
  claims: 'id',
};
