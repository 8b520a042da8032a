import type { PayoutRequested, PlayQuidEvent } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { payoutsProjection } from './payouts.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('payouts');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, payoutsProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-23T10:00:00.000Z';
const T2 = '2026-11-24T10:00:00.000Z';
const requested: PayoutRequested = {
  type: 'PayoutRequested',
  data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, method: 'tremendous_reward', deliveryMethod: 'email', email: 'ana@example.com', earningIds: ['a', 'b'], requestedAt: T0 },
};
const row = {
  id: 'p-1',
  uid: 'ana',
  amount_pence: 325,
  status: 'pending',
  method: 'tremendous_reward',
  delivery_method: 'email',
  email: 'ana@example.com',
  earning_count: 2,
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
  requested_at: new Date(T0),
  approved_at: null,
  processed_at: null,
  updated_at: new Date(T0),
};
const approved: PlayQuidEvent = { type: 'PayoutApproved', data: { uid: 'ana', payoutId: 'p-1', approvedBy: 'admin@x', notes: 'ok', approvedAt: T1 } };

describe('payouts projection', () => {
  it('a request opens a pending payout', () => spec.given(requested).then({ payouts: [row] }));

  it('approval, the reward order and its delivery follow the payout', () =>
    spec
      .given(
        requested,
        approved,
        { type: 'PayoutRewardOrdered', data: { uid: 'ana', payoutId: 'p-1', orderId: 'ord-1', rewardId: 'rw-1', orderStatus: 'EXECUTED', orderedAt: T1 } },
        { type: 'PayoutRewardDeliveryRecorded', data: { uid: 'ana', payoutId: 'p-1', webhookUuid: 'wh', outcome: 'sent', detail: null, recordedAt: T2 } },
      )
      .then({
        payouts: [
          {
            ...row,
            status: 'approved',
            decided_by: 'admin@x',
            notes: 'ok',
            approved_at: new Date(T1),
            reward_status: 'sent',
            reward_state_at: new Date(T2),
            reward_order_placed: true,
            reward_order_id: 'ord-1',
            reward_id: 'rw-1',
            updated_at: new Date(T2),
          },
        ],
      }));

  it('an older webhook arriving late changes nothing; a refused reward returns the payout to the balance', () =>
    spec
      .given(
        requested,
        approved,
        { type: 'PayoutRewardOrdered', data: { uid: 'ana', payoutId: 'p-1', orderId: 'ord-1', rewardId: 'rw-1', orderStatus: 'EXECUTED', orderedAt: T1 } },
        { type: 'PayoutRewardDeliveryRecorded', data: { uid: 'ana', payoutId: 'p-1', webhookUuid: 'new', outcome: 'failed', state: 'failed', occurredAt: T2, detail: 'bounced', recordedAt: T2 } },
        { type: 'PayoutRewardDeliveryRecorded', data: { uid: 'ana', payoutId: 'p-1', webhookUuid: 'old', outcome: 'sent', state: 'delivered', occurredAt: '2020-01-01T00:00:00.000Z', detail: null, recordedAt: T2 } },
        { type: 'PayoutReturned', data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, reason: 'Email bounced', returnedBy: 'admin@x', returnedAt: T2 } },
      )
      .then({
        payouts: [
          {
            ...row,
            status: 'returned',
            decided_by: 'admin@x',
            reason: 'Email bounced',
            notes: 'ok',
            approved_at: new Date(T1),
            processed_at: new Date(T2),
            reward_status: 'failed',
            reward_state_at: new Date(T2),
            reward_detail: 'bounced',
            reward_order_placed: true,
            reward_order_id: 'ord-1',
            reward_id: 'rw-1',
            updated_at: new Date(T2),
          },
        ],
      }));

  it('processing records the bank reference, notes and time', () =>
    spec
      .given(requested, {
        type: 'PayoutProcessed',
        data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, transactionReference: 'BANK-9', notes: 'Paid', processedBy: 'admin@x', processedAt: T2 },
      })
      .then({
        payouts: [
          { ...row, status: 'completed', decided_by: 'admin@x', transaction_reference: 'BANK-9', notes: 'Paid', processed_at: new Date(T2), updated_at: new Date(T2) },
        ],
      }));

  it('a rejection keeps its reason', () =>
    spec
      .given(requested, { type: 'PayoutRejected', data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, reason: 'Fraud', rejectedBy: 'admin@x', rejectedAt: T1 } })
      .then({ payouts: [{ ...row, status: 'rejected', reason: 'Fraud', decided_by: 'admin@x', processed_at: new Date(T1), updated_at: new Date(T1) }] }));

  describe('review and order placement', () => {
    const flagged = (earningId: string, reversedPence: number, at = T1): PlayQuidEvent => ({
      type: 'PayoutFlaggedForReview',
      data: { uid: 'ana', payoutId: 'p-1', earningId, reversedPence, reason: 'r', flaggedAt: at },
    });

    it('a reversal while open flags the payout and adds up the reversed money', () =>
      spec
        .given(requested, flagged('a', 200), flagged('b', 125, T2))
        .then({ payouts: [{ ...row, needs_review: true, review_reversed_pence: 325, updated_at: new Date(T2) }] }));

    it('an acknowledged approval clears the flag and keeps the reversed amount', () =>
      spec
        .given(requested, flagged('a', 200), {
          type: 'PayoutApproved',
          data: { uid: 'ana', payoutId: 'p-1', approvedBy: 'admin@x', notes: null, reversalAcknowledged: true, approvedAt: T2 },
        })
        .then({
          payouts: [
            { ...row, status: 'approved', decided_by: 'admin@x', approved_at: new Date(T2), review_reversed_pence: 200, updated_at: new Date(T2) },
          ],
        }));

    it('placing the reward order is recorded before Tremendous answers', () =>
      spec
        .given(requested, approved, { type: 'PayoutRewardOrderPlaced', data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, placedAt: T2 } })
        .then({
          payouts: [
            { ...row, status: 'approved', decided_by: 'admin@x', notes: 'ok', approved_at: new Date(T1), reward_order_placed: true, updated_at: new Date(T2) },
          ],
        }));

    it('a cancelled flagged payout no longer needs review', () =>
      spec
        .given(requested, flagged('a', 200), {
          type: 'PayoutCancelled',
          data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, reason: 'x', cancelledBy: 'admin@x', byAdmin: true, cancelledAt: T2 },
        })
        .then({
          payouts: [
            {
              ...row,
              status: 'cancelled',
              reason: 'x',
              decided_by: 'admin@x',
              review_reversed_pence: 200,
              processed_at: new Date(T2),
              updated_at: new Date(T2),
            },
          ],
        }));
  });
});
