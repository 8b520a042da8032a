import type { CallbackEvent, WalletEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { callbackDecider } from './callback.decider';
import { walletDecider } from '../wallet/wallet.decider';

/**
 * What an admin's Reprocess relies on: the callback stream takes a success after a failure but
 * nothing after a success, and the wallet books a replayed callback id once.
 */
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T11:00:00.000Z';
const uid = 'late-member';

const data = callbackData({ userId: uid, receivedAt: now });
const received: CallbackEvent = { type: 'CallbackReceived', data };
const failed: CallbackEvent = {
  type: 'CallbackProcessingFailed',
  data: { callbackId: 'cb-1', error: `Unknown member ${uid}`, failedAt: now },
};
const processed: CallbackEvent = {
  type: 'CallbackProcessed',
  data: { callbackId: 'cb-1', uid, earningId: 'e-1', outcome: 'credited_approved', processedAt: later },
};

describe('callback decider: retry after a failure', () => {
  const spec = deciderSpec(callbackDecider);

  it('records a success after an earlier failure, keeping the failure in the stream', () =>
    spec
      .given([received, failed])
      .when({ type: 'RecordCallbackProcessed', callbackId: 'cb-1', uid, earningId: 'e-1', outcome: 'credited_approved', now: later })
      .then([processed]));

  it('records a different error of a retry', () =>
    spec
      .given([received, failed])
      .when({ type: 'RecordCallbackFailed', callbackId: 'cb-1', error: 'Reward must be positive, got 0.00', now: later })
      .then([
        { type: 'CallbackProcessingFailed', data: { callbackId: 'cb-1', error: 'Reward must be positive, got 0.00', failedAt: later } },
      ]));

  it('records nothing more once processed: no second success', () =>
    spec
      .given([received, failed, processed])
      .when({ type: 'RecordCallbackProcessed', callbackId: 'cb-1', uid, earningId: 'e-2', outcome: 'credited_approved', now: later })
      .then([]));

  it('records nothing more once processed: no failure after it', () =>
    spec
      .given([received, failed, processed])
      .when({ type: 'RecordCallbackFailed', callbackId: 'cb-1', error: 'late error', now: later })
      .then([]));
});

describe('wallet decider: a reprocessed callback is booked once', () => {
  const spec = deciderSpec(walletDecider);
  const bonus: WalletEvent = { type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus-1', amountPence: 200, grantedAt: later } };
  const credit: WalletEvent = {
    type: 'EarningCredited',
    data: {
      uid,
      earningId: 'e-1',
      callbackId: 'cb-1',
      transactionId: 'o1',
      offerId: null,
      offerName: null,
      taskId: null,
      taskName: null,
      amountPence: 100,
      rawUsd: null,
      status: 'approved',
      creditedAt: later,
    },
  };

  it('credits the callback when the member registered after it arrived', () =>
    spec
      .given([bonus])
      .when({ type: 'ApplyCallback', uid, callback: data, earningId: 'e-1', now: later })
      .then([credit, { type: 'MemberQualified', data: { uid, sequence: 1, qualifiedAt: later } }]));

  it('books nothing when the same callback is replayed again', () =>
    spec.given([bonus, credit]).when({ type: 'ApplyCallback', uid, callback: data, earningId: 'e-2', now: later }).then([]));
});
