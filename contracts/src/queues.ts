import type { StoredEventMessage } from './positions';

/** BullMQ queue names shared by the producer (server forwarder) and the consumers. */
export const QUEUES = {
  /**
   * One job per contiguous range of the global log (ProjectionRangeJob, jobId = projectionRangeJobId);
   * consumed by projections/.
   */
  projections: 'projections',
  /** The work CallbackReceived events ask for (server callback-jobs); consumed by the server's write side. */
  callbackProcessing: 'callback-processing',
  /** One job per PayoutApproved, jobId = payout id; places the Tremendous reward order (server). */
  rewardOrders: 'reward-orders',
  /** One job per MemberQualified/MemberQualificationLost: settles the referrer's reward on the friend's wallet (server). */
  referralSettlements: 'referral-settlements',
  /** BitLabs catalogue sync: a repeating job every few minutes, plus one at startup when the catalogue is empty. */
  offerSync: 'offer-sync',
  /** The daily personal-data retention run (server privacy/): one at a time in the cluster. */
  privacyRetention: 'privacy-retention',
  /** The signed log checkpoint, every LOG_CHECKPOINT_INTERVAL_MINUTES (server statements/): one at a time in the cluster. */
  logCheckpoints: 'log-checkpoints',
} as const;

/** The forwarder's own checkpoint row in projection_checkpoints. */
export const FORWARDER_CHECKPOINT = '$forwarder';

/**
 * A contiguous range of the global log, in log order: each event's previousPosition is the position
 * of the one before it (the first one's, of the event just before the range). Each projection
 * applies the part after its checkpoint in one transaction and refuses a range that starts after a
 * gap, so a range sent twice, or overlapping one already applied, changes nothing twice.
 */
export interface ProjectionRangeJob {
  events: StoredEventMessage[];
}

/** `first..last` positions of the range: the same range sent again is queued only once. */
export const projectionRangeJobId = (events: readonly StoredEventMessage[]): string => {
  if (events.length === 0) throw new Error('A projection range needs at least one event');
  return `${events[0].position}..${events[events.length - 1].position}`;
};

/** One member's stored callbacks, decided together in this order: one wallet append for all of them. */
export interface CallbackProcessingJob {
  userId: string;
  callbacks: Array<{ transactionId: string; callbackId: string }>;
}

export interface RewardOrderJob {
  uid: string;
  payoutId: string;
  /** 0 (or absent) for the first order; n for the n-th resend after a failed delivery. */
  attempt?: number;
}

/** Tremendous's idempotency key of a payout's order: the payout id, suffixed for a resend's new order. */
export const rewardOrderExternalId = (payoutId: string, attempt = 0) => (attempt === 0 ? payoutId : `${payoutId}-resend-${attempt}`);

/** A friend's qualification changed: settle the referrer's reward on what the friend's wallet says now. */
export interface ReferralSettlementJob {
  friendUid: string;
}

export interface OfferSyncJob {
  /** Why this run: 'schedule', 'startup' (empty catalogue) or 'manual'. */
  trigger: 'schedule' | 'startup' | 'manual';
}
