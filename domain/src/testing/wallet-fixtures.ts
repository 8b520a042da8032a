import type { EarningApproved, EarningCredited, WalletEvent, WelcomeBonusGranted } from '@playquid/contracts';

/** The moment wallet fixtures happen at unless a spec says otherwise. */
export const FIXTURE_AT = '2026-11-22T10:00:00.000Z';

/**
 * A credit as the wallet records it (an approved £1.25 for `member-1`); the callback and
 * transaction ids follow the earning id (`cb-<id>`, `tx-<id>`) unless given. Specs override only the
 * fields their rule is about.
 */
export function earningCredited(overrides: Partial<EarningCredited['data']> = {}): WalletEvent {
  const earningId = overrides.earningId ?? 'e-1';
  return {
    type: 'EarningCredited',
    data: {
      uid: 'member-1',
      earningId,
      callbackId: `cb-${earningId}`,
      transactionId: `tx-${earningId}`,
      offerId: '42',
      offerName: 'Dragon Clash',
      taskId: '7',
      taskName: 'Level 5',
      amountPence: 125,
      rawUsd: null,
      status: 'approved',
      creditedAt: FIXTURE_AT,
      ...overrides,
    },
  };
}

/** The welcome bonus (£2.00 for `member-1`, earning id `bonus`). */
export function welcomeBonusGranted(overrides: Partial<WelcomeBonusGranted['data']> = {}): WalletEvent {
  return { type: 'WelcomeBonusGranted', data: { uid: 'member-1', earningId: 'bonus', amountPence: 200, grantedAt: FIXTURE_AT, ...overrides } };
}

/** A pending credit cleared (its callback id `cb-a-<earning id>` unless given). */
export function earningApproved(overrides: Partial<EarningApproved['data']> = {}): WalletEvent {
  const earningId = overrides.earningId ?? 'e-1';
  return { type: 'EarningApproved', data: { uid: 'member-1', earningId, callbackId: `cb-a-${earningId}`, approvedAt: FIXTURE_AT, ...overrides } };
}
