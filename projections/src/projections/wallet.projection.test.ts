import type { EarningCredited, EarningReversed, WelcomeBonusGranted } from '@playquid/contracts';
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

const zero = { available_pence: 0, pending_pence: 0, total_earned_pence: 0, total_transactions: 0, pending_transactions: 0, completed_offers: 0 };
const balance = (change: Partial<typeof zero>, at: string) => ({ uid: 'ana', ...zero, ...change, updated_at: new Date(at) });
const bonusRow = {
  id: 'bonus-ana',
  uid: 'ana',
  amount_pence: 200,
  status: 'approved',
  is_bonus: true,
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
const earningRow = (id: string, amount: number, status: string, updatedAt = T1) => ({
  id,
  uid: 'ana',
  amount_pence: amount,
  status,
  is_bonus: false,
  callback_id: `cb-${id}`,
  transaction_id: `tx-${id}`,
  offer_id: '42',
  offer_name: 'Dragon Clash',
  task_id: '7',
  task_name: 'Level 5',
  payout_id: null,
  created_at: new Date(T1),
  updated_at: new Date(updatedAt),
});

describe('wallet projection', () => {
  it('WelcomeBonusGranted adds an approved bonus earning and opens the balance with it', () =>
    spec.given(bonus).then({
      earnings: [bonusRow],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 1 }, T0)],
    }));

  it('a pending credit is held in pending, not in available', () =>
    spec.given(bonus, credited('e-1', 29, 'pending')).then({
      earnings: [bonusRow, earningRow('e-1', 29, 'pending')],
      balances: [balance({ available_pence: 200, pending_pence: 29, total_earned_pence: 200, total_transactions: 2, pending_transactions: 1 }, T1)],
    }));

  it('an approved credit is available at once and counts as a completed offer', () =>
    spec.given(bonus, credited('e-1', 125, 'approved')).then({
      earnings: [bonusRow, earningRow('e-1', 125, 'approved')],
      balances: [balance({ available_pence: 325, total_earned_pence: 325, total_transactions: 2, completed_offers: 1 }, T1)],
    }));

  it('the balance row is created by the first event for a member, whatever it is', () =>
    spec.given(credited('e-1', 80, 'pending')).then({
      balances: [balance({ pending_pence: 80, total_transactions: 1, pending_transactions: 1 }, T1)],
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
          balance({ available_pence: 280, pending_pence: 45, total_earned_pence: 280, total_transactions: 3, pending_transactions: 1, completed_offers: 1 }, T2),
        ],
      }));

  it('EarningReversed of a pending earning takes it from pending', () =>
    spec.given(bonus, credited('e-1', 80, 'pending'), reversed('e-1', 80, 'pending')).then({
      earnings: [bonusRow, earningRow('e-1', 80, 'rejected', T2)],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 2 }, T2)],
    }));

  it('EarningReversed of an approved earning takes it from available and from the total earned', () =>
    spec.given(bonus, credited('e-1', 125, 'approved'), reversed('e-1', 125, 'approved')).then({
      earnings: [bonusRow, earningRow('e-1', 125, 'rejected', T2)],
      balances: [balance({ available_pence: 200, total_earned_pence: 200, total_transactions: 2 }, T2)],
    }));

  // Payouts will make this real: money already paid out is still taken back from available.
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
});
