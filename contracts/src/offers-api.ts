import type { PagedEnvelope } from './api';
import type { Pence } from './money';

/**
 * Offers, the partner's callbacks and the admin statistics. Money fields the
 * spec keeps in pounds or dollars keep their names; each has an exact integer twin.
 */

// ---------------------------------------------------------------- offers
export type OfferStatus = 'active' | 'inactive' | 'draft';
/** 1 Android, 2 iOS, 0 web/universal (admin view); other values mean PC/Web. */
export type DevicePlatform = 0 | 1 | 2 | 3;
export type OfferDifficulty = 'Easy' | 'Medium' | 'Hard';

/** Event type ids: 1 Install, 2 Achievement, 3 Purchase, 4 Daily Activity, other General. */
export const OFFER_EVENT_TYPES: Record<number, string> = { 1: 'Install', 2: 'Achievement', 3: 'Purchase', 4: 'Daily Activity' };
export const offerEventTypeName = (typeId: number): string => OFFER_EVENT_TYPES[typeId] ?? 'General';

export interface OfferEvent {
  event_id: string;
  name: string;
  type_id: number;
  /** What the member earns for this event, in pounds; `payout_pence` is exact. */
  payout: number;
  payout_pence: number;
  /** What BitLabs pays us, USD ten-thousandths. */
  original_amount: number;
  adjusted_amount: number;
  /** For the signed-in member: they completed this event (a credited callback for it). */
  is_completed: boolean;
}

export interface Offer {
  id: string;
  /** BitLabs offer id. */
  api_id: string;
  title: string;
  name: string;
  product_name: string;
  description: string;
  icon_url: string | null;
  /** Up to this much, in pounds (sum of the events); `reward_pence` is exact. */
  reward_amount: number;
  reward_pence: number;
  total_max_payout: number;
  category: string;
  categories: string[];
  difficulty: OfferDifficulty;
  time_to_complete: string;
  featured: boolean;
  /** Per-member tracking link; only `POST /offers/{id}/start` hands it out. */
  click_url: string | null;
  device_platform: DevicePlatform;
  anchor: string | null;
  created_at: string;
  requirements: string[];
  instructions: string[];
  things_to_know: string[];
  events: OfferEvent[];
  completed_tasks_count: number;
  /** Approved or paid task credits of this offer, from our own callbacks (not a made-up figure). */
  total_completions: number;
  /** Distinct members with such a credit. */
  members_completed: number;
  source: 'bitlabs' | 'manual';
  status: OfferStatus;
  confirmation_time: string | null;
  disclaimer: string | null;
  support_url: string | null;
}

export interface OfferStartData {
  click_url: string;
  offer_id: string;
}

export interface SiteStats {
  total_earnings_amount: number;
  total_earnings_pence: number;
  active_users_count: number;
  total_challenges_completed: number;
  /** The configured minimum payout (MIN_PAYOUT_PENCE), for the public FAQ and terms. */
  min_payout_pence: Pence;
}

export interface OfferCategory {
  name: string;
  count: number;
}

/** Admin create/update body; `anchor` empty clears it. */
export interface AdminOfferBody {
  title: string;
  description?: string;
  icon_url?: string | null;
  category?: string;
  difficulty?: OfferDifficulty;
  device_platform?: DevicePlatform;
  anchor?: string | null;
  status?: OfferStatus;
  reward_pence?: number;
  click_url?: string | null;
}

export type OffersPage = PagedEnvelope<Offer> & {
  /** With `device`: the filter values that have offers for that device (a value with none is not offered). */
  facets?: OfferFacets;
};

/**
 * `device` of GET /offers/alloffers: the visitor's device. With it the list has one offer per game
 * (an anchor groups a game's store listings) playable on that device, paged by game.
 */
export const OFFER_DEVICES = ['android', 'ios', 'desktop'] as const;
export type OfferDevice = (typeof OFFER_DEVICES)[number];

export interface OfferFacets {
  categories: string[];
  difficulties: OfferDifficulty[];
  platforms: DevicePlatform[];
}

/** `sort` of GET /offers/alloffers: the offers page's Highest Reward, Best Rated, Most Popular, Newest First. */
export const OFFER_SORTS = ['highest_reward', 'best_rated', 'most_popular', 'newest'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/** PUT /offers/{id}/progress: what the member's client reports; credits still come only from BitLabs. */
export interface OfferProgressBody {
  status?: 'in_progress' | 'completed';
}
export interface OfferProgressData {
  offer_id: string;
  status: 'in_progress' | 'completed';
}

/** PUT /admin/offers/{id}/featured and POST /admin/offers/featured/clear. */
export interface FeaturedChangeData {
  anchor: string | null;
  featured: boolean;
  /** The offers whose flag changed (the whole anchor group). */
  offer_ids: string[];
  featured_total: number;
}

/** GET /offers/debug (admin). */
export interface OffersDebugData {
  catalogue: {
    total: number;
    by_status: Record<OfferStatus, number>;
    featured: number;
    by_source: { bitlabs: number; manual: number };
    by_platform: { web: number; android: number; ios: number; pc: number };
    anchors: number;
  };
  sync: {
    enabled: boolean;
    interval_minutes: number;
    source_url: string;
    last_run: {
      finished_at: string;
      outcome: 'succeeded' | 'failed';
      trigger: string | null;
      summary: OfferSyncSummary | null;
      error: string | null;
    } | null;
  };
}

export interface OfferSyncSummary {
  fetched: number;
  created: number;
  updated: number;
  /** Active offers no longer in the feed, made inactive. */
  delisted: number;
  unchanged: number;
  /** Feed entries that could not be read as offers (logged, left out). */
  skipped: number;
  events: number;
}

// ---------------------------------------------------------------- callbacks console
export type CallbackState = 'COMPLETED' | 'PENDING' | 'RECONCILED' | 'NONE';

export interface CallbackRecord {
  id: string;
  transaction_id: string | null;
  user_id: string | null;
  offer_id: string | null;
  offer_name: string | null;
  task_id: string | null;
  /** USD, 2 to 4 decimals, as the partner sent it (`user_reward_raw` is the exact text). */
  user_reward: number | null;
  user_reward_raw: string | null;
  raw_payment_usd: number | null;
  offer_state: CallbackState | null;
  is_processed: boolean;
  processed_at: string | null;
  processing_error: string | null;
  /** Rejected at intake (bad signature, bad parameters): never processed. */
  accepted: boolean;
  rejection_reason: string | null;
  source_ip: string | null;
  callback_hash: string | null;
  raw_parameters: Record<string, string>;
  created_at: string;
  /** Refused before any signature was proven (bad or missing hash, IP not allowed): kept in a bounded list, never an event. */
  unsigned?: boolean;
  /** The admin who sent it from the console; null for BitLabs. */
  triggered_by?: string | null;
  /** A credit above the review threshold: held until an admin approves or rejects it; null when no review was needed. */
  review_status?: CallbackReviewStatus | null;
  reviewed_by?: string | null;
  review_reason?: string | null;
  reviewed_at?: string | null;
}

/** `covered_by_claim`: a partner credit for a task an approved missing-credit claim had already paid (not paid twice); `account_closed`: arrived after the account closed (not credited). */
export type CallbackReviewStatus = 'held' | 'approved' | 'rejected' | 'covered_by_claim' | 'account_closed';

export interface CallbackStats {
  total_callbacks: number;
  recent_callbacks_24h: number;
  processed_callbacks: number;
  unprocessed_callbacks: number;
  failed_callbacks: number;
  /** (processed - failed) / total, percentage with 1 decimal. */
  success_rate: number;
  completed_callbacks: number;
  pending_callbacks: number;
  reconciled_callbacks: number;
  /** Of the total: refused before a signature was proven (bounded list, not events). */
  unsigned_rejected_callbacks?: number;
  /** Credits waiting for an admin's review. */
  held_callbacks?: number;
}

export type CallbacksPage = PagedEnvelope<CallbackRecord>;

// ---------------------------------------------------------------- admin statistics
export interface AdminStats {
  /** Company revenue is what BitLabs pays us (USD); client revenue, periods and top offers are members' earnings (GBP). */
  currency: { company: 'USD'; client: 'GBP'; time_periods: 'GBP'; top_performing_offers: 'GBP' };
  revenue: {
    company: { total: number; completed: number; pending: number };
    client: { total: number; completed: number; pending: number };
    time_periods: { yesterday: number; month_to_date: number };
  };
  signups: { total: number; active_users: number; today: number; yesterday: number; month_to_date: number; this_week: number };
  conversion: { conversion_rate: number; total_completions: number; total_starts: number; in_progress: number; rejected: number };
  general: { active_offers: number; total_offers: number; featured_offers: number };
  top_performing_offers: { offer_id: string; name: string; icon_url: string | null; completion_count: number; total_revenue: number }[];
}
