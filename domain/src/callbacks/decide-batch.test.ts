import type { WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, evolveAll, fold } from '../decider';
import { deepFreeze } from '../testing/deep-freeze';
import { callbackData } from '../testing/callback-fixtures';
import { walletDecider } from '../wallet/wallet.decider';
import { walletStateToJson } from '../wallet/wallet-snapshot';
import { callbackBatch, type CallbackToApply, decideCallbacks } from './decide-batch';

const now = '2026-11-22T10:00:00.000Z';
const uid = 'member-1';
const apply = (n: number, overrides: Parameters<typeof callbackData>[0] = {}): CallbackToApply => ({
  callback: callbackData({ callbackId: `cb-${n}`, transactionId: `o${n}`, userId: uid, ...overrides }),
  earningId: `e-${n}`,
});

/** The same callbacks decided one at a time, each appended before the next is decided. */
function oneByOne(history: WalletEvent[], callbacks: CallbackToApply[]) {
  const events: WalletEvent[] = [...history];
  return callbacks.map(({ callback, earningId }) => {
    try {
      const decided = walletDecider.decide({ type: 'ApplyCallback', uid, callback, earningId, now }, fold(walletDecider, events));
      events.push(...decided);
      return { callbackId: callback.callbackId, events: decided };
    } catch (error) {
      return { callbackId: callback.callbackId, refused: error as DomainError };
    }
  });
}

describe('decideCallbacks', () => {
  it('decides each callback on the wallet the earlier ones left, exactly as one at a time would', () => {
    const history: WalletEvent[] = [{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: now } }];
    const batch = [
      apply(1, { state: 'PENDING', rewardPence: 150 }),
      apply(2),
      // BitLabs retrying callback 2 with the same callback id: booked once.
      apply(2),
      // The pending credit of transaction o1 completes.
      apply(3, { transactionId: 'o1', state: 'COMPLETED', rewardPence: 150 }),
      // A reversal of transaction o2 in default mode (a new transaction naming the original).
      apply(4, { transactionId: 'or2', ref: 'o2', state: 'RECONCILED', rewardPence: -100 }),
    ];
    const wallet = deepFreeze(fold(walletDecider, history));
    const { decisions } = decideCallbacks(wallet, uid, batch, { now });
    expect(decisions).toEqual(oneByOne(history, batch));
    expect(decisions.map((d) => ('events' in d ? d.events.map((e) => e.type) : d.refused.message))).toEqual([
      ['EarningCredited'],
      ['EarningCredited', 'MemberQualified'],
      [],
      ['EarningApproved'],
      ['EarningReversed'],
    ]);
    // Decided on layers over the frozen wallet: it is what it was.
    expect(walletStateToJson(wallet)).toBe(walletStateToJson(fold(walletDecider, history)));
  });

  it('refuses a callback the wallet cannot apply on its own and still decides the others', () => {
    const batch = [apply(1), apply(2, { rewardPence: 0, userRewardRaw: '0.00' }), apply(3)];
    const { decisions } = decideCallbacks(walletDecider.initialState(), uid, batch, { now });
    expect(decisions[1]).toEqual({ callbackId: 'cb-2', refused: new DomainError('Reward must be positive, got 0.00') });
    expect(decisions.filter((d) => 'events' in d).map((d) => d.callbackId)).toEqual(['cb-1', 'cb-3']);
  });

  it('holds a credit above the review threshold for review', () => {
    const { decisions } = decideCallbacks(walletDecider.initialState(), uid, [apply(1, { rewardPence: 5_000 })], {
      now,
      reviewThresholdPence: 1_000,
    });
    expect(decisions[0]).toMatchObject({ events: [{ type: 'EarningCredited', data: { status: 'pending', heldForReview: true } }] });
  });
});

describe('callbackBatch', () => {
  it('decides the batch as one command, gives that decision back, and folds as the wallet decider folds', () => {
    const wallet = deepFreeze(fold(walletDecider, [{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: now } }]));
    const batch = callbackBatch(uid, { now });
    const callbacks = [apply(1), apply(2, { rewardPence: 0, userRewardRaw: '0.00' })];
    const events = batch.decider.decide(callbacks, wallet);
    expect(batch.decisions()).toEqual(decideCallbacks(wallet, uid, callbacks, { now }).decisions);
    expect(events).toEqual(batch.decisions().flatMap((d) => ('events' in d ? d.events : [])));
    expect(evolveAll(batch.decider, wallet, events)).toEqual(fold(walletDecider, events, wallet));
  });
});
