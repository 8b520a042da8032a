import type { WalletEvent } from '@playquid/contracts';
import type { BalanceRow } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import type { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';

const uid = 'ana';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));

/** The member's wallet stream as the store returns it, one event a minute from 10:00. */
const recorded = (...events: WalletEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: `ev-${index}`,
    streamId: `wallet-${uid}`,
    revision: BigInt(index),
    metadata: {},
    position: { commit: 1n, prepare: BigInt(index + 1) },
    createdAt: at(index),
    hash: 'h',
    previousHash: null,
  }));

const stream = recorded(
  { type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: at(0).toISOString() } },
  {
    type: 'EarningCredited',
    data: {
      uid,
      earningId: 'e-1',
      callbackId: 'cb-1',
      transactionId: 'o-1',
      offerId: null,
      offerName: 'Dragon Clash',
      taskId: null,
      taskName: null,
      amountPence: 125,
      rawUsd: null,
      status: 'approved',
      creditedAt: at(1).toISOString(),
    },
  },
  {
    type: 'EarningReversed',
    data: { uid, earningId: 'e-1', callbackId: 'cb-2', amountPence: 125, fromStatus: 'approved', reason: 'Reversed by BitLabs', reversedAt: at(2).toISOString() },
  },
);

const balanceRow: BalanceRow = {
  uid,
  available_pence: 90,
  pending_pence: 10,
  reserved_pence: 0,
  paid_out_pence: 0,
  total_earned_pence: 90,
  total_transactions: 2,
  pending_transactions: 1,
  completed_offers: 0,
  updated_at: at(5),
};

// Mocked repositories hold figures that differ from the stream, so each test shows which source it used.
function service() {
  const wallet = {
    balance: async () => balanceRow,
    earningTotals: async () => ({ bonusPence: 7, referralPence: 8, reversedPence: 9, unpaidBonusPence: 7 }),
    statementEntries: async () => [],
    // No statement row written yet: an as_of statement folds the stream's events after the last (here all).
    latestStatementRow: async () => undefined,
    pendingAmounts: async () => new Map(),
    partnerHold: async () => null,
  } as unknown as WalletRepository;
  const store = { readStream: async () => stream } as unknown as EventStore;
  return new WalletService(wallet, store, { minPayoutPence: 79 } as AppConfig);
}

describe('WalletService', () => {
  it('reads the detailed balance from the read tables when no as_of is given', async () => {
    expect(await service().detailedBalance(uid)).toMatchObject({
      available_pence: 90,
      pending_pence: 10,
      bonus_pence: 7,
      referral_pence: 8,
      reversed_pence: 9,
      // No completed offer in the row: its unpaid bonus is locked.
      locked_bonus_pence: 7,
      withdrawable_pence: 83,
      can_request_payout: true,
      min_payout_pence: 79,
      as_of: null,
    });
  });

  it('folds the wallet stream up to as_of with the decider', async () => {
    const beforeReversal = await service().detailedBalance(uid, at(1).toISOString());
    expect(beforeReversal).toMatchObject({ available_pence: 325, total_earned_pence: 325, bonus_pence: 200, reversed_pence: 0, total_transactions: 2, as_of: at(1).toISOString() });
    const afterReversal = await service().detailedBalance(uid, at(2).toISOString());
    // The reversed offer was the only one, so the welcome bonus is locked again.
    expect(afterReversal).toMatchObject({
      available_pence: 200,
      total_earned_pence: 200,
      reversed_pence: 125,
      locked_bonus_pence: 200,
      withdrawable_pence: 0,
      can_request_payout: false,
    });
  });

  it('keeps the plain balance shape whatever the source', async () => {
    expect(await service().balance(uid)).toEqual({
      available_amount: 0.9,
      completed_amount: 0.9,
      pending_amount: 0.1,
      total_amount: 1,
      available_pence: 90,
      pending_pence: 10,
      total_pence: 100,
      total_transactions: 2,
      pending_transactions: 1,
      total_earned: 0.9,
      total_earned_pence: 90,
      // The one payout answer every screen shows: no offer approved yet, so the 7p unpaid bonus is locked.
      withdrawable_pence: 83,
      locked_bonus_pence: 7,
      can_request_payout: true,
      payout_block: null,
      payout_hold: null,
      payout_shortfall_pence: 0,
      min_payout_pence: 79,
      currency: 'GBP',
    });
    expect(await service().balance(uid, at(0).toISOString())).toMatchObject({
      available_pence: 200,
      total_transactions: 1,
      total_earned_pence: 200,
      withdrawable_pence: 0,
      locked_bonus_pence: 200,
      can_request_payout: false,
      payout_block: 'bonus-locked',
      payout_hold: null,
      payout_shortfall_pence: 79,
    });
  });

  it('rebuilds the statement from the member wallet stream for as_of', async () => {
    const statement = await service().statement(uid, at(2).toISOString());
    expect(statement.entries.map((e) => [e.event_id, e.kind, e.available_balance_pence])).toEqual([
      ['ev-0', 'welcome_bonus', 200],
      ['ev-1', 'earning_approved', 325],
      ['ev-2', 'earning_reversed', 200],
    ]);
    expect(statement.as_of).toBe(at(2).toISOString());
  });
});
