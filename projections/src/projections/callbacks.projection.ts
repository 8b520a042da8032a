import type { DB } from '@playquid/read-db';
import type { Transaction, Updateable } from 'kysely';
import { defineProjection } from '../projection';

/** A callback starts its life unprocessed, whether accepted or rejected. */
type CallbackUpdate = Updateable<DB['callbacks']>;

const UNPROCESSED = { is_processed: false, processed_at: null, processing_error: null } as const;

/** The review of a held credit, found through the earning it booked (set by EarningCredited). */
async function setReview(trx: Transaction<DB>, earningId: string, review: Pick<CallbackUpdate, 'review_status' | 'reviewed_by' | 'review_reason' | 'reviewed_at'>) {
  await trx.updateTable('callbacks').set(review).where('earning_id', '=', earningId).execute();
}

/**
 * Every signed partner callback, accepted or rejected, with its processing state and the review
 * of a credit held above the threshold (the callbacks console). Unsigned requests are not events:
 * the intake writes them to `unsigned_callback_rejects` itself.
 */
export const callbacksProjection = defineProjection({
  name: 'callbacks',
  tables: ['callbacks'],
  handlers: {
    CallbackReceived: async (trx, d) => {
      await trx
        .insertInto('callbacks')
        .values({
          id: d.callbackId,
          accepted: true,
          rejection_reason: null,
          transaction_id: d.transactionId,
          user_id: d.userId,
          offer_id: d.offerId,
          offer_name: d.offerName,
          task_id: d.taskId,
          task_name: d.taskName,
          user_reward_raw: d.userRewardRaw,
          reward_pence: d.rewardPence,
          raw_payment_usd: d.rawUsd,
          offer_state: d.state,
          callback_type: d.type,
          ref: d.ref,
          ...UNPROCESSED,
          source_ip: d.sourceIp,
          callback_hash: d.hash,
          raw_parameters: JSON.stringify(d.rawParameters),
          created_at: d.receivedAt,
          triggered_by: d.triggeredBy ?? null,
        })
        .execute();
    },
    CallbackRejected: async (trx, d) => {
      await trx
        .insertInto('callbacks')
        .values({
          id: d.callbackId,
          accepted: false,
          rejection_reason: d.reason,
          transaction_id: d.transactionId,
          user_id: d.userId,
          offer_id: d.rawParameters.offer_id ?? null,
          offer_name: d.rawParameters.offer_name ?? null,
          task_id: d.rawParameters.task_id ?? null,
          task_name: d.rawParameters.task_name ?? null,
          user_reward_raw: d.rawParameters.val ?? null,
          reward_pence: null,
          raw_payment_usd: null,
          offer_state: d.rawParameters.state ?? null,
          callback_type: d.rawParameters.type ?? null,
          ref: d.rawParameters.ref ?? null,
          ...UNPROCESSED,
          source_ip: d.sourceIp,
          callback_hash: d.hash,
          raw_parameters: JSON.stringify(d.rawParameters),
          created_at: d.receivedAt,
        })
        .execute();
    },
    CallbackProcessed: async (trx, d) => {
      await trx
        .updateTable('callbacks')
        .set({ is_processed: true, processed_at: d.processedAt, processing_error: null, earning_id: d.earningId })
        .where('id', '=', d.callbackId)
        .execute();
    },
    EarningCredited: async (trx, d) => {
      // Processing credits the wallet before it records CallbackProcessed: the earning id is known here first.
      await trx
        .updateTable('callbacks')
        .set({ earning_id: d.earningId, review_status: d.heldForReview ? 'held' : null })
        .where('id', '=', d.callbackId)
        .execute();
    },
    EarningReviewApproved: (trx, d) => setReview(trx, d.earningId, { review_status: 'approved', reviewed_by: d.approvedBy, review_reason: d.reason, reviewed_at: d.approvedAt }),
    EarningReviewRejected: (trx, d) => setReview(trx, d.earningId, { review_status: 'rejected', reviewed_by: d.rejectedBy, review_reason: d.reason, reviewed_at: d.rejectedAt }),
    CallbackProcessingFailed: async (trx, d) => {
      await trx.updateTable('callbacks').set({ is_processed: false, processing_error: d.error }).where('id', '=', d.callbackId).execute();
    },
  },
});
