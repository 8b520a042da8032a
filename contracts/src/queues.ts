/** BullMQ queue names shared by the producer (server forwarder) and the consumers. */
export const QUEUES = {
  /** One job per event of the global log, jobId = position; consumed by projections/. */
  projections: 'projections',
  /** One job per CallbackReceived, jobId = callback id; consumed by the server's write side. */
  callbackProcessing: 'callback-processing',
  /** One job per PayoutApproved, jobId = payout id; places the Tremendous reward order (server). */
  rewardOrders: 'reward-orders',
  /** BitLabs catalogue sync: a repeating job every few minutes, plus one at startup when the catalogue is empty. */
  offerSync: 'offer-sync',
} as const;

/** The forwarder's own checkpoint row in projection_checkpoints. */
export const FORWARDER_CHECKPOINT = '$forwarder';

export interface CallbackProcessingJob {
  transactionId: string;
  callbackId: string;
}

export interface RewardOrderJob {
  uid: string;
  payoutId: string;
}

export interface OfferSyncJob {
  /** Why this run: 'schedule', 'startup' (empty catalogue) or 'manual'. */
  trigger: 'schedule' | 'startup' | 'manual';
}
