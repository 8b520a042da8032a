import type { CallbackReceived, RewardState, WalletEvent } from '@playquid/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideCallbacks } from '../callbacks/decide-batch';
import { callbackData } from '../testing/callback-fixtures';
import { deepFreeze } from '../testing/deep-freeze';
import { evolveAll, fold } from '../decider';
import { walletStateToJson } from './wallet-snapshot';
import { walletDecider, type WalletCommand, type WalletState } from './wallet.decider';

/**
 * A wallet state once returned never changes, whatever is decided and folded after it: the server
 * keeps folds between callback runs, snapshots and earlier decisions. Random runs of callback
 * batches (credits, approvals, reversals, early reversals), admin reviews and the whole payout
 * life (request, approval, reward order, delivery webhooks, resend, return, cancel, reject,
 * process) are decided and folded on deep-frozen states, so any write to one throws; every state
 * is also compared at the end with what it was when it was returned, and with a fold from scratch.
 */
const uid = 'member-1';
const now = '2026-11-27T10:00:00.000Z';
const admin = 'admin@playquid.test';

type Step =
  | { kind: 'callbacks'; batch: Array<{ tx: number; pence: number; state: 'PENDING' | 'COMPLETED' | 'RECONCILED' }> }
  | { kind: 'review'; tx: number; approve: boolean }
  | { kind: 'payout'; command: PayoutStep; delivery: RewardState };

type PayoutStep = 'request' | 'approve' | 'reject' | 'process' | 'cancel' | 'place' | 'ordered' | 'failed' | 'delivery' | 'resend' | 'return';

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('callbacks' as const),
    batch: fc.array(
      fc.record({ tx: fc.nat(12), pence: fc.integer({ min: 1, max: 8_000 }), state: fc.constantFrom('PENDING' as const, 'COMPLETED' as const, 'RECONCILED' as const) }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({ kind: fc.constant('review' as const), tx: fc.nat(12), approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('payout' as const),
    command: fc.constantFrom<PayoutStep>('request', 'approve', 'reject', 'process', 'cancel', 'place', 'ordered', 'failed', 'delivery', 'resend', 'return'),
    delivery: fc.constantFrom<RewardState>('delivered', 'failed', 'flagged'),
  }),
);

function payoutCommand(command: PayoutStep, delivery: RewardState, i: number, state: WalletState): WalletCommand {
  const payoutId = Object.keys(state.payouts).at(-1) ?? 'none';
  const base = { uid, payoutId, now };
  switch (command) {
    case 'request':
      return { type: 'RequestPayout', uid, payoutId: `p-${i}`, email: 'm@example.com', method: 'tremendous_reward', minPayoutPence: 79, now };
    case 'approve':
      return { type: 'ApprovePayout', ...base, adminEmail: admin, notes: null, acknowledgeReversal: true };
    case 'reject':
      return { type: 'RejectPayout', ...base, adminEmail: admin, reason: 'no' };
    case 'process':
      return { type: 'ProcessPayout', ...base, adminEmail: admin, transactionReference: `TX-${i}`, notes: null, acknowledgeReversal: true };
    case 'cancel':
      return { type: 'CancelPayout', ...base, actor: uid, byAdmin: false, reason: 'changed my mind' };
    case 'place':
      return { type: 'PlaceRewardOrder', ...base };
    case 'ordered':
      return { type: 'RecordRewardOrder', ...base, orderId: `order-${i}`, rewardId: `reward-${i}`, orderStatus: 'EXECUTED' };
    case 'failed':
      return { type: 'RecordRewardOrderFailure', ...base, error: 'refused' };
    case 'delivery':
      return { type: 'RecordRewardDelivery', ...base, webhookUuid: `wh-${i}`, state: delivery, occurredAt: now, detail: null };
    case 'resend':
      return { type: 'ResendReward', ...base, email: null, adminEmail: admin };
    case 'return':
      return { type: 'ReturnPayout', ...base, adminEmail: admin, reason: 'undeliverable' };
  }
}

const refused = (error: unknown) => error instanceof Error && error.name === 'DomainError';

function oneAtATime(state: WalletState, batch: ReadonlyArray<{ callback: CallbackReceived['data']; earningId: string }>) {
  return batch.map(({ callback, earningId }) => {
    try {
      const events = walletDecider.decide({ type: 'ApplyCallback', uid, callback, earningId, reviewThresholdPence: 5_000, now }, state);
      state = evolveAll(walletDecider, state, events);
      return { callbackId: callback.callbackId, events };
    } catch (error) {
      if (!refused(error)) throw error;
      return { callbackId: callback.callbackId, refused: error };
    }
  });
}

/** Decides one step on a frozen state; returns the events it appends (none when refused). */
function decideStep(s: Step, i: number, state: WalletState, events: readonly WalletEvent[]): WalletEvent[] {
  if (s.kind === 'callbacks') {
    const batch = s.batch.map((c, j) => {
      const reversal = c.state === 'RECONCILED';
      const callback = callbackData({
        callbackId: `cb-${i}-${j}`,
        transactionId: reversal ? `or-${i}-${j}` : `o${c.tx}`,
        ref: reversal ? `o${c.tx}` : null,
        userId: uid,
        rewardPence: reversal ? -c.pence : c.pence,
        userRewardRaw: String((reversal ? -c.pence : c.pence) / 100),
        state: c.state,
        receivedAt: now,
      });
      return { callback, earningId: `e-${i}-${j}` };
    });
    const { decisions } = decideCallbacks(state, uid, batch, { reviewThresholdPence: 5_000, now });
    // Decided on layers over the state (walletFold.layer), the batch decides as one callback at a
    // time would, each on the state folded (by copy) after the ones before it.
    expect(decisions).toEqual(oneAtATime(state, batch));
    return decisions.flatMap((d) => ('events' in d ? d.events : []));
  }
  let command: WalletCommand;
  if (s.kind === 'payout') command = payoutCommand(s.command, s.delivery, i, state);
  else {
    const credit = events.find((e) => e.type === 'EarningCredited' && e.data.transactionId === `o${s.tx}`);
    const earningId = credit?.type === 'EarningCredited' ? credit.data.earningId : 'none';
    command = { type: s.approve ? 'ApproveHeldEarning' : 'RejectHeldEarning', uid, earningId, by: admin, reason: 'checked', now };
  }
  try {
    return walletDecider.decide(command, state);
  } catch (error) {
    if (!refused(error)) throw error;
    return [];
  }
}

describe('wallet decider: a returned state never changes', () => {
  it('decides and folds callbacks, reviews and payouts on frozen states, each state staying what it was', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const events: WalletEvent[] = [{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: now } }];
        let state = deepFreeze(fold(walletDecider, events));
        const kept: Array<{ state: WalletState; json: string }> = [{ state, json: walletStateToJson(state) }];
        steps.forEach((s, i) => {
          const decided = decideStep(s, i, state, events);
          if (decided.length === 0) return;
          events.push(...decided);
          // One event at a time (evolve) and all at once (evolveAll) give the same state, neither touching the frozen one.
          const oneByOne = decided.reduce(walletDecider.evolve, state);
          state = deepFreeze(evolveAll(walletDecider, state, decided));
          expect(walletStateToJson(state)).toBe(walletStateToJson(oneByOne));
          kept.push({ state, json: walletStateToJson(state) });
        });
        for (const { state: before, json } of kept) expect(walletStateToJson(before)).toBe(json);
        expect(walletStateToJson(state)).toBe(walletStateToJson(fold(walletDecider, events)));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves the state a refused or empty decision was given as it was, tables included', () => {
    const state = deepFreeze(fold(walletDecider, [{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: now } }]));
    expect(() => walletDecider.decide({ type: 'ApprovePayout', uid, payoutId: 'none', adminEmail: admin, notes: null, now }, state)).toThrow('Payout not found');
    const after = walletDecider.evolve(state, { type: 'WalletClosed', data: { uid, closedAt: now } });
    expect([state.closedAt, after.closedAt, after.earnings === state.earnings]).toEqual([null, now, false]);
  });
});
