import type { UserEvent, WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited, welcomeBonusGranted } from '../testing/wallet-fixtures';
import { CLOSE_OWN_ACCOUNT_AS_ADMIN, userDecider } from '../users/user.decider';
import { CLOSURE_TEXT, closureBalance } from './closure-rules';
import { walletMoneyChange } from './money-change';
import { walletDecider } from './wallet.decider';

const spec = deciderSpec(walletDecider);
const now = '2026-11-27T10:00:00.000Z';
const uid = 'member-1';
const bonus: WalletEvent = welcomeBonusGranted({ uid, grantedAt: now });
const credit = (earningId: string, amountPence: number, status: 'pending' | 'approved' = 'approved'): WalletEvent =>
  earningCredited({ uid, earningId, amountPence, status, transactionId: `t-${earningId}`, offerName: 'Dragon Quest', taskId: null, taskName: null, creditedAt: now });
const requested: WalletEvent = {
  type: 'PayoutRequested',
  data: { uid, payoutId: 'p-1', amountPence: 200, method: 'tremendous_reward', deliveryMethod: 'email', email: 'm@example.test', earningIds: ['bonus'], requestedAt: now },
};
const close = (confirmForfeit: boolean, minPayoutPence = 500) => ({ type: 'SettleClosure', uid, confirmForfeit, minPayoutPence, now }) as const;
const walletClosed: WalletEvent = { type: 'WalletClosed', data: { uid, closedAt: now } };
const forfeited = (amountPence: number): WalletEvent => ({
  type: 'BalanceForfeited',
  data: { uid, amountPence, reason: CLOSURE_TEXT.forfeitReason, forfeitedAt: now },
});

describe('wallet decider: closing the account', () => {
  it('closes an empty wallet with no money event, once', () => {
    spec.given([]).when(close(false)).then([walletClosed]);
    spec.given([walletClosed]).when(close(false)).then([]);
  });

  it('asks for the withdrawable balance to be paid out first, unless the member confirms giving it up', () => {
    spec.given([bonus, credit('e-1', 400)]).when(close(false)).thenThrows(CLOSURE_TEXT.withdrawFirst(600));
    spec.given([bonus, credit('e-1', 400)]).when(close(true)).then([forfeited(600), walletClosed]);
  });

  it('forfeits a balance below the minimum payout only with the confirmation', () => {
    spec.given([bonus]).when(close(false)).thenThrows(CLOSURE_TEXT.forfeitSmall(200));
    spec.given([bonus]).when(close(true)).then([forfeited(200), walletClosed]);
  });

  it('refuses while a payout is open or earnings are pending, confirmed or not', () => {
    spec.given([bonus, requested]).when(close(true)).thenThrows(CLOSURE_TEXT.openPayout);
    spec.given([credit('e-1', 150, 'pending')]).when(close(true)).thenThrows(CLOSURE_TEXT.pending(150));
  });

  it('leaves a negative balance as it is', () => {
    const reversed: WalletEvent = {
      type: 'EarningReversed',
      data: { uid, earningId: 'bonus', callbackId: 'cb-r', amountPence: 300, fromStatus: 'approved', reason: 'chargeback', reversedAt: now },
    };
    spec.given([bonus, reversed]).when(close(false)).then([walletClosed]);
  });

  it('takes the forfeited money off the available balance, Total Earned unchanged, and says so on the statement figures', () => {
    const state = fold(walletDecider, [bonus, credit('e-1', 400), forfeited(600)]);
    expect([state.availablePence, state.totalEarnedPence]).toEqual([0, 600]);
    expect(walletMoneyChange(forfeited(600) as Extract<WalletEvent, { type: 'BalanceForfeited' }>, () => 0)?.availablePence).toBe(-600);
    expect(closureBalance(fold(walletDecider, [bonus, credit('e-1', 400)]), 500)).toEqual({
      withdrawablePence: 600,
      forfeitPence: 600,
      openPayouts: 0,
      pendingPence: 0,
      blocker: null,
    });
  });
});

describe('user decider: closing the account', () => {
  const users = deciderSpec(userDecider);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { uid, email: 'm@example.test', username: 'Member', gender: null, referredBy: null, emailVerified: true, registeredAt: now },
  };
  const closeAccount = (over: Partial<{ byUid: string; byAdmin: boolean; reason: string | null }> = {}) =>
    ({ type: 'CloseAccount', uid, byUid: uid, closedBy: uid, byAdmin: false, reason: null, forfeitedPence: 0, now, ...over }) as const;
  const closed: UserEvent = {
    type: 'AccountClosed',
    data: { uid, closedBy: uid, byAdmin: false, reason: null, forfeitedPence: 0, closedAt: now },
  };

  it('records the closure once', () => {
    users.given([registered]).when(closeAccount()).then([closed]);
    users.given([registered, closed]).when(closeAccount()).thenThrows('This account is closed');
  });

  it('lets an admin act on a written request for someone else, never on their own account, never without the request', () => {
    users.given([registered]).when(closeAccount({ byUid: uid, byAdmin: true, reason: 'Email of 27 Nov' })).thenThrows(CLOSE_OWN_ACCOUNT_AS_ADMIN);
    users.given([registered]).when(closeAccount({ byUid: 'admin-1', byAdmin: true, reason: ' ' })).thenThrows('State the written request this closure acts on');
    users
      .given([registered])
      .when(closeAccount({ byUid: 'admin-1', byAdmin: true, reason: 'Email of 27 Nov' }))
      .then([{ ...closed, data: { ...closed.data, byAdmin: true, reason: 'Email of 27 Nov' } }]);
  });
});
