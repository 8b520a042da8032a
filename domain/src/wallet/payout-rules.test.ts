import type { PayoutStatus } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import {
  dashboardPayoutState,
  isOpenPayout,
  lockedBonusPence,
  memberCanCancel,
  NEGATIVE_BALANCE_MESSAGE,
  PAYOUT_IN_PROGRESS_MESSAGE,
  payoutActions,
  payoutAlreadySent,
  payoutBlockMessage,
  payoutEligibility,
} from './payout-rules';

describe('payout eligibility', () => {
  it('allows the request from exactly the minimum', () => {
    expect(payoutEligibility({ availablePence: 79, minPence: 79 })).toEqual({
      canRequest: true,
      block: null,
      shortfallPence: 0,
      withdrawablePence: 79,
    });
  });
  it('says how much more is needed below the minimum', () => {
    expect(payoutEligibility({ availablePence: 50, minPence: 79 })).toEqual({
      canRequest: false,
      block: 'below-minimum',
      shortfallPence: 29,
      withdrawablePence: 50,
    });
  });
  it('holds the locked welcome bonus back: the minimum applies to what is withdrawable', () => {
    expect(payoutEligibility({ availablePence: 200, minPence: 79, lockedBonusPence: 200 })).toEqual({
      canRequest: false,
      block: 'bonus-locked',
      shortfallPence: 79,
      withdrawablePence: 0,
    });
    expect(payoutEligibility({ availablePence: 350, minPence: 79, lockedBonusPence: 200 })).toEqual({
      canRequest: true,
      block: null,
      shortfallPence: 0,
      withdrawablePence: 150,
    });
  });
  it('blocks a negative balance first, from the figure or from the server flag', () => {
    expect(payoutEligibility({ availablePence: -35, minPence: 79 }).block).toBe('negative');
    expect(payoutEligibility({ availablePence: 500, minPence: 79, isNegative: true }).block).toBe('negative');
    expect(payoutEligibility({ availablePence: -35, minPence: 79, hasOpenPayout: true }).block).toBe('negative');
  });
  it('blocks while a payout is open, before the minimum, even though the reserve leaves 0 available', () => {
    expect(payoutEligibility({ availablePence: 0, minPence: 79, hasOpenPayout: true })).toMatchObject({
      canRequest: false,
      block: 'in-progress',
    });
    expect(payoutEligibility({ availablePence: 200, minPence: 79, lockedBonusPence: 200, hasOpenPayout: true }).block).toBe('in-progress');
  });
  it("words each block as the server's refusal", () => {
    const figures = { minPence: 79, lockedBonusPence: 200 };
    expect(payoutBlockMessage('negative', figures)).toBe(NEGATIVE_BALANCE_MESSAGE);
    expect(payoutBlockMessage('in-progress', figures)).toBe(PAYOUT_IN_PROGRESS_MESSAGE);
    expect(payoutBlockMessage('below-minimum', figures)).toBe('Minimum payout amount is £0.79');
    expect(payoutBlockMessage('bonus-locked', figures)).toBe(
      'Minimum payout amount is £0.79. Your welcome bonus of £2.00 is locked until your first offer is approved.',
    );
  });
});

describe('welcome bonus lock', () => {
  it('locks the unpaid bonus until a first offer is approved', () => {
    expect(lockedBonusPence({ completedOffers: 0, unpaidBonusPence: 200 })).toBe(200);
    expect(lockedBonusPence({ completedOffers: 1, unpaidBonusPence: 200 })).toBe(0);
    expect(lockedBonusPence({ completedOffers: 0, unpaidBonusPence: 0 })).toBe(0);
  });
});

describe('dashboard payout quick action', () => {
  it('enables from the minimum payout and is "ready" from £10', () => {
    expect(dashboardPayoutState(78, 79)).toEqual({ enabled: false, ready: false });
    expect(dashboardPayoutState(79, 79)).toEqual({ enabled: true, ready: false });
    expect(dashboardPayoutState(999, 79)).toEqual({ enabled: true, ready: false });
    expect(dashboardPayoutState(1000, 79)).toEqual({ enabled: true, ready: true });
  });
});

describe('open payouts and what may be done with them', () => {
  const statuses: PayoutStatus[] = ['pending', 'approved', 'completed', 'rejected', 'cancelled'];

  it('counts requested and approved payouts as open, and lets the member cancel only a pending one', () => {
    expect(statuses.filter((status) => isOpenPayout({ status }))).toEqual(['pending', 'approved']);
    expect(statuses.filter((status) => memberCanCancel({ status }))).toEqual(['pending']);
  });

  it("gives an admin the actions the wallet allows, none once the reward order is placed that would give the reserve back", () => {
    const actions = (status: PayoutStatus, rewardOrderPlaced = false, needsReview = false) => payoutActions({ status, rewardOrderPlaced, needsReview });
    const noRedelivery = { resend: false, returnToBalance: false };
    expect(actions('pending')).toEqual({ approve: true, process: true, reject: true, cancel: true, acknowledgementRequired: false, ...noRedelivery });
    expect(actions('approved', true)).toEqual({ approve: false, process: true, reject: false, cancel: false, acknowledgementRequired: false, ...noRedelivery });
    expect(actions('approved', false, true)).toMatchObject({ acknowledgementRequired: true });
    for (const done of ['completed', 'rejected', 'cancelled', 'returned'] as const) {
      expect(actions(done, false, true)).toEqual({ approve: false, process: false, reject: false, cancel: false, acknowledgementRequired: false, ...noRedelivery });
    }
  });

  it('treats a placed order or a paid payout as already sent', () => {
    expect(payoutAlreadySent({ status: 'approved', rewardOrderPlaced: true })).toBe(true);
    expect(payoutAlreadySent({ status: 'completed', rewardOrderPlaced: false })).toBe(true);
    expect(payoutAlreadySent({ status: 'approved', rewardOrderPlaced: false })).toBe(false);
    expect(payoutAlreadySent({ status: 'cancelled', rewardOrderPlaced: true })).toBe(false);
  });
});
