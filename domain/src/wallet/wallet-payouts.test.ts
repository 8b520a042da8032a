import type { WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited, welcomeBonusGranted } from '../testing/wallet-fixtures';
import { fold } from '../decider';
import { NEGATIVE_BALANCE_MESSAGE, PAYOUT_IN_PROGRESS_MESSAGE } from './payout-rules';
import { walletDecider } from './wallet.decider';

const spec = deciderSpec(walletDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const uid = 'member-1';
const email = 'member@example.com';
const admin = 'admin@playquid.test';

const bonus: WalletEvent = welcomeBonusGranted({ uid, grantedAt: now });
const credit = (earningId: string, amountPence: number, status: 'pending' | 'approved' = 'approved', tx = `o-${earningId}`): WalletEvent =>
  earningCredited({ uid, earningId, amountPence, status, transactionId: tx, offerName: 'Dragon Quest', taskId: null, taskName: null, creditedAt: now });
const requested = (payoutId = 'p-1', amountPence = 325, earningIds = ['bonus', 'e-1']): WalletEvent => ({
  type: 'PayoutRequested',
  data: { uid, payoutId, amountPence, method: 'tremendous_reward', deliveryMethod: 'email', email, earningIds, requestedAt: now },
});
const request = (payoutId = 'p-1', minPayoutPence = 79) =>
  ({ type: 'RequestPayout', uid, payoutId, email, method: 'tremendous_reward', minPayoutPence, now: later }) as const;

describe('wallet decider: payouts', () => {
  describe('request', () => {
    it('reserves the whole available balance and names the earnings it settles', () =>
      spec
        .given([bonus, credit('e-1', 125), credit('e-2', 90, 'pending')])
        .when(request())
        .then([
          {
            type: 'PayoutRequested',
            data: { uid, payoutId: 'p-1', amountPence: 325, method: 'tremendous_reward', deliveryMethod: 'email', email, earningIds: ['bonus', 'e-1'], requestedAt: later },
          },
        ]));

    it('refuses below the minimum payout with the spec message', () =>
      spec.given([credit('e-1', 78)]).when(request()).thenThrows('Minimum payout amount is £0.79'));

    it('uses the configured minimum', () => spec.given([bonus]).when(request('p-1', 1000)).thenThrows('Minimum payout amount is £10.00'));

    it('refuses while another payout is open', () =>
      spec.given([bonus, credit('e-1', 125), requested(), credit('e-3', 500)]).when(request('p-2')).thenThrows(PAYOUT_IN_PROGRESS_MESSAGE));

    it('is a no-op when the same request id is retried', () => spec.given([bonus, credit('e-1', 125), requested()]).when(request('p-1')).then([]));

    it('allows a new request once the previous one was paid', () =>
      spec
        .given([
          bonus,
          credit('e-1', 125),
          requested(),
          { type: 'PayoutProcessed', data: { uid, payoutId: 'p-1', amountPence: 325, transactionReference: 'TX1', notes: 'n', processedBy: admin, processedAt: now } },
          credit('e-3', 500),
        ])
        .when(request('p-2'))
        .then([
          {
            type: 'PayoutRequested',
            data: { uid, payoutId: 'p-2', amountPence: 500, method: 'tremendous_reward', deliveryMethod: 'email', email, earningIds: ['e-3'], requestedAt: later },
          },
        ]));

    it('blocks payouts while a reversal after a payout leaves the balance below zero', () =>
      spec
        .given([
          credit('e-1', 300),
          requested('p-1', 300, ['e-1']),
          { type: 'PayoutProcessed', data: { uid, payoutId: 'p-1', amountPence: 300, transactionReference: 'TX1', notes: 'n', processedBy: admin, processedAt: now } },
          { type: 'EarningReversed', data: { uid, earningId: 'e-1', callbackId: 'cb-r', amountPence: 300, fromStatus: 'approved', reason: 'r', reversedAt: now } },
          credit('e-4', 200),
        ])
        .when(request('p-2'))
        .thenThrows(NEGATIVE_BALANCE_MESSAGE));
  });

  describe('admin decisions', () => {
    const open = [bonus, credit('e-1', 125), requested()];

    it('approves a pending payout', () =>
      spec
        .given(open)
        .when({ type: 'ApprovePayout', uid, payoutId: 'p-1', adminEmail: admin, notes: null, now: later })
        .then([{ type: 'PayoutApproved', data: { uid, payoutId: 'p-1', approvedBy: admin, notes: null, approvedAt: later } }]));

    it('processes with the bank reference and a default note naming the admin', () =>
      spec
        .given(open)
        .when({ type: 'ProcessPayout', uid, payoutId: 'p-1', adminEmail: admin, transactionReference: 'BANK-77', notes: null, now: later })
        .then([
          {
            type: 'PayoutProcessed',
            data: {
              uid,
              payoutId: 'p-1',
              amountPence: 325,
              transactionReference: 'BANK-77',
              notes: `Processed via admin panel by ${admin}`,
              processedBy: admin,
              processedAt: later,
            },
          },
        ]));

    it('rejects with a reason, releasing the reserve', () => {
      const rejected: WalletEvent = { type: 'PayoutRejected', data: { uid, payoutId: 'p-1', amountPence: 325, reason: 'Fraud check', rejectedBy: admin, rejectedAt: later } };
      spec.given(open).when({ type: 'RejectPayout', uid, payoutId: 'p-1', adminEmail: admin, reason: 'Fraud check', now: later }).then([rejected]);
      const state = fold(walletDecider, [...open, rejected]);
      expect([state.availablePence, state.reservedPence]).toEqual([325, 0]);
      expect(state.earnings['e-1'].payoutId).toBeNull();
    });

    it('refuses to process a payout twice', () =>
      spec
        .given([
          ...open,
          { type: 'PayoutProcessed', data: { uid, payoutId: 'p-1', amountPence: 325, transactionReference: 'T', notes: 'n', processedBy: admin, processedAt: now } },
        ])
        .when({ type: 'ProcessPayout', uid, payoutId: 'p-1', adminEmail: admin, transactionReference: 'T2', notes: null, now: later })
        .thenThrows('Payout is completed; only pending or approved payouts can be processed'));

    it('refuses an unknown payout', () =>
      spec.given(open).when({ type: 'ApprovePayout', uid, payoutId: 'nope', adminEmail: admin, notes: null, now }).thenThrows('Payout not found'));
  });

  describe('cancel', () => {
    const open = [bonus, credit('e-1', 125), requested()];
    const approved: WalletEvent = { type: 'PayoutApproved', data: { uid, payoutId: 'p-1', approvedBy: admin, notes: null, approvedAt: now } };

    it('lets the member cancel while pending', () =>
      spec
        .given(open)
        .when({ type: 'CancelPayout', uid, payoutId: 'p-1', actor: uid, byAdmin: false, reason: 'Changed my mind', now: later })
        .then([
          { type: 'PayoutCancelled', data: { uid, payoutId: 'p-1', amountPence: 325, reason: 'Changed my mind', cancelledBy: uid, byAdmin: false, cancelledAt: later } },
        ]));

    it('does not let the member cancel once approved, but an admin can', () => {
      spec
        .given([...open, approved])
        .when({ type: 'CancelPayout', uid, payoutId: 'p-1', actor: uid, byAdmin: false, reason: 'x', now })
        .thenThrows('Payout is approved; only pending payouts can be cancelled');
      spec
        .given([...open, approved])
        .when({ type: 'CancelPayout', uid, payoutId: 'p-1', actor: admin, byAdmin: true, reason: 'Cancelled by admin', now })
        .then([
          { type: 'PayoutCancelled', data: { uid, payoutId: 'p-1', amountPence: 325, reason: 'Cancelled by admin', cancelledBy: admin, byAdmin: true, cancelledAt: now } },
        ]);
    });
  });

  describe('reward orders and delivery', () => {
    const ordered: WalletEvent = {
      type: 'PayoutRewardOrdered',
      data: { uid, payoutId: 'p-1', orderId: 'ord-1', rewardId: 'rw-1', orderStatus: 'EXECUTED', orderedAt: now },
    };

    it('records an order once', () =>
      spec
        .given([bonus, requested('p-1', 200, ['bonus']), ordered])
        .when({ type: 'RecordRewardOrder', uid, payoutId: 'p-1', orderId: 'ord-2', rewardId: null, orderStatus: 'EXECUTED', now })
        .then([]));

    it('records a delivery webhook once per uuid', () => {
      const delivered: WalletEvent = {
        type: 'PayoutRewardDeliveryRecorded',
        data: { uid, payoutId: 'p-1', webhookUuid: 'wh-1', outcome: 'sent', state: 'delivered', occurredAt: now, detail: null, recordedAt: now },
      };
      const given = [bonus, requested('p-1', 200, ['bonus']), ordered];
      spec
        .given(given)
        .when({ type: 'RecordRewardDelivery', uid, payoutId: 'p-1', webhookUuid: 'wh-1', state: 'delivered', occurredAt: now, detail: null, now })
        .then([delivered]);
      spec
        .given([...given, delivered])
        .when({ type: 'RecordRewardDelivery', uid, payoutId: 'p-1', webhookUuid: 'wh-1', state: 'delivered', occurredAt: now, detail: null, now })
        .then([]);
    });
  });
});

describe('wallet decider: reversal of paid money', () => {
  it('takes paid money back from the available balance, which may go below zero', () => {
    const state = fold(walletDecider, [
      credit('e-1', 300),
      requested('p-1', 300, ['e-1']),
      { type: 'PayoutProcessed', data: { uid, payoutId: 'p-1', amountPence: 300, transactionReference: 'T', notes: 'n', processedBy: admin, processedAt: now } },
    ]);
    const events = walletDecider.decide(
      {
        type: 'ApplyCallback',
        uid,
        earningId: 'x',
        now,
        callback: {
          callbackId: 'cb-r',
          transactionId: 'or-e-1',
          userId: uid,
          offerId: '42',
          offerName: null,
          taskId: null,
          taskName: null,
          userRewardRaw: '-3.00',
          rewardPence: -300,
          rawPaymentRaw: null,
          rawUsd: null,
          state: 'RECONCILED',
          type: 'RECONCILIATION',
          ref: 'o-e-1',
          fscore: null,
          debug: false,
          sourceIp: '127.0.0.1',
          hash: 'h',
          rawParameters: {},
          triggeredBy: null,
          receivedAt: now,
        },
      },
      state,
    );
    expect(events).toEqual([
      { type: 'EarningReversed', data: { uid, earningId: 'e-1', callbackId: 'cb-r', amountPence: 300, fromStatus: 'approved', reason: 'Reversed by BitLabs (transaction or-e-1)', reversedAt: now } },
      { type: 'MemberQualificationLost', data: { uid, sequence: 1, lostAt: now } },
    ]);
    const after = events.reduce(walletDecider.evolve, state);
    expect([after.availablePence, after.paidOutPence]).toEqual([-300, 300]);
  });
});
