import { defineProjection } from '../projection';

/** A callback starts its life unprocessed, whether accepted or rejected. */
const UNPROCESSED = { is_processed: false, processed_at: null, processing_error: null } as const;

/** Every partner callback, accepted or rejected, with its processing state (the callbacks console). */
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
        .set({ is_processed: true, processed_at: d.processedAt, processing_error: null })
        .where('id', '=', d.callbackId)
        .execute();
    },
    CallbackProcessingFailed: async (trx, d) => {
      await trx.updateTable('callbacks').set({ is_processed: false, processing_error: d.error }).where('id', '=', d.callbackId).execute();
    },
  },
});
