import { type PayoutApproved, type PayoutRewardResendRequested, type RewardOrderJob, rewardOrderExternalId, type StoredEventMessage } from '@playquid/contracts';

// Exponential backoff over ~40 minutes rides out a Tremendous outage; the last attempt records a failure.
export const REWARD_ORDER_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3_600 },
  removeOnFail: { age: 30 * 24 * 3_600 },
} as const;

/** One reward order per approved payout and resend, jobId = its external id, so one sent again is queued once. */
export const rewardOrderJobs = (orders: readonly RewardOrderJob[]) =>
  orders.map((order) => ({ name: 'order', data: order, opts: { jobId: rewardOrderExternalId(order.payoutId, order.attempt), ...REWARD_ORDER_JOB_OPTIONS } }));

/** The reward orders a page of the log asks for: one per PayoutApproved and per resend, in log order. */
export const approvedPayoutsIn = (messages: readonly StoredEventMessage[]): RewardOrderJob[] =>
  messages.flatMap((m): RewardOrderJob[] => {
    if (m.type === 'PayoutApproved') {
      const { uid, payoutId } = m.data as PayoutApproved['data'];
      return [{ uid, payoutId }];
    }
    if (m.type === 'PayoutRewardResendRequested') {
      const { uid, payoutId, attempt } = m.data as PayoutRewardResendRequested['data'];
      return [{ uid, payoutId, attempt }];
    }
    return [];
  });
