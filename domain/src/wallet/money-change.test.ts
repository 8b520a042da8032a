import type { WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { earningCredited } from '../testing/wallet-fixtures';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange, type WalletMoneyChange } from './money-change';

const uid = 'member-1';
const at = '2026-11-22T10:00:00.000Z';
const payout = { uid, payoutId: 'p-1' };

const credit = (status: 'pending' | 'approved'): WalletEvent =>
  earningCredited({ uid, status, callbackId: 'cb-1', transactionId: 'o-1', offerName: 'Dragon Quest', taskId: null, taskName: null, creditedAt: at });

const noEarnings = (earningId: string): never => {
  throw new Error(`no earning ${earningId} expected`);
};
const change = (c: Partial<WalletMoneyChange>): WalletMoneyChange => ({ ...NO_MONEY_CHANGE, ...c });

describe('walletMoneyChange', () => {
  const cases: Array<[string, WalletEvent, WalletMoneyChange | null]> = [
    [
      'a welcome bonus is available and earned at once',
      { type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: at } },
      change({ availablePence: 200, totalEarnedPence: 200, transactions: 1 }),
    ],
    [
      'a referral reward is available and earned at once',
      { type: 'ReferralRewardGranted', data: { uid, friendUid: 'friend', earningId: 'ref', amountPence: 150, grantedAt: at } },
      change({ availablePence: 150, totalEarnedPence: 150, transactions: 1 }),
    ],
    [
      'a pending credit is earned but waits in pending',
      credit('pending'),
      change({ pendingPence: 125, totalEarnedPence: 125, transactions: 1, pendingTransactions: 1 }),
    ],
    [
      'an approved credit is available and completes an offer',
      credit('approved'),
      change({ availablePence: 125, totalEarnedPence: 125, transactions: 1, completedOffers: 1 }),
    ],
    [
      'a review approval moves a held credit from pending to available',
      { type: 'EarningReviewApproved', data: { uid, earningId: 'e-1', amountPence: 125, approvedBy: 'admin', reason: 'ok', approvedAt: at } },
      change({ pendingPence: -125, availablePence: 125, pendingTransactions: -1, completedOffers: 1 }),
    ],
    [
      'a review rejection takes a held credit out of pending and out of Total Earned',
      { type: 'EarningReviewRejected', data: { uid, earningId: 'e-1', amountPence: 125, rejectedBy: 'admin', reason: 'no', rejectedAt: at } },
      change({ pendingPence: -125, totalEarnedPence: -125, pendingTransactions: -1 }),
    ],
    [
      'a reversal of a pending credit takes it from pending',
      { type: 'EarningReversed', data: { uid, earningId: 'e-1', callbackId: 'cb-2', amountPence: 125, fromStatus: 'pending', reason: 'r', reversedAt: at } },
      change({ pendingPence: -125, totalEarnedPence: -125, pendingTransactions: -1 }),
    ],
    [
      'a reversal of an approved credit takes it from available (which may go below zero)',
      { type: 'EarningReversed', data: { uid, earningId: 'e-1', callbackId: 'cb-2', amountPence: 125, fromStatus: 'approved', reason: 'r', reversedAt: at } },
      change({ availablePence: -125, totalEarnedPence: -125, completedOffers: -1 }),
    ],
    [
      'a payout request moves the money from available to the reserve',
      {
        type: 'PayoutRequested',
        data: { ...payout, amountPence: 325, method: 'tremendous_reward', deliveryMethod: 'email', email: 'm@example.com', earningIds: [], requestedAt: at },
      },
      change({ availablePence: -325, reservedPence: 325 }),
    ],
    [
      'a rejected payout gives the reserve back',
      { type: 'PayoutRejected', data: { ...payout, amountPence: 325, reason: 'no', rejectedBy: 'admin', rejectedAt: at } },
      change({ availablePence: 325, reservedPence: -325 }),
    ],
    [
      'a cancelled payout gives the reserve back',
      { type: 'PayoutCancelled', data: { ...payout, amountPence: 325, reason: 'no', cancelledBy: uid, byAdmin: false, cancelledAt: at } },
      change({ availablePence: 325, reservedPence: -325 }),
    ],
    [
      'a paid payout leaves the reserve, never Total Earned',
      {
        type: 'PayoutProcessed',
        data: { ...payout, amountPence: 325, transactionReference: 'TX', notes: 'n', processedBy: 'admin', processedAt: at },
      },
      change({ reservedPence: -325, paidOutPence: 325 }),
    ],
    ['an approval moves no money', { type: 'PayoutApproved', data: { ...payout, approvedBy: 'admin', notes: null, approvedAt: at } }, null],
    ['a placed reward order moves no money', { type: 'PayoutRewardOrderPlaced', data: { ...payout, amountPence: 325, placedAt: at } }, null],
    [
      'a review flag moves no money',
      { type: 'PayoutFlaggedForReview', data: { ...payout, earningId: 'e-1', reversedPence: 125, reason: 'r', flaggedAt: at } },
      null,
    ],
    [
      'a recorded reward order moves no money',
      { type: 'PayoutRewardOrdered', data: { ...payout, orderId: 'o', rewardId: null, orderStatus: 'PENDING', orderedAt: at } },
      null,
    ],
    ['a failed reward order moves no money', { type: 'PayoutRewardOrderFailed', data: { ...payout, error: 'e', failedAt: at } }, null],
    [
      'a delivery webhook moves no money',
      { type: 'PayoutRewardDeliveryRecorded', data: { ...payout, webhookUuid: 'w', outcome: 'sent', detail: null, recordedAt: at } },
      null,
    ],
  ];

  it.each(cases)('%s', (_, event, expected) => {
    expect(walletMoneyChange(event, noEarnings)).toEqual(expected);
  });

  it('clears a pending credit on approval with the amount booked earlier, which the event does not restate', () => {
    const amounts: Record<string, number> = { 'e-1': 80 };
    const approval: WalletEvent = { type: 'EarningApproved', data: { uid, earningId: 'e-1', callbackId: 'cb-2', approvedAt: at } };
    expect(walletMoneyChange(approval, (id) => amounts[id])).toEqual(
      change({ pendingPence: -80, availablePence: 80, pendingTransactions: -1, completedOffers: 1 }),
    );
  });
});

describe('addMoneyChange', () => {
  it('adds every field in place', () => {
    const total = change({ availablePence: 1, pendingPence: 2, reservedPence: 3, paidOutPence: 4, totalEarnedPence: 5 });
    const result = addMoneyChange(total, change({ availablePence: 10, transactions: 1, pendingTransactions: 1, completedOffers: 1 }));
    expect(result).toBe(total);
    expect(total).toEqual({
      availablePence: 11,
      pendingPence: 2,
      reservedPence: 3,
      paidOutPence: 4,
      totalEarnedPence: 5,
      transactions: 1,
      pendingTransactions: 1,
      completedOffers: 1,
    });
  });
});
