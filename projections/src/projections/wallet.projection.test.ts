import type { EarningCredited, EarningReversed, PayoutRequested, WelcomeBonusGranted } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { walletProjection } from './wallet.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('wallet');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, walletProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T11:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';

const bonus: WelcomeBonusGranted = { type: 'WelcomeBonusGranted', data: { uid: 'ana', earningId: 'bonus-ana', amountPence: 200, grantedAt: T0 } };
const credited = (earningId: string, amountPence: number, status: 'pending' | 'approved', creditedAt = T1): EarningCredited => ({
  type: 'EarningCredited',
  data: {
    uid: 'ana',
    earningId,
    callbackId: `cb-${earningId}`,
    transactionId: `tx-${earningId}`,
    offerId: '42',
    offerName: 'Dragon Clash',
    taskId: '7',
    taskName: 'Level 5',
    amountPence,
    rawUsd: 12_345,
    status,
    creditedAt,
  },
});
const reversed = (earningId: string, amountPence: number, fromStatus: 'pending' | 'approved'): EarningReversed => ({
  type: 'EarningReversed',
  data: { uid: 'ana', earningId, callbackId: `cb-r-${earningId}`, amountPence, fromStatus, reason: 'Reversed by BitLabs', reversedAt: T2 },
});

const zero = { available_pence: 0, pending_pence: 0, reserved_pence: 0, paid_out_pence: 0, total_earned_pence: 0, total_transactions: 0, pending_transactions: 0, completed_offers: 0 };
const balance = (change: Partial<typeof zero>, at: string) => ({ uid: 'ana', ...zero, ...change, updated_at: new Date(at) });
const bonusRow = {
  id: 'bonus-ana',
  uid: 'ana',
  amount_pence: 200,
  status: 'approved',
  is_bonus: true,
  kind: 'bonus',
  callback_id: null,
  transaction_id: null,
  offer_id: null,
  offer_name: 'Welcome Bonus',
  task_id: null,
  task_name: null,
  payout_id: null,
  created_at: new Date(T0),
  updated_at: new Date(T0),
};
const earningRow = (id: string, amount: number, status: string, updatedAt = T1, payoutId: string | null = null) => ({
  id,
  uid: 'ana',
  amount_pence: amount,
  status,
  is_bonus: false,
  kind: 'offer',
  callback_id: `cb-${id}`,
  transaction_id: `tx-${id}`,
  offer_id: '42',
  offer_name: 'Dragon Clash',
  task_id: '7',
  task_name: 'Level 5',
  payout_id: payoutId,
  created_at: new Date(T1),
  updated_at: new Date(updatedAt),
});

describe('wallet projection', () => {
  it('WelcomeBonusGranted adds an approved bonus earning and opens the balance with it', () =>
    spec.given(bonus).then({
      earnings: [bonusRow],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 1 }, T0)],
    }));

  it('a pending credit is held in pending, not in available, and counts in Total Earned at once', () =>
    spec.given(bonus, credited('e-1', 29, 'pending')).then({
      earnings: [bonusRow, earningRow('e-1', 29, 'pending')],
      balances: [balance({ available_pence: 200, pending_pence: 29, total_earned_pence: 229, total_transactions: 2, pending_transactions: 1 }, T1)],
    }));

  it('an approved credit is available at once and counts as a completed offer', () =>
    spec.given(bonus, credited('e-1', 125, 'approved')).then({
      earnings: [bonusRow, earningRow('e-1', 125, 'approved')],
      balances: [balance({ available_pence: 325, total_earned_pence: 325, total_transactions: 2, completed_offers: 1 }, T1)],
    }));

  it('the balance row is created by the first event for a member, whatever it is', () =>
    spec.given(credited('e-1', 80, 'pending')).then({
      balances: [balance({ pending_pence: 80, total_earned_pence: 80, total_transactions: 1, pending_transactions: 1 }, T1)],
    }));

  it('EarningApproved moves the amount from pending to available', () =>
    spec
      .given(bonus, credited('e-1', 80, 'pending'), credited('e-2', 45, 'pending'), {
        type: 'EarningApproved',
        data: { uid: 'ana', earningId: 'e-1', callbackId: 'cb-a', approvedAt: T2 },
      })
      .then({
        earnings: [bonusRow, earningRow('e-1', 80, 'approved', T2), earningRow('e-2', 45, 'pending')],
        balances: [
          balance({ available_pence: 280, pending_pence: 45, total_earned_pence: 325, total_transactions: 3, pending_transactions: 1, completed_offers: 1 }, T2),
        ],
      }));

  it('a credit held for review counts as earned until an admin rejects it; approval keeps it', () =>
    spec
      .given(
        bonus,
        credited('e-1', 80, 'pending'),
        credited('e-2', 45, 'pending'),
        {
          type: 'EarningReviewApproved',
          data: { uid: 'ana', earningId: 'e-1', amountPence: 80, approvedBy: 'admin', reason: 'checked', approvedAt: T2 },
        },
        {
          type: 'EarningReviewRejected',
          data: { uid: 'ana', earningId: 'e-2', amountPence: 45, rejectedBy: 'admin', reason: 'fraud', rejectedAt: T2 },
        },
      )
      .then({
        earnings: [bonusRow, earningRow('e-1', 80, 'approved', T2), earningRow('e-2', 45, 'rejected', T2)],
        balances: [balance({ available_pence: 280, total_earned_pence: 280, total_transactions: 3, completed_offers: 1 }, T2)],
      }));

  it('EarningReversed of a pending earning takes it from pending and from the total earned', () =>
    spec.given(bonus, credited('e-1', 80, 'pending'), reversed('e-1', 80, 'pending')).then({
      earnings: [bonusRow, earningRow('e-1', 80, 'rejected', T2)],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 2 }, T2)],
    }));

  it('EarningReversed of an approved earning takes it from available and from the total earned', () =>
    spec.given(bonus, credited('e-1', 125, 'approved'), reversed('e-1', 125, 'approved')).then({
      earnings: [bonusRow, earningRow('e-1', 125, 'rejected', T2)],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 2 }, T2)],
    }));

  it('never clamps at zero: a reversal larger than the available balance leaves it negative', () =>
    spec.given(bonus, reversed('e-0', 300, 'approved')).then({
      balances: [balance({ available_pence: -100, total_earned_pence: -100, total_transactions: 1, completed_offers: -1 }, T2)],
    }));

  it('keeps each member to their own balance', () =>
    spec
      .given(bonus, { type: 'WelcomeBonusGranted', data: { uid: 'ben', earningId: 'bonus-ben', amountPence: 200, grantedAt: T1 } }, credited('e-1', 1, 'approved'))
      .then({
        balances: [
          balance({ available_pence: 201, total_earned_pence: 201, total_transactions: 2, completed_offers: 1 }, T1),
          { ...balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 1 }, T1), uid: 'ben' },
        ],
      }));

  describe('payouts', () => {
    const T3 = '2026-11-22T13:00:00.000Z';
    const requested: PayoutRequested = {
      type: 'PayoutRequested',
      data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, method: 'tremendous_reward', deliveryMethod: 'email', email: 'ana@example.com', earningIds: ['bonus-ana', 'e-1'], requestedAt: T2 },
    };
    const given = [bonus, credited('e-1', 125, 'approved'), requested] as const;

    it('a request moves the whole available balance into the reserve and marks its earnings', () =>
      spec.given(...given).then({
        earnings: [{ ...bonusRow, payout_id: 'p-1', updated_at: new Date(T2) }, earningRow('e-1', 125, 'approved', T2, 'p-1')],
        balances: [balance({ available_pence: 0, reserved_pence: 325, total_earned_pence: 325, total_transactions: 2, completed_offers: 1 }, T2)],
      }));

    it('processing pays the reserve out and marks its earnings paid', () =>
      spec
        .given(...given, {
          type: 'PayoutProcessed',
          data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, transactionReference: 'BANK-1', notes: 'n', processedBy: 'admin@x', processedAt: T3 },
        })
        .then({
          earnings: [{ ...bonusRow, status: 'paid', payout_id: 'p-1', updated_at: new Date(T3) }, earningRow('e-1', 125, 'paid', T3, 'p-1')],
          balances: [balance({ paid_out_pence: 325, total_earned_pence: 325, total_transactions: 2, completed_offers: 1 }, T3)],
        }));

    it('a cancellation gives the reserve back and frees the earnings', () =>
      spec
        .given(...given, {
          type: 'PayoutCancelled',
          data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, reason: 'Cancelled by admin', cancelledBy: 'admin@x', byAdmin: true, cancelledAt: T3 },
        })
        .then({
          earnings: [{ ...bonusRow, updated_at: new Date(T3) }, earningRow('e-1', 125, 'approved', T3)],
          balances: [balance({ available_pence: 325, total_earned_pence: 325, total_transactions: 2, completed_offers: 1 }, T3)],
        }));

    it('a reversal after the payout leaves the balance below zero', () =>
      spec
        .given(
          ...given,
          {
            type: 'PayoutProcessed',
            data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, transactionReference: 'BANK-1', notes: 'n', processedBy: 'admin@x', processedAt: T3 },
          },
          { ...reversed('e-1', 125, 'approved'), data: { ...reversed('e-1', 125, 'approved').data, reversedAt: T3 } },
        )
        .then({
          balances: [balance({ available_pence: -125, paid_out_pence: 325, total_earned_pence: 200, total_transactions: 2 }, T3)],
        }));

    it('a referral reward is approved money of its own kind', () =>
      spec
        .given({ type: 'ReferralRewardGranted', data: { uid: 'ana', friendUid: 'ben', earningId: 'ref-ben', amountPence: 150, grantedAt: T0 } })
        .then({
          earnings: [{ ...bonusRow, id: 'ref-ben', amount_pence: 150, kind: 'referral', offer_name: 'Referral Reward' }],
          balances: [balance({ available_pence: 150, total_earned_pence: 150, total_transactions: 1 }, T0)],
        }));
  });
});
