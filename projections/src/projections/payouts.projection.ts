import { rewardStateFloor, rewardStateOfOrder, rewardStateOfStatus, rewardStateSupersedes, rewardStatusOf } from '@playquid/domain';
import { ERASED } from '@playquid/contracts';
import { Erasures } from '../erasure';
import { defineProjection } from '../projection';
import { TableBatch } from '../table-batch';

/** A payout closed with its money back in the balance. It needs no review: nothing more can be approved or paid from it. */
const closed = (status: 'rejected' | 'cancelled' | 'returned', by: string, reason: string, at: string) => ({
  status,
  decided_by: by,
  reason,
  needs_review: false,
  processed_at: at,
  updated_at: at,
});

/** Every payout with its lifecycle and reward-email delivery, for members' history and the admin screen. */
export const payoutsProjection = defineProjection({
  name: 'payouts',
  tables: ['payouts'],
  async load(trx, events) {
    const payouts = new TableBatch('payouts', 'id', { uid: (row) => row.uid });
    await payouts.load(
      trx,
      events.flatMap((e) => ('payoutId' in e.data ? [e.data.payoutId] : [])),
    );
    // Erasures of the rows already stored run before the batch writes its own.
    return { erasures: new Erasures(), payouts };
  },
  handlers: {
    // The reward email is financial identity: kept in the log (under the identity key) for the
    // retention period, but no read table shows it once the account is closed.
    AccountClosed: ({ erasures, payouts }, d) => {
      erasures.add((trx) => trx.updateTable('payouts').set({ email: ERASED }).where('uid', '=', d.uid).where('email', '<>', ERASED).execute());
      payouts.updateWhere('uid', d.uid, { email: ERASED });
    },
    PayoutRequested: ({ payouts }, d) =>
      payouts.insert({
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
        reward_status: 'not_ordered',
        reward_order_id: null,
        reward_id: null,
        reward_detail: null,
        reward_state_at: null,
        reward_order_placed: false,
        needs_review: false,
        review_reversed_pence: 0,
        requested_at: d.requestedAt,
        approved_at: null,
        processed_at: null,
        updated_at: d.requestedAt,
      }),
    PayoutApproved: ({ payouts }, d) =>
      payouts.update(d.payoutId, {
        status: 'approved',
        decided_by: d.approvedBy,
        notes: d.notes,
        approved_at: d.approvedAt,
        updated_at: d.approvedAt,
        ...(d.reversalAcknowledged ? { needs_review: false } : {}),
      }),
    PayoutRejected: ({ payouts }, d) => payouts.update(d.payoutId, closed('rejected', d.rejectedBy, d.reason, d.rejectedAt)),
    PayoutCancelled: ({ payouts }, d) => payouts.update(d.payoutId, closed('cancelled', d.cancelledBy, d.reason, d.cancelledAt)),
    PayoutProcessed: ({ payouts }, d) =>
      payouts.update(d.payoutId, {
        status: 'completed',
        needs_review: false,
        decided_by: d.processedBy,
        transaction_reference: d.transactionReference,
        notes: d.notes,
        processed_at: d.processedAt,
        updated_at: d.processedAt,
      }),
    PayoutRewardOrderPlaced: ({ payouts }, d) =>
      payouts.update(d.payoutId, (row) => ({
        reward_order_placed: true,
        reward_state_at: rewardStateFloor(row.reward_state_at === null ? null : new Date(row.reward_state_at).toISOString(), d.placedAt),
        updated_at: d.placedAt,
      })),
    PayoutFlaggedForReview: ({ payouts }, d) =>
      payouts.update(d.payoutId, (row) => ({
        needs_review: true,
        review_reversed_pence: row.review_reversed_pence + d.reversedPence,
        updated_at: d.flaggedAt,
      })),
    // Orders recorded before PayoutRewardOrderPlaced existed were placed all the same.
    PayoutRewardOrdered: ({ payouts }, d) =>
      payouts.update(d.payoutId, {
        reward_status: rewardStatusOf(rewardStateOfOrder(d.orderStatus)),
        reward_order_placed: true,
        reward_order_id: d.orderId,
        reward_id: d.rewardId,
        reward_detail: d.orderStatus,
        updated_at: d.orderedAt,
      }),
    PayoutRewardOrderFailed: ({ payouts }, d) =>
      payouts.update(d.payoutId, { reward_status: 'order_failed', reward_detail: d.error, updated_at: d.failedAt }),
    // By the provider's time and state precedence, as the wallet decider applies them.
    PayoutRewardDeliveryRecorded: ({ payouts }, d) =>
      payouts.update(d.payoutId, (row) => {
        const next = { state: d.state ?? (d.outcome === 'sent' ? 'delivered' : 'failed'), at: d.occurredAt ?? d.recordedAt };
        const at = row.reward_state_at === null ? null : new Date(row.reward_state_at).toISOString();
        if (!rewardStateSupersedes({ state: rewardStateOfStatus(row.reward_status), at }, next)) return { updated_at: d.recordedAt };
        return { reward_status: rewardStatusOf(next.state), reward_state_at: next.at, reward_detail: d.detail, updated_at: d.recordedAt };
      }),
    PayoutRewardResendRequested: ({ payouts }, d) =>
      payouts.update(d.payoutId, {
        reward_status: 'resend_requested',
        reward_order_placed: false,
        reward_order_id: null,
        reward_id: null,
        reward_detail: `Sent again to ${d.email} by ${d.requestedBy}`,
        email: d.email,
        updated_at: d.requestedAt,
      }),
    PayoutReturned: ({ payouts }, d) => payouts.update(d.payoutId, closed('returned', d.returnedBy, d.reason, d.returnedAt)),
  },
});
