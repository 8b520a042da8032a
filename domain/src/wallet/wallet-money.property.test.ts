import {
  type CallbackReceived,
  foldStatement,
  MAX_CALLBACK_CREDIT_PENCE,
  type RecordedWalletEvent,
  type WalletEvent,
} from '@playquid/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { fold } from '../decider';
import { walletDecider, type WalletCommand } from './wallet.decider';

/**
 * Finding 3: whatever the partner sends within the intake's limits, the wallet's integer pence stay
 * exact. Random sequences of callbacks (credits, stateful approvals, reversals) and admin reviews go
 * through the real decider; the events it appends are folded by the decider AND by the statement,
 * and both must agree, stay safe integers, and keep the money identity.
 */
const uid = 'member-1';
const now = '2026-11-22T10:00:00.000Z';

type Action =
  | { kind: 'credit'; tx: number; pence: number; state: 'PENDING' | 'COMPLETED' }
  | { kind: 'reverse'; tx: number }
  | { kind: 'review'; tx: number; approve: boolean };

const amount = fc.integer({ min: 1, max: MAX_CALLBACK_CREDIT_PENCE });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('credit' as const),
    tx: fc.nat(20),
    pence: amount,
    state: fc.constantFrom('PENDING' as const, 'COMPLETED' as const),
  }),
  fc.record({ kind: fc.constant('reverse' as const), tx: fc.nat(20) }),
  fc.record({ kind: fc.constant('review' as const), tx: fc.nat(20), approve: fc.boolean() }),
);

const callback = (id: number, tx: string, pence: number, state: CallbackReceived['data']['state'], ref: string | null) =>
  callbackData({
    callbackId: `cb-${id}`,
    transactionId: tx,
    userId: uid,
    userRewardRaw: String(pence / 100),
    rewardPence: pence,
    state,
    ref,
    receivedAt: now,
  });

function commandFor(a: Action, i: number, events: WalletEvent[]): WalletCommand {
  const tx = `o${a.tx}`;
  if (a.kind === 'credit')
    return {
      type: 'ApplyCallback',
      uid,
      callback: callback(i, tx, a.pence, a.state, null),
      earningId: `e-${i}`,
      reviewThresholdPence: 5_000,
      now,
    };
  if (a.kind === 'reverse')
    return { type: 'ApplyCallback', uid, callback: callback(i, `or${i}`, -1, 'RECONCILED', tx), earningId: `e-${i}`, now };
  const credit = events.find((e) => e.type === 'EarningCredited' && e.data.transactionId === tx);
  const earningId = credit?.type === 'EarningCredited' ? credit.data.earningId : 'none';
  return { type: a.approve ? 'ApproveHeldEarning' : 'RejectHeldEarning', uid, earningId, by: 'admin', reason: 'checked', now };
}

/** Runs the actions through decide/evolve; refusals (DomainError) append nothing, as in production. */
function run(actions: Action[]): WalletEvent[] {
  const events: WalletEvent[] = [{ type: 'WelcomeBonusGranted', data: { uid, earningId: 'bonus', amountPence: 200, grantedAt: now } }];
  let state = fold(walletDecider, events);
  actions.forEach((a, i) => {
    let decided: WalletEvent[] = [];
    try {
      decided = walletDecider.decide(commandFor(a, i, events), state);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'DomainError') throw error;
    }
    for (const event of decided) {
      events.push(event);
      state = walletDecider.evolve(state, event);
    }
  });
  return events;
}

const recorded = (events: WalletEvent[]): RecordedWalletEvent[] =>
  events.map((e, i) => ({ ...e, id: `ev-${i}`, revision: i, createdAt: now }));

describe('wallet money (property)', () => {
  it('never leaves safe integers, and the decider and the statement agree on every balance', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const events = run(actions);
        const state = fold(walletDecider, events);
        const statement = foldStatement(recorded(events));
        for (const value of [
          state.availablePence,
          state.pendingPence,
          state.reservedPence,
          state.paidOutPence,
          statement.available_pence,
          statement.pending_pence,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
        expect(statement.available_pence).toBe(state.availablePence);
        expect(statement.pending_pence).toBe(state.pendingPence);

        // The identity: money in (credits, bonus) minus money taken back (reversals, review rejections) is where it now sits.
        let credited = 0;
        let removed = 0;
        for (const e of events) {
          if (e.type === 'EarningCredited' || e.type === 'WelcomeBonusGranted') credited += e.data.amountPence;
          if (e.type === 'EarningReversed' || e.type === 'EarningReviewRejected') removed += e.data.amountPence;
        }
        expect(state.availablePence + state.pendingPence + state.reservedPence + state.paidOutPence).toBe(credited - removed);
      }),
      { numRuns: 300 },
    );
  });
});
