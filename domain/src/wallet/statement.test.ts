import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WalletEvent } from '@playquid/contracts';
import { earningApproved, earningCredited, welcomeBonusGranted } from '../testing/wallet-fixtures';
import { EMPTY_STATEMENT_BALANCES, foldStatement, type RecordedWalletEvent, statementEntryFor } from './statement';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute)).toISOString();

/** Records events as the store would: ids and revisions in order, one minute apart. */
const recorded = (...events: WalletEvent[]): RecordedWalletEvent[] =>
  events.map((event, revision) => ({ ...event, id: `ev-${revision}`, revision, createdAt: at(revision) }) as RecordedWalletEvent);

const bonus: WalletEvent = welcomeBonusGranted({ uid: 'ana', grantedAt: at(0) });
const credit = (earningId: string, amountPence: number, status: 'pending' | 'approved', creditedAt = at(1)): WalletEvent =>
  earningCredited({ uid: 'ana', earningId, amountPence, status, creditedAt });
const approved = (earningId: string): WalletEvent => earningApproved({ uid: 'ana', earningId, approvedAt: at(5) });
const reversed = (earningId: string, amountPence: number, fromStatus: 'pending' | 'approved'): WalletEvent => ({
  type: 'EarningReversed',
  data: { uid: 'ana', earningId, callbackId: `cb-r-${earningId}`, amountPence, fromStatus, reason: 'Reversed by BitLabs (transaction or-1)', reversedAt: at(6) },
});
const requested = (payoutId: string, amountPence: number): WalletEvent => ({
  type: 'PayoutRequested',
  data: { uid: 'ana', payoutId, amountPence, method: 'tremendous_reward', deliveryMethod: 'email', email: 'ana@example.com', earningIds: [], requestedAt: at(7) },
});

describe('statementEntryFor', () => {
  it('turns a welcome bonus into an entry crediting the available balance', () => {
    const [event] = recorded(bonus);
    expect(statementEntryFor(event, EMPTY_STATEMENT_BALANCES)).toEqual({
      entry: {
        event_id: 'ev-0',
        revision: 0,
        at: at(0),
        kind: 'welcome_bonus',
        reason: 'Welcome bonus',
        available_change_pence: 200,
        pending_change_pence: 0,
        available_balance_pence: 200,
        pending_balance_pence: 0,
        earning_id: 'bonus',
        payout_id: null,
        expected_clear_at: null,
      },
      after: { availablePence: 200, pendingPence: 0, reservedPence: 0 },
    });
  });

  it('holds a pending credit in pending and says when it is expected to clear (30 days after the credit)', () => {
    const [, event] = recorded(bonus, credit('e-1', 29, 'pending', '2026-11-22T10:01:00.000Z'));
    const step = statementEntryFor(event, { availablePence: 200, pendingPence: 0, reservedPence: 0 })!;
    expect(step.entry).toMatchObject({
      kind: 'earning_pending',
      reason: 'Dragon Clash - Level 5 (pending confirmation from BitLabs)',
      available_change_pence: 0,
      pending_change_pence: 29,
      available_balance_pence: 200,
      pending_balance_pence: 29,
      expected_clear_at: '2026-12-22T10:01:00.000Z',
    });
  });

  it('needs the amount of the pending earning an approval clears, since the event does not restate it', () => {
    const [event] = recorded(approved('e-1'));
    expect(() => statementEntryFor(event, EMPTY_STATEMENT_BALANCES)).toThrow('no pending amount known for earning e-1');
    expect(statementEntryFor(event, { availablePence: 0, pendingPence: 80, reservedPence: 0 }, 80)?.entry).toMatchObject({
      kind: 'earning_cleared',
      available_change_pence: 80,
      pending_change_pence: -80,
      available_balance_pence: 80,
      pending_balance_pence: 0,
    });
  });

  it('gives no entry for events that move no money', () => {
    const events: WalletEvent[] = [
      { type: 'PayoutApproved', data: { uid: 'ana', payoutId: 'p-1', approvedBy: 'admin@example.com', notes: null, approvedAt: at(8) } },
      { type: 'PayoutRewardOrdered', data: { uid: 'ana', payoutId: 'p-1', orderId: 'o', rewardId: 'r', orderStatus: 'EXECUTED', orderedAt: at(8) } },
      { type: 'PayoutRewardOrderFailed', data: { uid: 'ana', payoutId: 'p-1', error: 'timeout', failedAt: at(8) } },
      { type: 'PayoutRewardDeliveryRecorded', data: { uid: 'ana', payoutId: 'p-1', webhookUuid: 'w', outcome: 'sent', detail: null, recordedAt: at(8) } },
    ];
    for (const event of recorded(...events)) expect(statementEntryFor(event, EMPTY_STATEMENT_BALANCES)).toBeNull();
  });
});

describe('foldStatement', () => {
  it('lists every change to the money with running balances, oldest first', () => {
    const statement = foldStatement(recorded(bonus, credit('e-1', 80, 'pending'), credit('e-2', 125, 'approved'), approved('e-1')));
    expect(statement.entries.map((e) => [e.kind, e.available_change_pence, e.pending_change_pence, e.available_balance_pence, e.pending_balance_pence])).toEqual([
      ['welcome_bonus', 200, 0, 200, 0],
      ['earning_pending', 0, 80, 200, 80],
      ['earning_approved', 125, 0, 325, 80],
      ['earning_cleared', 80, -80, 405, 0],
    ]);
    expect(statement).toMatchObject({ available_pence: 405, pending_pence: 0, reserved_pence: 0, as_of: null });
  });

  it('follows a payout: requested moves available to reserved, released gives it back, paid takes it from the reserve', () => {
    const statement = foldStatement(
      recorded(
        bonus,
        requested('p-1', 200),
        { type: 'PayoutRejected', data: { uid: 'ana', payoutId: 'p-1', amountPence: 200, reason: 'Suspicious', rejectedBy: 'admin', rejectedAt: at(8) } },
        requested('p-2', 200),
        {
          type: 'PayoutProcessed',
          data: { uid: 'ana', payoutId: 'p-2', amountPence: 200, transactionReference: 'BANK-1', notes: 'ok', processedBy: 'admin', processedAt: at(9) },
        },
      ),
    );
    expect(statement.entries.map((e) => [e.kind, e.payout_id, e.available_change_pence, e.available_balance_pence])).toEqual([
      ['welcome_bonus', null, 200, 200],
      ['payout_requested', 'p-1', -200, 0],
      ['payout_released', 'p-1', 200, 200],
      ['payout_requested', 'p-2', -200, 0],
      ['payout_paid', 'p-2', 0, 0],
    ]);
    expect(statement.entries[2].reason).toBe('Payout of £2.00 rejected: Suspicious');
    expect(statement.entries[4].reason).toBe('Payout of £2.00 paid (reference BANK-1)');
    expect(statement).toMatchObject({ available_pence: 0, pending_pence: 0, reserved_pence: 0 });
  });

  it('goes below zero when money already paid out is reversed, and gives the chargeback its reason', () => {
    const paid: WalletEvent = {
      type: 'PayoutProcessed',
      data: { uid: 'ana', payoutId: 'p-1', amountPence: 325, transactionReference: 'BANK-1', notes: 'ok', processedBy: 'admin', processedAt: at(9) },
    };
    const statement = foldStatement(recorded(bonus, credit('e-1', 125, 'approved'), requested('p-1', 325), paid, reversed('e-1', 125, 'approved')));
    expect(statement.entries.at(-1)).toMatchObject({
      kind: 'earning_reversed',
      reason: 'Reversed by BitLabs (transaction or-1)',
      available_change_pence: -125,
      available_balance_pence: -125,
      earning_id: 'e-1',
    });
    expect(statement.available_pence).toBe(-125);
  });

  it('takes a reversal of a pending credit from pending', () => {
    const statement = foldStatement(recorded(bonus, credit('e-1', 80, 'pending'), reversed('e-1', 80, 'pending')));
    expect(statement.entries.at(-1)).toMatchObject({ available_change_pence: 0, pending_change_pence: -80, pending_balance_pence: 0 });
  });

  it('as of a moment, counts only the events recorded at or before it', () => {
    const events = recorded(bonus, credit('e-1', 80, 'pending'), credit('e-2', 125, 'approved'));
    const statement = foldStatement(events, at(1));
    expect(statement.entries.map((e) => e.event_id)).toEqual(['ev-0', 'ev-1']);
    expect(statement).toMatchObject({ available_pence: 200, pending_pence: 80, as_of: at(1) });
    expect(foldStatement(events, new Date(Date.UTC(2026, 0, 1))).entries).toEqual([]);
  });

  it('keeps every running balance equal to the one before plus the change, in whole pence', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), pence: fc.integer({ min: 1, max: 100_000 }), pending: fc.boolean() }),
      fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const events: WalletEvent[] = [bonus];
        const open: { id: string; pence: number; status: 'pending' | 'approved' }[] = [];
        steps.forEach((s, i) => {
          if (s.kind === 'credit') {
            const status = s.pending ? 'pending' : 'approved';
            events.push(credit(`e-${i}`, s.pence, status));
            open.push({ id: `e-${i}`, pence: s.pence, status });
            return;
          }
          const candidates = open.filter((e) => s.kind === 'reverse' || e.status === 'pending');
          if (candidates.length === 0) return;
          const earning = candidates[s.pick % candidates.length];
          if (s.kind === 'approve') {
            events.push(approved(earning.id));
            earning.status = 'approved';
          } else {
            events.push(reversed(earning.id, earning.pence, earning.status));
            open.splice(open.indexOf(earning), 1);
          }
        });
        const statement = foldStatement(recorded(...events));
        let available = 0;
        let pending = 0;
        for (const entry of statement.entries) {
          available += entry.available_change_pence;
          pending += entry.pending_change_pence;
          expect([entry.available_balance_pence, entry.pending_balance_pence]).toEqual([available, pending]);
          expect(Number.isInteger(entry.available_balance_pence) && Number.isInteger(entry.pending_balance_pence)).toBe(true);
        }
        expect([statement.available_pence, statement.pending_pence]).toEqual([available, pending]);
        expect(pending).toBe(open.filter((e) => e.status === 'pending').reduce((sum, e) => sum + e.pence, 0));
      }),
    );
  });
});
