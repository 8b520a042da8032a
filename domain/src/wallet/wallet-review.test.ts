import type { CallbackReceived, EarningCredited, WalletEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited } from '../testing/wallet-fixtures';
import { walletDecider } from './wallet.decider';

/** Finding 3 (credits above the review threshold) and finding 8 (untrusted keys) on the wallet stream. */
const spec = deciderSpec(walletDecider);
const now = '2026-11-22T10:00:00.000Z';
const uid = 'member-1';
const admin = 'admin@playquid.test';
const THRESHOLD = 5_000;

const callback = (overrides: Partial<CallbackReceived['data']> = {}) =>
  callbackData({
    transactionId: 'o-big',
    userId: uid,
    offerId: '42',
    offerName: 'Whale Quest',
    type: 'COMPLETE',
    rewardPence: 6_000,
    receivedAt: now,
    ...overrides,
  });

const apply = (overrides: Partial<CallbackReceived['data']> = {}) =>
  ({ type: 'ApplyCallback', uid, callback: callback(overrides), earningId: 'e-1', reviewThresholdPence: THRESHOLD, now }) as const;

const credited = (overrides: Partial<EarningCredited['data']> = {}): WalletEvent =>
  earningCredited({
    uid,
    callbackId: 'cb-1',
    transactionId: 'o-big',
    offerName: 'Whale Quest',
    taskId: null,
    taskName: null,
    amountPence: 6_000,
    status: 'pending',
    heldForReview: true,
    creditedAt: now,
    ...overrides,
  });
const approved: WalletEvent = {
  type: 'EarningReviewApproved',
  data: { uid, earningId: 'e-1', amountPence: 6_000, approvedBy: admin, reason: 'Checked with BitLabs', approvedAt: now },
};
const review = (type: 'ApproveHeldEarning' | 'RejectHeldEarning', reason = 'Checked with BitLabs') =>
  ({ type, uid, earningId: 'e-1', by: admin, reason, now }) as const;

const qualified: WalletEvent = { type: 'MemberQualified', data: { uid, sequence: 1, qualifiedAt: now } };

describe('wallet: credits above the review threshold', () => {
  it('holds a COMPLETED credit above the threshold as pending, flagged for review', () => spec.given([]).when(apply()).then([credited()]));

  it('credits an amount exactly at the threshold as usual', () =>
    spec
      .given([])
      .when(apply({ rewardPence: THRESHOLD, userRewardRaw: '50.00' }))
      .then([...[credited({ amountPence: THRESHOLD, status: 'approved', heldForReview: undefined })].map(withoutUndefined), qualified]));

  it('does not release a held credit when BitLabs later sends COMPLETED for the same transaction', () =>
    spec
      .given([credited()])
      .when(apply({ callbackId: 'cb-2' }))
      .then([]));

  it('releases a held credit when an admin approves it, with who and why', () =>
    spec.given([credited()]).when(review('ApproveHeldEarning')).then([approved, qualified]));

  it('refuses a held credit when an admin rejects it, with who and why', () =>
    spec
      .given([credited()])
      .when(review('RejectHeldEarning', '  Forged offer  '))
      .then([
        {
          type: 'EarningReviewRejected',
          data: { uid, earningId: 'e-1', amountPence: 6_000, rejectedBy: admin, reason: 'Forged offer', rejectedAt: now },
        },
      ]));

  it('wants a reason', () =>
    spec.given([credited()]).when(review('ApproveHeldEarning', '   ')).thenThrows('A reason is required to review a held credit'));

  it('refuses a second review (409)', () =>
    spec.given([credited(), approved]).when(review('RejectHeldEarning')).thenThrows('Earning e-1 is not held for review (it is approved)'));

  it('refuses to review a credit that was never held', () =>
    spec
      .given([credited({ status: 'approved', heldForReview: undefined })])
      .when(review('ApproveHeldEarning'))
      .thenThrows('is not held for review'));

  it('refuses an unknown earning (404)', () => spec.given([]).when(review('ApproveHeldEarning')).thenThrows('Earning e-1 not found'));

  it('reverses a held credit from pending, as any pending credit', () =>
    spec
      .given([credited()])
      .when(
        apply({
          callbackId: 'cb-r',
          transactionId: 'or-big',
          rewardPence: -6_000,
          userRewardRaw: '-60.00',
          state: 'RECONCILED',
          ref: 'o-big',
        }),
      )
      .then([
        {
          type: 'EarningReversed',
          data: {
            uid,
            earningId: 'e-1',
            callbackId: 'cb-r',
            amountPence: 6_000,
            fromStatus: 'pending',
            reason: 'Reversed by BitLabs (transaction or-big)',
            reversedAt: now,
          },
        },
      ]));
});

describe('wallet: transaction ids from outside are plain keys', () => {
  it.each(['constructor', '__proto__', 'hasOwnProperty'])('credits tx=%s as a new transaction', (tx) =>
    spec
      .given([])
      .when(apply({ transactionId: tx, rewardPence: 125, userRewardRaw: '1.25' }))
      .then([...[credited({ transactionId: tx, amountPence: 125, status: 'approved', heldForReview: undefined })].map(withoutUndefined), qualified]),
  );

  it('keeps a reversal whose ref=__proto__ names no credit of this member waiting, as a plain key', () =>
    spec
      .given([credited({ status: 'approved', heldForReview: undefined, amountPence: 125 })].map(withoutUndefined))
      .when(
        apply({
          callbackId: 'cb-r',
          transactionId: 'or-1',
          rewardPence: -125,
          userRewardRaw: '-1.25',
          state: 'RECONCILED',
          ref: '__proto__',
        }),
      )
      .then([{ type: 'ReversalAwaitingCredit', data: { uid, callbackId: 'cb-r', transactionId: 'or-1', creditTransactionId: '__proto__', receivedAt: now } }]));
});

/** toEqual treats a missing key and an undefined one alike; dropping it keeps the expected events as appended. */
function withoutUndefined(event: WalletEvent): WalletEvent {
  return { ...event, data: Object.fromEntries(Object.entries(event.data).filter(([, v]) => v !== undefined)) } as WalletEvent;
}
