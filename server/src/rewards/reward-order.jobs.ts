import type { PayoutApproved, RewardOrderJob, StoredEventMessage } from '@playquid/contracts';

// Exponential backoff over ~40 minutes rides out a Tremendous outage; the last attempt records a failure.
export const REWARD_ORDER_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3_600 },
  removeOnFail: { age: 30 * 24 * 3_600 },
} as const;

/** One reward order per approved payout, jobId = payout id, so a payout sent again is queued once. */
export const rewardOrderJobs = (orders: readonly RewardOrderJob[]) =>
  orders.map((order) => ({ name: 'order', data: order, opts: { jobId: order.payoutId, ...REWARD_ORDER_JOB_OPTIONS } }));

/** The reward orders a page of the log asks for: one per PayoutApproved, in log order. */
export const approvedPayoutsIn = (messages: readonly StoredEventMessage[]): RewardOrderJob[] =>
  messages
    .filter((m) => m.type === 'PayoutApproved')
    .map((m) => {
      const { uid, payoutId } = m.data as PayoutApproved['data'];
      return { uid, payoutId };
    });
