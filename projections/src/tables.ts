import type { DB } from '@playquid/read-db';

/**
 * Tables a projection may own. The checkpoint table is excluded on purpose: a rebuild empties a
 * projection's tables, and it must never be able to empty the checkpoints with them.
 */
// The unsigned-reject ring is written by the intake, not from events, and callback_log is a view over it.
// blog_views is a counter the API increments on each public read: no event, so no projection owns it.
// wallet_snapshots is a cache the API writes from the event store; verify checks it on its own.
// personal_data_keys is the crypto-shredding key store and privacy_requests the privacy desk's queue: never rebuilt.
export type ProjectionTable = Exclude<
  keyof DB,
  | 'projection_checkpoints'
  | 'unsigned_callback_rejects'
  | 'callback_log'
  | 'blog_views'
  | 'wallet_snapshots'
  | 'personal_data_keys'
  | 'privacy_requests'
>;

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
  user_counters: 'key',
  wallet_counters: 'key',
  callback_counters: 'key',
  offer_completions: 'offer_id',
  callback_transactions: 'transaction_id',
  claims: 'id',
};
