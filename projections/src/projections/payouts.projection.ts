import type { DB, PayoutsTable } from '@playquid/read-db';
import { sql, type Transaction, type Updateable } from 'kysely';
import { defineProjection } from '../projection';

async function update(trx: Transaction<DB>, payoutId: string, changes: Updateable<PayoutsTable>): Promise<void> {
  await trx.updateTable('payouts').set(changes).where('id', '=', payoutId).execute();
}

/** Every payout with its lifecycle and reward-email delivery, for members' history and the admin screen. */
export const payoutsProjection = defineProjection({
  name: 'payouts',
  tables: ['payouts'],
  handlers: {
    PayoutRequested: async (trx, d) => {
      await trx
        .insertInto('payouts')
        .values({
          id: d.payoutId,
          uid: d.uid,
          amount_pence: d.amountPence,
          status: 'pending',
          method: d.method,
          delivery_method: d.deliveryMethod,
          email: d.email,
          earning_count: d.earningIds.length,
          transaction_reference: null,
          notes: null,
          reason: null,
          decided_by: null,
          reward_order_id: null,
          reward_id: null,
          reward_detail: null,
          requested_at: d.requestedAt,
          approved_at: null,
          processed_at: null,
          updated_at: d.requestedAt,
        })
        .execute();
    },
    PayoutApproved: (trx, d) =>
      update(trx, d.payoutId, {
        status: 'approved',
        decided_by: d.approvedBy,
        notes: d.notes,
        approved_at: d.approvedAt,
        updated_at: d.approvedAt,
        ...(d.reversalAcknowledged ? { needs_review: false } : {}),
      }),
    // A closed payout needs no review: nothing more can be approved or paid from it.
    PayoutRejected: (trx, d) =>
      update(trx, d.payoutId, {
        status: 'rejected',
        decided_by: d.rejectedBy,
        reason: d.reason,
        needs_review: false,
        processed_at: d.rejectedAt,
        updated_at: d.rejectedAt,
      }),
    PayoutCancelled: (trx, d) =>
      update(trx, d.payoutId, {
        status: 'cancelled',
        decided_by: d.cancelledBy,
        reason: d.reason,
        needs_review: false,
        processed_at: d.cancelledAt,
        updated_at: d.cancelledAt,
      }),
    PayoutProcessed: (trx, d) =>
      update(trx, d.payoutId, {
        status: 'completed',
        needs_review: false,
        decided_by: d.processedBy,
        transaction_reference: d.transactionReference,
        notes: d.notes,
        processed_at: d.processedAt,
        updated_at: d.processedAt,
      }),
    PayoutRewardOrderPlaced: (trx, d) => update(trx, d.payoutId, { reward_order_placed: true, updated_at: d.placedAt }),
    PayoutFlaggedForReview: async (trx, d) => {
      await trx
        .updateTable('payouts')
        .set({ needs_review: true, review_reversed_pence: sql<number>`review_reversed_pence + ${d.reversedPence}`, updated_at: d.flaggedAt })
        .where('id', '=', d.payoutId)
        .execute();
    },
    // Orders recorded before PayoutRewardOrderPlaced existed were placed all the same.
    PayoutRewardOrdered: (trx, d) =>
      update(trx, d.payoutId, {
        reward_status: 'ordered',
        reward_order_placed: true,
        reward_order_id: d.orderId,
        reward_id: d.rewardId,
        reward_detail: d.orderStatus,
        updated_at: d.orderedAt,
      }),
    PayoutRewardOrderFailed: (trx, d) => update(trx, d.payoutId, { reward_status: 'order_failed', reward_detail: d.error, updated_at: d.failedAt }),
    PayoutRewardDeliveryRecorded: (trx, d) =>
      update(trx, d.payoutId, { reward_status: d.outcome, reward_detail: d.detail, updated_at: d.recordedAt }),
  },
});
