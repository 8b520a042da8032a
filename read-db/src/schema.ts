import type { ClaimCallbackEvidence, OfferTask } from '@playquid/contracts';
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The read model: every table the projections write and `/api/*` queries read. Money columns are
 * bigint pence (parsed to JS numbers: pence stay far below 2^53). Global positions are numeric(20)
 * and stay strings so no precision is ever lost.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  uid: string;
  email: string;
  username: string;
  gender: string | null;
  role: string;
  is_verified: boolean;
  referred_by: string | null;
  created_at: Timestamp;
  last_login: Timestamp | null;
  updated_at: Timestamp;
  /** Set by UserBanned, cleared by UserUnbanned; the auth guard refuses a banned member. */
  is_banned: ColumnType<boolean, boolean | undefined, boolean>;
  banned_at: Timestamp | null;
  banned_by: string | null;
  ban_reason: string | null;
  /** The offer partner's hold (a ban callback, PartnerAccountStatusChanged): null when none; payouts pause while it lasts. */
  partner_hold_state: ColumnType<string | null, string | null | undefined, string | null>;
  partner_hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
  partner_hold_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface BalancesTable {
  uid: string;
  available_pence: number;
  pending_pence: number;
  total_earned_pence: number;
  total_transactions: number;
  pending_transactions: number;
  completed_offers: number;
  reserved_pence: ColumnType<number, number | undefined, number>;
  paid_out_pence: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface EarningsTable {
  id: string;
  uid: string;
  amount_pence: number;
  status: string;
  is_bonus: boolean;
  /** offer, bonus or referral */
  kind: ColumnType<string, string | undefined, string>;
  callback_id: string | null;
  transaction_id: string | null;
  offer_id: string | null;
  offer_name: string | null;
  task_id: string | null;
  task_name: string | null;
  payout_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CallbacksTable {
  id: string;
  accepted: boolean;
  rejection_reason: string | null;
  transaction_id: string | null;
  user_id: string | null;
  offer_id: string | null;
  offer_name: string | null;
  task_id: string | null;
  task_name: string | null;
  user_reward_raw: string | null;
  reward_pence: number | null;
  raw_payment_usd: number | null;
  offer_state: string | null;
  callback_type: string | null;
  ref: string | null;
  is_processed: boolean;
  processed_at: Timestamp | null;
  processing_error: string | null;
  source_ip: string | null;
  callback_hash: string | null;
  raw_parameters: Json<Record<string, string>>;
  created_at: Timestamp;
  /** The admin who sent it from the console; null for BitLabs. */
  triggered_by: ColumnType<string | null, string | null | undefined, string | null>;
  earning_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A reversal that arrived before the credit it names and waits for it (ReversalAwaitingCredit). */
  awaiting_credit: ColumnType<boolean, boolean | undefined, boolean>;
  /** A credit above the review threshold: held, approved or rejected by an admin; null when none was needed. */
  review_status: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Requests refused before a signature was proven: a fixed ring of rows, no events (migration 1795710000000). */
export interface UnsignedCallbackRejectsTable {
  slot: number;
  id: string;
  reason: string;
  source_ip: string;
  transaction_id: string | null;
  user_id: string | null;
  callback_hash: string | null;
  /** The query as sent, cut to 1 KB. */
  raw_query: string;
  raw_parameters: Json<Record<string, string>>;
  created_at: Timestamp;
}

/** View: the callbacks and the unsigned rejects in one shape, for the console (read only). */
export interface CallbackLogView extends CallbacksTable {
  unsigned: boolean;
}

export interface PayoutsTable {
  id: string;
  uid: string;
  amount_pence: number;
  /** pending, approved, completed, rejected, cancelled, returned */
  status: string;
  method: string;
  delivery_method: string;
  email: string;
  earning_count: number;
  /** The bank/processor reference an admin records when marking it paid. */
  transaction_reference: string | null;
  notes: string | null;
  /** Why it was rejected or cancelled. */
  reason: string | null;
  decided_by: string | null;
  /** not_ordered, ordered, order_failed, pending_approval, flagged, sent (delivered), failed, cancelled, resend_requested */
  reward_status: ColumnType<string, string | undefined, string>;
  /** The provider's time of reward_status (a webhook's created_utc); older webhooks change nothing. */
  reward_state_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reward_order_id: string | null;
  reward_id: string | null;
  reward_detail: string | null;
  /** PayoutRewardOrderPlaced: cancel and reject are refused from here on. */
  reward_order_placed: ColumnType<boolean, boolean | undefined, boolean>;
  /** A reversal landed while the payout was open and no admin has acknowledged it yet. */
  needs_review: ColumnType<boolean, boolean | undefined, boolean>;
  /** Approved money reversed while the payout was open. */
  review_reversed_pence: ColumnType<number, number | undefined, number>;
  requested_at: Timestamp;
  approved_at: Timestamp | null;
  processed_at: Timestamp | null;
  updated_at: Timestamp;
}

/** One change to a member's money (see contracts StatementEntry), with the balances after it. */
export interface StatementEntriesTable {
  event_id: string;
  uid: string;
  /** Revision of the event in the member's wallet stream. */
  revision: number;
  at: Timestamp;
  /** a StatementEntryKind */
  kind: string;
  reason: string;
  available_change_pence: number;
  pending_change_pence: number;
  available_balance_pence: number;
  pending_balance_pence: number;
  reserved_balance_pence: number;
  earning_id: string | null;
  payout_id: string | null;
  expected_clear_at: Timestamp | null;
}

/** The offer catalogue (projection `offers`): BitLabs offers from the sync and manual ones. */
export interface OffersTable {
  id: string;
  /** BitLabs offer id (a manual offer repeats its own id). */
  api_id: string;
  /** bitlabs or manual */
  source: string;
  title: string;
  product_name: string;
  description: string;
  icon_url: string | null;
  reward_pence: number;
  /** What BitLabs pays for every task, USD ten-thousandths. */
  payout_usd: number | null;
  category: string;
  categories: Json<string[]>;
  difficulty: string;
  time_to_complete: string;
  /** The tracking link without the member. */
  click_url: string | null;
  device_platform: number;
  anchor: string | null;
  /** active, inactive, draft */
  status: string;
  featured: ColumnType<boolean, boolean | undefined, boolean>;
  requirements: Json<string[]>;
  instructions: Json<string[]>;
  things_to_know: Json<string[]>;
  events: Json<OfferTask[]>;
  confirmation_time: string | null;
  disclaimer: string | null;
  support_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  synced_at: Timestamp | null;
}

/** One row per member and offer they started: the denominator of conversion and "in progress". */
export interface OfferStartsTable {
  /** `${uid}:${offerId}` */
  id: string;
  uid: string;
  offer_id: string;
  api_id: string;
  offer_title: string;
  first_started_at: Timestamp;
  last_started_at: Timestamp;
  start_count: number;
  /** What the member's client last reported (in_progress, completed). */
  reported_status: string | null;
  reported_at: Timestamp | null;
}

/** Blog posts (projection `blogs`); `content` is sanitised HTML. */
export interface BlogsTable {
  id: string;
  slug: string;
  title: string;
  preview: string;
  content: string;
  meta_description: string | null;
  featured_image_url: string | null;
  is_published: ColumnType<boolean, boolean | undefined, boolean>;
  is_featured: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: Timestamp | null;
  author_uid: string;
  author_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Views per post, written by the public GET (not a projection: rebuild and verify leave it alone). */
export interface BlogViewsTable {
  blog_id: string;
  /** bigint, parsed to a JS number by the read-db pool. */
  view_count: ColumnType<number, number | undefined, number>;
}

/** A projection's counters (migration 1796300000000): a key and a bigint; a key at 0 has no row. */
export interface CounterTable {
  key: string;
  /** bigint, parsed to a JS number by the read-db pool. */
  n: number;
}

/** Confirmed offer credits per BitLabs offer id (wallet projection). */
export interface OfferCompletionsTable {
  offer_id: string;
  completions: number;
  members: number;
  pence: number;
}

/** Each transaction's latest accepted callback with a payment (callbacks projection): what BitLabs pays us. */
export interface CallbackTransactionsTable {
  transaction_id: string;
  callback_id: string;
  created_at: Timestamp;
  offer_state: string | null;
  raw_payment_usd: number;
}

/** A member's wallet state after one event of their stream: a cache for folds (migration 1796300000001). */
export interface WalletSnapshotsTable {
  uid: string;
  /** bigint: the stream revision the state includes. */
  revision: ColumnType<number, string | number, string | number>;
  /** The hash of the event at `revision`: the snapshot is used only while the stream still has it. */
  event_hash: string;
  at: Timestamp;
  version: number;
  /** The state as JSON text, key order kept. */
  state: string;
}

/** Missing-credit claims, one row per claim stream (migration Claims). */
export interface ClaimsTable {
  id: string;
  uid: string;
  offer_id: string;
  api_id: string;
  offer_title: string;
  task_id: string;
  task_name: string;
  reward_pence: number;
  status: string;
  started_at: Timestamp;
  callbacks: Json<ClaimCallbackEvidence[]>;
  missing: string;
  note: string;
  evidence: string | null;
  opened_at: Timestamp;
  waiting_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decision_reason: string | null;
  earning_id: string | null;
  updated_at: Timestamp;
}

export interface ProjectionCheckpointsTable {
  projection: string;
  commit_position: string;
  prepare_position: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Crypto-shredding data keys (migration 1796600000000); not a projection table. */
export interface PersonalDataKeysTable {
  key_id: string;
  subject: string;
  category: string;
  master_key_id: string | null;
  wrapped_key: Buffer | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  shredded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Privacy requests (export, closure, erasure) and their 30-day clock; not a projection table. */
export interface PrivacyRequestsTable {
  id: string;
  uid: string;
  kind: string;
  channel: string;
  status: string;
  received_at: Timestamp;
  due_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: string | null;
  reason: string | null;
}

export interface DB {
  personal_data_keys: PersonalDataKeysTable;
  privacy_requests: PrivacyRequestsTable;
  users: UsersTable;
  balances: BalancesTable;
  earnings: EarningsTable;
  callbacks: CallbacksTable;
  unsigned_callback_rejects: UnsignedCallbackRejectsTable;
  callback_log: CallbackLogView;
  payouts: PayoutsTable;
  statement_entries: StatementEntriesTable;
  offers: OffersTable;
  offer_starts: OfferStartsTable;
  blogs: BlogsTable;
  blog_views: BlogViewsTable;
  user_counters: CounterTable;
  wallet_counters: CounterTable;
  callback_counters: CounterTable;
  offer_completions: OfferCompletionsTable;
  callback_transactions: CallbackTransactionsTable;
  wallet_snapshots: WalletSnapshotsTable;
  claims: ClaimsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
}

export type ClaimRow = Selectable<ClaimsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type BalanceRow = Selectable<BalancesTable>;
export type EarningRow = Selectable<EarningsTable>;
export type NewEarningRow = Insertable<EarningsTable>;
export type EarningUpdate = Updateable<EarningsTable>;
export type CallbackRow = Selectable<CallbacksTable>;
export type NewCallbackRow = Insertable<CallbacksTable>;
export type CallbackLogRow = Selectable<CallbackLogView>;
export type PayoutRow = Selectable<PayoutsTable>;
export type StatementEntryRow = Selectable<StatementEntriesTable>;
export type OfferRow = Selectable<OffersTable>;
export type OfferStartRow = Selectable<OfferStartsTable>;
export type BlogRow = Selectable<BlogsTable>;
