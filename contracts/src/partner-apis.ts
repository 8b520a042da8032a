/**
 * Our partners' wire formats, as the server's clients read them and the local stand-ins
 * (@playquid/standins) serve them: one definition, so the two cannot drift apart.
 */

// ---------------------------------------------------------------- BitLabs offers API (static server feed)
/** Every BitLabs answer: `status` 'success' with `data`, or an error with its HTTP status and message. */
export interface BitlabsEnvelope<T> {
  data: T | null;
  error: { details: { http: number | string; msg: string } } | null;
  status: 'success' | 'error' | string;
  trace_id: string;
}

export interface BitlabsOfferEvent {
  uuid: string;
  name: string;
  type: string;
  /** The member's reward in the app currency (pounds for PlayQuid). */
  points: number | string;
  /** What BitLabs pays us, USD, as a decimal string. */
  payout: string;
  status?: 'viewed' | 'pending' | 'completed' | 'cancelled' | string;
  type_id: number;
  ttc_minutes?: number | null;
  expires_at?: string | null;
}

export interface BitlabsOffer {
  id: number | string;
  /** The game's display name; offers of the same game on several platforms share it. */
  anchor: string | null;
  description: string;
  requirements?: string | null;
  confirmation_time?: string | null;
  click_url: string;
  support_url?: string | null;
  icon_url?: string | null;
  /** Platform names (Android, iOS) appear here beside genres. */
  categories: string[];
  total_points?: number | string;
  disclaimer?: string | null;
  app_metadata?: { categories?: string[]; screenshot_urls?: string[] } | null;
  events: BitlabsOfferEvent[];
  /** Static feed only: the devices the offer is shown on (android, iphone, ipad, desktop). */
  device_targeting?: { devices?: string[] | null } | null;
}

// ---------------------------------------------------------------- Tremendous delivery webhooks
/** The delivery webhook Tremendous POSTs, signed over its raw body (header `Tremendous-Webhook-Signature`). */
export interface TremendousWebhook {
  event: string;
  uuid: string;
  created_utc: string;
  payload: { resource: { id: string; type: string } };
}

export const REWARD_DELIVERY_SUCCEEDED = 'REWARDS.DELIVERY.SUCCEEDED';
export const REWARD_DELIVERY_FAILED = 'REWARDS.DELIVERY.FAILED';
/** Tremendous's fraud review holds the reward (blocked after 30 days unless released). */
export const REWARD_FLAGGED = 'REWARDS.FLAGGED';
export const REWARD_CANCELED = 'REWARDS.CANCELED';
export const ORDER_PENDING_APPROVAL = 'ORDERS.PENDING_APPROVAL';
