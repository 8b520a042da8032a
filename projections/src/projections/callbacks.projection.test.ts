import type { CallbackReceived, CallbackRejected, EarningCredited } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { callbacksProjection } from './callbacks.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('callbacks');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, callbacksProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:00:05.000Z';
const T2 = '2026-11-22T10:01:00.000Z';

const NO_REVIEW = { triggered_by: null, earning_id: null, awaiting_credit: false, review_status: null, reviewed_by: null, review_reason: null, reviewed_at: null };
const received: CallbackReceived = {
  type: 'CallbackReceived',
  data: {
    callbackId: 'cb-1',
    transactionId: 'tx-1',
    userId: 'ana',
    offerId: '42',
    offerName: 'Dragon Clash',
    taskId: '7',
    taskName: 'Level 5',
    userRewardRaw: '0.29',
    rewardPence: 29,
    rawPaymentRaw: '0.4500',
    rawUsd: 4_500,
    state: 'COMPLETED',
    type: 'COMPLETE',
    ref: 'r-9',
    fscore: 'GOOD',
    debug: false,
    sourceIp: '10.1.2.3',
    hash: 'a'.repeat(40),
    rawParameters: { uid: 'ana', tx: 'tx-1', val: '0.29', raw: '0.4500' },
    triggeredBy: null,
    receivedAt: T0,
  },
};
const receivedRow = {
  id: 'cb-1',
  accepted: true,
  rejection_reason: null,
  transaction_id: 'tx-1',
  user_id: 'ana',
  offer_id: '42',
  offer_name: 'Dragon Clash',
  task_id: '7',
  task_name: 'Level 5',
  user_reward_raw: '0.29',
  reward_pence: 29,
  raw_payment_usd: 4_500,
  offer_state: 'COMPLETED',
  callback_type: 'COMPLETE',
  ref: 'r-9',
  is_processed: false,
  processed_at: null,
  processing_error: null,
  source_ip: '10.1.2.3',
  callback_hash: 'a'.repeat(40),
  raw_parameters: { uid: 'ana', tx: 'tx-1', val: '0.29', raw: '0.4500' },
  created_at: new Date(T0),
  ...NO_REVIEW,
};
const rejected: CallbackRejected = {
  type: 'CallbackRejected',
  data: {
    callbackId: 'cb-9',
    reason: 'Invalid hash',
    transactionId: 'tx-9',
    userId: 'ben',
    sourceIp: '10.9.9.9',
    hash: 'b'.repeat(40),
    rawParameters: { uid: 'ben', tx: 'tx-9', val: '5.00', offer_id: '7', offer_name: 'Quiz', task_id: '1', task_name: 'Start', state: 'COMPLETED', type: 'COMPLETE', ref: 'r-1' },
    receivedAt: T1,
  },
};

describe('callbacks projection', () => {
  it('CallbackReceived records an accepted, unprocessed callback with every field of the event', () => spec.given(received).then({ callbacks: [receivedRow] }));

  it('CallbackRejected records the refusal and what the partner sent, with no amount in pence', () =>
    spec.given(rejected).then({
      callbacks: [
        {
          id: 'cb-9',
          accepted: false,
          rejection_reason: 'Invalid hash',
          transaction_id: 'tx-9',
          user_id: 'ben',
          offer_id: '7',
          offer_name: 'Quiz',
          task_id: '1',
          task_name: 'Start',
          user_reward_raw: '5.00',
          reward_pence: null,
          raw_payment_usd: null,
          offer_state: 'COMPLETED',
          callback_type: 'COMPLETE',
          ref: 'r-1',
          is_processed: false,
          processed_at: null,
          processing_error: null,
          source_ip: '10.9.9.9',
          callback_hash: 'b'.repeat(40),
          raw_parameters: rejected.data.rawParameters,
          created_at: new Date(T1),
          ...NO_REVIEW,
        },
      ],
    }));

  it('CallbackProcessed marks it processed', () =>
    spec
      .given(received, { type: 'CallbackProcessed', data: { callbackId: 'cb-1', uid: 'ana', earningId: 'e-1', outcome: 'credited_approved', processedAt: T1 } })
      .then({ callbacks: [{ ...receivedRow, is_processed: true, processed_at: new Date(T1), earning_id: 'e-1' }] }));

  it('CallbackProcessingFailed records the error and leaves it unprocessed', () =>
    spec
      .given(received, { type: 'CallbackProcessingFailed', data: { callbackId: 'cb-1', error: 'Unknown member ana', failedAt: T1 } })
      .then({ callbacks: [{ ...receivedRow, processing_error: 'Unknown member ana' }] }));

  it('a later successful processing clears the earlier error', () =>
    spec
      .given(
        received,
        { type: 'CallbackProcessingFailed', data: { callbackId: 'cb-1', error: 'database unavailable', failedAt: T1 } },
        { type: 'CallbackProcessed', data: { callbackId: 'cb-1', uid: 'ana', earningId: 'e-1', outcome: 'credited_approved', processedAt: T2 } },
      )
      .then({ callbacks: [{ ...receivedRow, is_processed: true, processed_at: new Date(T2), earning_id: 'e-1' }] }));

  it('CallbackReceived keeps the admin who sent it from the console', () =>
    spec.given({ ...received, data: { ...received.data, triggeredBy: 'admin@playquid.test' } }).then({ callbacks: [{ ...receivedRow, triggered_by: 'admin@playquid.test' }] }));

  const held: EarningCredited = {
    type: 'EarningCredited',
    data: {
      uid: 'ana',
      earningId: 'e-1',
      callbackId: 'cb-1',
      transactionId: 'tx-1',
      offerId: '42',
      offerName: 'Dragon Clash',
      taskId: '7',
      taskName: 'Level 5',
      amountPence: 6_000,
      rawUsd: 4_500,
      status: 'pending',
      heldForReview: true,
      creditedAt: T1,
    },
  };

  it('a credit held for review marks its callback held', () =>
    spec.given(received, held).then({ callbacks: [{ ...receivedRow, earning_id: 'e-1', review_status: 'held' }] }));

  it('an admin approval records who, why and when on the callback', () =>
    spec
      .given(received, held, {
        type: 'EarningReviewApproved',
        data: { uid: 'ana', earningId: 'e-1', amountPence: 6_000, approvedBy: 'admin@playquid.test', reason: 'Checked', approvedAt: T2 },
      })
      .then({
        callbacks: [
          { ...receivedRow, earning_id: 'e-1', review_status: 'approved', reviewed_by: 'admin@playquid.test', review_reason: 'Checked', reviewed_at: new Date(T2) },
        ],
      }));

  it('an admin rejection records who, why and when on the callback', () =>
    spec
      .given(received, held, {
        type: 'EarningReviewRejected',
        data: { uid: 'ana', earningId: 'e-1', amountPence: 6_000, rejectedBy: 'admin@playquid.test', reason: 'Forged', rejectedAt: T2 },
      })
      .then({
        callbacks: [
          { ...receivedRow, earning_id: 'e-1', review_status: 'rejected', reviewed_by: 'admin@playquid.test', review_reason: 'Forged', reviewed_at: new Date(T2) },
        ],
      }));
});
