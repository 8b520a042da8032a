import { type CallbackReceived, isEarnedStatus, MAX_CALLBACK_CREDIT_PENCE, type WalletEvent } from '@playquid/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { fold } from '../decider';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange } from './money-change';
import { foldStatement, type RecordedWalletEvent } from './statement';
import { walletDecider, type WalletCommand, type WalletState } from './wallet.decider';

/**
 * Whatever the partner sends within the intake's limits and whatever admins and the member do with
 * payouts, the wallet's integer pence stay exact. Random sequences of callbacks (credits, stateful
 * approvals, reversals), admin reviews and payout commands go through the real decider; the events
 * it appends are then read three ways, which must agree: the decider's state, the plain sum of
 * walletMoneyChange over the stream (what the wallet projection keeps), and the statement.
 */
const uid = 'member-1';
const now = '2026-11-22T10:00:00.000Z';

type PayoutAction = 'request' | 'approve' | 'reject' | 'process' | 'cancel' | 'adminCancel';
type Action =
  | { kind: 'credit'; tx: number; pence: number; state: 'PENDING' | 'COMPLETED' }
  | { kind: 'reverse'; tx: number }
  | { kind: 'review'; tx: number; approve: boolean }
  | { kind: 'payout'; action: PayoutAction };

// Mostly credits below the review threshold (5,000 in `commandFor`), some up to the intake's maximum.
const amount = fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: MAX_CALLBACK_CREDIT_PENCE }));
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('credit' as const),
    tx: fc.nat(20),
    pence: amount,
    state: fc.constantFrom('PENDING' as const, 'COMPLETED' as const),
  }),
  fc.record({ kind: fc.constant('reverse' as const), tx: fc.nat(20) }),
  fc.record({ kind: fc.constant('review' as const), tx: fc.nat(20), approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('payout' as const),
    action: fc.constantFrom<PayoutAction>('request', 'approve', 'reject', 'process', 'cancel', 'adminCancel'),
  }),
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

const admin = 'admin@playquid.test';

function payoutCommand(action: PayoutAction, i: number, state: WalletState): WalletCommand {
  // Commands other than a request act on the newest payout (or on none: the decider then refuses).
  const payoutId = Object.keys(state.payouts).at(-1) ?? 'none';
  switch (action) {
    case 'request':
      return { type: 'RequestPayout', uid, payoutId: `p-${i}`, email: 'm@example.com', method: 'tremendous_reward', minPayoutPence: 79, now };
    case 'approve':
      return { type: 'ApprovePayout', uid, payoutId, adminEmail: admin, notes: null, acknowledgeReversal: true, now };
    case 'reject':
      return { type: 'RejectPayout', uid, payoutId, adminEmail: admin, reason: 'no', now };
    case 'process':
      return { type: 'ProcessPayout', uid, payoutId, adminEmail: admin, transactionReference: `TX-${i}`, notes: null, acknowledgeReversal: true, now };
    case 'cancel':
    case 'adminCancel':
      return { type: 'CancelPayout', uid, payoutId, actor: uid, byAdmin: action === 'adminCancel', reason: 'changed my mind', now };
  }
}

function commandFor(a: Action, i: number, events: WalletEvent[], state: WalletState): WalletCommand {
  if (a.kind === 'payout') return payoutCommand(a.action, i, state);
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
      decided = walletDecider.decide(commandFor(a, i, events, state), state);
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

/** The sum of walletMoneyChange over a stream, the way a reader without the decider's state adds it up. */
function sumOfMoneyChanges(events: readonly WalletEvent[]) {
  const amounts = new Map<string, number>();
  const total = { ...NO_MONEY_CHANGE };
  for (const event of events) {
    if (event.type === 'EarningCredited') amounts.set(event.data.earningId, event.data.amountPence);
    const change = walletMoneyChange(event, (earningId) => amounts.get(earningId)!);
    if (change) addMoneyChange(total, change);
  }
  return total;
}

const recorded = (events: WalletEvent[]): RecordedWalletEvent[] =>
  events.map((e, i) => ({ ...e, id: `ev-${i}`, revision: i, createdAt: now }));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('wallet money (property)', () => {
  it('agrees between the decider, the sum of walletMoneyChange and the statement, in safe integers', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 10, maxLength: 80 }), (actions) => {
        const events = run(actions);
        const state = fold(walletDecider, events);
        const money = sumOfMoneyChanges(events);
        const statement = foldStatement(recorded(events));

        expect({
          availablePence: state.availablePence,
          pendingPence: state.pendingPence,
          reservedPence: state.reservedPence,
          paidOutPence: state.paidOutPence,
          totalEarnedPence: state.totalEarnedPence,
          transactions: state.transactions,
          pendingTransactions: state.pendingTransactions,
          completedOffers: state.completedOffers,
        }).toEqual(money);
        for (const value of Object.values(money)) expect(Number.isSafeInteger(value)).toBe(true);
        expect([statement.available_pence, statement.pending_pence, statement.reserved_pence]).toEqual([
          money.availablePence,
          money.pendingPence,
          money.reservedPence,
        ]);

        // The same figures as the decider's earnings and payouts describe them (Total Earned as the earnings
        // list counts it: the statuses of EARNED_STATUSES).
        const earnings = Object.values(state.earnings);
        const payouts = Object.values(state.payouts);
        expect(money.totalEarnedPence).toBe(sum(earnings.filter((e) => isEarnedStatus(e.status)).map((e) => e.amountPence)));
        expect(money.pendingPence).toBe(sum(earnings.filter((e) => e.status === 'pending').map((e) => e.amountPence)));
        expect(money.transactions).toBe(earnings.length);
        expect(money.pendingTransactions).toBe(earnings.filter((e) => e.status === 'pending').length);
        expect(money.completedOffers).toBe(earnings.filter((e) => e.kind === 'offer' && (e.status === 'approved' || e.status === 'paid')).length);
        expect(money.reservedPence).toBe(sum(payouts.filter((p) => p.status === 'pending' || p.status === 'approved').map((p) => p.amountPence)));
        expect(money.paidOutPence).toBe(sum(payouts.filter((p) => p.status === 'completed').map((p) => p.amountPence)));

        // The identity: money in (credits, bonus) minus money taken back (reversals, review rejections) is where it now sits.
        let credited = 0;
        let removed = 0;
        for (const e of events) {
          if (e.type === 'EarningCredited' || e.type === 'WelcomeBonusGranted') credited += e.data.amountPence;
          if (e.type === 'EarningReversed' || e.type === 'EarningReviewRejected') removed += e.data.amountPence;
        }
        expect(money.availablePence + money.pendingPence + money.reservedPence + money.paidOutPence).toBe(credited - removed);
        expect(money.totalEarnedPence).toBe(credited - removed);
      }),
      { numRuns: 300 },
    );
  });
});
