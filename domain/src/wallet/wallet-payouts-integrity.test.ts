import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited, welcomeBonusGranted } from '../testing/wallet-fixtures';
import { fold } from '../decider';
import { payoutFigures } from './wallet-payouts';
import { walletDecider } from './wallet.decider';

/** Issue 7 (money integrity): double payouts, reversed money paid out, the bonus lock, untrusted ids. */
const spec = deciderSpec(walletDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const uid = 'member-1';
const email = 'member@example.com';
const admin = 'admin@playquid.test';
const SENT_CANCEL = 'The reward email has already been sent; this payout can no longer be cancelled';
const SENT_REJECT = 'The reward email has already been sent; this payout can no longer be rejected';

const bonus: WalletEvent = welcomeBonusGranted({ uid, grantedAt: now });
const credit = (earningId: string, amountPence: number, status: 'pending' | 'approved' = 'approved'): WalletEvent =>
  earningCredited({ uid, earningId, amountPence, status, transactionId: `o-${earningId}`, offerName: 'Dragon Quest', taskId: null, taskName: null, creditedAt: now });
const requested = (amountPence: number, earningIds: string[]): WalletEvent => ({
  type: 'PayoutRequested',
  data: { uid, payoutId: 'p-1', amountPence, method: 'tremendous_reward', deliveryMethod: 'email', email, earningIds, requestedAt: now },
});
const approved: WalletEvent = { type: 'PayoutApproved', data: { uid, payoutId: 'p-1', approvedBy: admin, notes: null, approvedAt: now } };
const placed: WalletEvent = { type: 'PayoutRewardOrderPlaced', data: { uid, payoutId: 'p-1', amountPence: 325, placedAt: later } };
const processed: WalletEvent = {
  type: 'PayoutProcessed',
  data: { uid, payoutId: 'p-1', amountPence: 325, transactionReference: 'T', notes: 'n', processedBy: admin, processedAt: now },
};
const cancelled: WalletEvent = {
  type: 'PayoutCancelled',
  data: { uid, payoutId: 'p-1', amountPence: 325, reason: 'Cancelled by admin', cancelledBy: admin, byAdmin: true, cancelledAt: later },
};
const flagged: WalletEvent = {
  type: 'PayoutFlaggedForReview',
  data: {
    uid,
    payoutId: 'p-1',
    earningId: 'e-1',
    reversedPence: 125,
    reason: 'A reversal of £1.25 landed after this payout was requested',
    flaggedAt: now,
  },
};
const open = [bonus, credit('e-1', 125), requested(325, ['bonus', 'e-1'])];

const adminCancel = (payoutId = 'p-1') =>
  ({ type: 'CancelPayout', uid, payoutId, actor: admin, byAdmin: true, reason: 'Cancelled by admin', now: later }) as const;
const reject = { type: 'RejectPayout', uid, payoutId: 'p-1', adminEmail: admin, reason: 'Fraud check', now: later } as const;
const placeOrder = { type: 'PlaceRewardOrder', uid, payoutId: 'p-1', now: later } as const;
const approve = (acknowledgeReversal?: boolean) =>
  ({ type: 'ApprovePayout', uid, payoutId: 'p-1', adminEmail: admin, notes: null, acknowledgeReversal, now: later }) as const;
const processCommand = (acknowledgeReversal?: boolean) =>
  ({
    type: 'ProcessPayout',
    uid,
    payoutId: 'p-1',
    adminEmail: admin,
    transactionReference: 'BANK-1',
    notes: null,
    acknowledgeReversal,
    now: later,
  }) as const;

describe('double payout: the reward order is decided on the wallet stream', () => {
  it('places the order of an approved payout once', () => {
    spec
      .given([...open, approved])
      .when(placeOrder)
      .then([placed]);
    // A retry of the same job after the append finds it placed and appends nothing.
    spec
      .given([...open, approved, placed])
      .when(placeOrder)
      .then([]);
  });

  it('refuses cancel and reject once the order is placed', () => {
    spec
      .given([...open, approved, placed])
      .when(adminCancel())
      .thenThrows(SENT_CANCEL);
    spec
      .given([...open, approved, placed])
      .when(reject)
      .thenThrows(SENT_REJECT);
  });

  it('refuses cancel and reject once the payout is processed', () => {
    spec
      .given([...open, processed])
      .when(adminCancel())
      .thenThrows(SENT_CANCEL);
    spec
      .given([...open, processed])
      .when(reject)
      .thenThrows(SENT_REJECT);
  });

  it('treats an order recorded before PayoutRewardOrderPlaced existed as placed', () =>
    spec
      .given([
        ...open,
        approved,
        {
          type: 'PayoutRewardOrdered',
          data: { uid, payoutId: 'p-1', orderId: 'ord-1', rewardId: null, orderStatus: 'EXECUTED', orderedAt: now },
        },
      ])
      .when(adminCancel())
      .thenThrows(SENT_CANCEL));

  it('approve -> cancel race: once cancelled, the order is refused (one or the other, never both)', () =>
    spec
      .given([...open, approved, cancelled])
      .when(placeOrder)
      .thenThrows('Payout is cancelled; only approved payouts can be ordered'));

  it('still cancels an approved payout whose order is not placed yet', () =>
    spec
      .given([...open, approved])
      .when(adminCancel())
      .then([cancelled]));
});

describe('reversed money paid out: a reversal while a payout is open flags it', () => {
  const reversal = (overrides: Partial<CallbackReceived['data']> = {}) =>
    ({
      type: 'ApplyCallback',
      uid,
      earningId: 'unused',
      now: later,
      callback: {
        callbackId: 'cb-r',
        transactionId: 'or-e-1',
        userId: uid,
        offerId: '42',
        offerName: null,
        taskId: null,
        taskName: null,
        userRewardRaw: '-1.25',
        rewardPence: -125,
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
        receivedAt: later,
        ...overrides,
      },
    }) as const;
  const lostQualification: WalletEvent = { type: 'MemberQualificationLost', data: { uid, sequence: 1, lostAt: later } };
  const reversed: WalletEvent = {
    type: 'EarningReversed',
    data: {
      uid,
      earningId: 'e-1',
      callbackId: 'cb-r',
      amountPence: 125,
      fromStatus: 'approved',
      reason: 'Reversed by BitLabs (transaction or-e-1)',
      reversedAt: later,
    },
  };
  const flaggedNow: WalletEvent = { ...flagged, data: { ...flagged.data, flaggedAt: later } } as WalletEvent;

  it('emits PayoutFlaggedForReview with the amount after EarningReversed', () =>
    spec.given(open).when(reversal()).then([reversed, flaggedNow, lostQualification]));

  it('flags an approved payout whose order is already placed, for the record', () =>
    spec
      .given([...open, approved, placed])
      .when(reversal())
      .then([reversed, flaggedNow, lostQualification]));

  it('flags nothing when no payout is open', () =>
    spec
      .given([...open, processed])
      .when(reversal())
      .then([reversed, lostQualification]));

  it('refuses approve and process without acknowledgement, naming the amount', () => {
    spec
      .given([...open, flagged])
      .when(approve())
      .thenThrows(
        'A reversal of £1.25 landed after this payout was requested; confirm you have reviewed it (acknowledge_reversal) before approving',
      );
    spec
      .given([...open, flagged])
      .when(processCommand(false))
      .thenThrows(
        'A reversal of £1.25 landed after this payout was requested; confirm you have reviewed it (acknowledge_reversal) before processing',
      );
  });

  it('approves and processes with the acknowledgement, recorded on the event', () => {
    spec
      .given([...open, flagged])
      .when(approve(true))
      .then([
        {
          type: 'PayoutApproved',
          data: { uid, payoutId: 'p-1', approvedBy: admin, notes: null, reversalAcknowledged: true, approvedAt: later },
        },
      ]);
    spec
      .given([...open, flagged])
      .when(processCommand(true))
      .then([
        {
          type: 'PayoutProcessed',
          data: {
            uid,
            payoutId: 'p-1',
            amountPence: 325,
            transactionReference: 'BANK-1',
            notes: `Processed via admin panel by ${admin}`,
            processedBy: admin,
            reversalAcknowledged: true,
            processedAt: later,
          },
        },
      ]);
  });

  it('the worker does not place the order of a flagged approved payout until an admin acknowledges', () => {
    spec
      .given([...open, approved, flagged])
      .when(placeOrder)
      .thenThrows(/acknowledge_reversal/);
    spec
      .given([...open, flagged, { ...approved, data: { ...approved.data, reversalAcknowledged: true } } as WalletEvent])
      .when(placeOrder)
      .then([placed]);
  });
});

describe('welcome bonus lock', () => {
  const request = (minPayoutPence = 79) =>
    ({ type: 'RequestPayout', uid, payoutId: 'p-2', email, method: 'tremendous_reward', minPayoutPence, now: later }) as const;
  const referral: WalletEvent = {
    type: 'ReferralRewardGranted',
    data: { uid, friendUid: 'f', earningId: 'ref-1', amountPence: 150, grantedAt: now },
  };

  it('refuses a bonus-only request, saying why', () =>
    spec
      .given([bonus])
      .when(request())
      .thenThrows('Minimum payout amount is £0.79. Your welcome bonus of £2.00 is locked until your first offer is approved.'));

  it('requests what is withdrawable without the locked bonus, and checks the minimum on that', () => {
    expect(payoutFigures(fold(walletDecider, [bonus, referral, credit('e-1', 90, 'pending')]))).toEqual({
      lockedBonusPence: 200,
      withdrawablePence: 150,
    });
    spec
      .given([bonus, referral])
      .when(request())
      .then([
        {
          type: 'PayoutRequested',
          data: {
            uid,
            payoutId: 'p-2',
            amountPence: 150,
            method: 'tremendous_reward',
            deliveryMethod: 'email',
            email,
            earningIds: ['ref-1'],
            requestedAt: later,
          },
        },
      ]);
    spec.given([bonus, referral]).when(request(151)).thenThrows('Minimum payout amount is £1.51. Your welcome bonus');
  });

  it('unlocks with the first approved offer earning (a pending one is not enough)', () => {
    spec
      .given([bonus, credit('e-1', 90, 'pending')])
      .when(request())
      .thenThrows(/locked until your first offer is approved/);
    spec
      .given([
        bonus,
        credit('e-1', 90, 'pending'),
        { type: 'EarningApproved', data: { uid, earningId: 'e-1', callbackId: 'cb-2', approvedAt: now } },
      ])
      .when(request())
      .then([
        {
          type: 'PayoutRequested',
          data: {
            uid,
            payoutId: 'p-2',
            amountPence: 290,
            method: 'tremendous_reward',
            deliveryMethod: 'email',
            email,
            earningIds: ['bonus', 'e-1'],
            requestedAt: later,
          },
        },
      ]);
  });
});

describe('untrusted keys', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('payout id %s is not found', (payoutId) => {
    spec
      .given(open)
      .when({ type: 'CancelPayout', uid, payoutId, actor: uid, byAdmin: false, reason: 'x', now })
      .thenThrows('Payout not found');
    spec.given(open).when(adminCancel(payoutId)).thenThrows('Payout not found');
    spec
      .given(open)
      .when({ ...placeOrder, payoutId })
      .thenThrows('Payout not found');
    spec
      .given(open)
      .when({ type: 'RecordRewardDelivery', uid, payoutId, webhookUuid: payoutId, state: 'delivered', occurredAt: now, detail: null, now })
      .thenThrows('Payout not found');
  });

  it('a reversal naming transaction "constructor" finds no credit and waits for one', () =>
    expect(
      walletDecider.decide(
        {
          type: 'ApplyCallback',
          uid,
          earningId: 'x',
          now,
          callback: {
            callbackId: 'cb-x',
            transactionId: 'or-x',
            ref: 'constructor',
            state: 'RECONCILED',
            rewardPence: -1,
          } as CallbackReceived['data'],
        },
        fold(walletDecider, open),
      ).map((e) => e.type),
    ).toEqual(['ReversalAwaitingCredit']));
});
