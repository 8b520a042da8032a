import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited } from '../testing/wallet-fixtures';
import { walletDecider } from './wallet.decider';

const spec = deciderSpec(walletDecider);
const now = '2026-11-22T10:00:00.000Z';
const uid = 'member-1';

const callback = (overrides: Partial<CallbackReceived['data']> = {}) =>
  callbackData({
    transactionId: 'o123',
    userId: uid,
    offerId: '42',
    offerName: 'Dragon Quest',
    taskId: '7',
    taskName: 'Reach level 10',
    rewardPence: 125,
    rawPaymentRaw: '1.95',
    rawUsd: 19_500,
    type: 'COMPLETE',
    fscore: 'GOOD',
    receivedAt: now,
    ...overrides,
  });

const credited = (overrides: Partial<Extract<WalletEvent, { type: 'EarningCredited' }>['data']> = {}): WalletEvent =>
  earningCredited({
    uid,
    callbackId: 'cb-1',
    transactionId: 'o123',
    offerName: 'Dragon Quest',
    taskName: 'Reach level 10',
    rawUsd: 19_500,
    creditedAt: now,
    ...overrides,
  });

const qualified: WalletEvent = { type: 'MemberQualified', data: { uid, sequence: 1, qualifiedAt: now } };

describe('wallet decider', () => {
  describe('welcome bonus', () => {
    it('grants £2 once', () =>
      spec
        .given([])
        .when({ type: 'GrantWelcomeBonus', uid, earningId: 'bonus-1', now })
        .then([{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus-1', amountPence: 200, grantedAt: now } }]));

    it('never grants it twice', () =>
      spec
        .given([{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus-1', amountPence: 200, grantedAt: now } }])
        .when({ type: 'GrantWelcomeBonus', uid, earningId: 'bonus-2', now })
        .then([]));
  });

  describe('callback credits', () => {
    it('credits a COMPLETED callback as approved', () =>
      spec.given([]).when({ type: 'ApplyCallback', uid, callback: callback(), earningId: 'e-1', now }).then([credited(), qualified]));

    it('credits a NONE (non-stateful) callback as approved', () =>
      spec
        .given([])
        .when({ type: 'ApplyCallback', uid, callback: callback({ state: 'NONE' }), earningId: 'e-1', now })
        .then([credited(), qualified]));

    it('credits a PENDING callback as pending', () =>
      spec
        .given([])
        .when({ type: 'ApplyCallback', uid, callback: callback({ state: 'PENDING' }), earningId: 'e-1', now })
        .then([credited({ status: 'pending' })]));

    it('approves a pending earning when the same transaction completes (stateful mode)', () =>
      spec
        .given([credited({ status: 'pending' })])
        .when({ type: 'ApplyCallback', uid, callback: callback({ callbackId: 'cb-2' }), earningId: 'e-2', now })
        .then([{ type: 'EarningApproved', data: { uid, earningId: 'e-1', callbackId: 'cb-2', approvedAt: now } }, qualified]));

    it('books nothing when the same callback is processed again', () =>
      spec.given([credited()]).when({ type: 'ApplyCallback', uid, callback: callback(), earningId: 'e-9', now }).then([]));

    it('books nothing for another callback of an already credited transaction', () =>
      spec
        .given([credited()])
        .when({ type: 'ApplyCallback', uid, callback: callback({ callbackId: 'cb-3' }), earningId: 'e-9', now })
        .then([]));

    it('refuses a zero reward', () =>
      spec
        .given([])
        .when({ type: 'ApplyCallback', uid, callback: callback({ rewardPence: 0, userRewardRaw: '0' }), earningId: 'e-1', now })
        .thenThrows('Reward must be positive, got 0'));
  });

  describe('reversals (RECONCILED)', () => {
    it('reverses in default mode: negative value, "or" tx, ref to the original', () =>
      spec
        .given([credited()])
        .when({
          type: 'ApplyCallback',
          uid,
          callback: callback({
            callbackId: 'cb-r',
            transactionId: 'or123',
            ref: 'o123',
            rewardPence: -125,
            userRewardRaw: '-1.25',
            state: 'RECONCILED',
          }),
          earningId: 'e-r',
          now,
        })
        .then([
          {
            type: 'EarningReversed',
            data: {
              uid,
              earningId: 'e-1',
              callbackId: 'cb-r',
              amountPence: 125,
              fromStatus: 'approved',
              reason: 'Reversed by BitLabs (transaction or123)',
              reversedAt: now,
            },
          },
          // Its only approved offer is gone: whoever referred the member loses the reward for it.
          { type: 'MemberQualificationLost', data: { uid, sequence: 1, lostAt: now } },
        ]));

    it('reverses in stateful mode: same tx, later RECONCILED state, pending money', () =>
      spec
        .given([credited({ status: 'pending' })])
        .when({ type: 'ApplyCallback', uid, callback: callback({ callbackId: 'cb-r', state: 'RECONCILED' }), earningId: 'e-r', now })
        .then([
          {
            type: 'EarningReversed',
            data: {
              uid,
              earningId: 'e-1',
              callbackId: 'cb-r',
              amountPence: 125,
              fromStatus: 'pending',
              reason: 'Reversed by BitLabs (transaction o123)',
              reversedAt: now,
            },
          },
        ]));

    it('reverses only once', () =>
      spec
        .given([
          credited(),
          {
            type: 'EarningReversed',
            data: { uid, earningId: 'e-1', callbackId: 'cb-r', amountPence: 125, fromStatus: 'approved', reason: 'x', reversedAt: now },
          },
        ])
        .when({ type: 'ApplyCallback', uid, callback: callback({ callbackId: 'cb-r2', state: 'RECONCILED' }), earningId: 'e-r', now })
        .then([]));

    it('remembers a reversal of a transaction not credited yet', () =>
      spec
        .given([])
        .when({
          type: 'ApplyCallback',
          uid,
          callback: callback({ transactionId: 'or9', ref: 'o9', rewardPence: -50, state: 'RECONCILED' }),
          earningId: 'e',
          now,
        })
        .then([{ type: 'ReversalAwaitingCredit', data: { uid, callbackId: 'cb-1', transactionId: 'or9', creditTransactionId: 'o9', receivedAt: now } }]));
  });
});
