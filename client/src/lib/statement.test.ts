import type { StatementEntry } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import {
  asOfIso,
  expectedClearDate,
  formatSignedPence,
  localDay,
  newestFirst,
  parseAsOfDay,
  statementAmount,
  statementLabel,
  statementTone,
} from './statement';

const entry = (revision: number, overrides: Partial<StatementEntry>): StatementEntry => ({
  event_id: `e${revision}`,
  revision,
  at: `2026-05-0${revision + 1}T10:00:00Z`,
  kind: 'welcome_bonus',
  reason: '',
  available_change_pence: 0,
  pending_change_pence: 0,
  available_balance_pence: 0,
  pending_balance_pence: 0,
  earning_id: null,
  payout_id: null,
  expected_clear_at: null,
  ...overrides,
});

describe('statement lines', () => {
  it('labels every kind and falls back for an unknown one', () => {
    expect(statementLabel('earning_reversed')).toBe('Earning reversed');
    expect(statementLabel('payout_released')).toBe('Payout returned to balance');
    expect(statementLabel('something_new')).toBe('Balance change');
  });

  it('shows the change to the available balance, or to pending money when only that moved', () => {
    expect(statementAmount(entry(0, { available_change_pence: 200 }))).toEqual({ pence: 200, bucket: 'available' });
    expect(statementAmount(entry(1, { kind: 'earning_pending', pending_change_pence: 125 }))).toEqual({ pence: 125, bucket: 'pending' });
    expect(statementAmount(entry(2, { kind: 'earning_cleared', available_change_pence: 125, pending_change_pence: -125 }))).toEqual({
      pence: 125,
      bucket: 'available',
    });
  });

  it('colours reversals and pending credits apart from ordinary credits and debits', () => {
    expect(statementTone(entry(0, { kind: 'earning_reversed', available_change_pence: -125 }))).toBe('reversal');
    expect(statementTone(entry(0, { kind: 'earning_pending' }))).toBe('pending');
    expect(statementTone(entry(0, { kind: 'welcome_bonus', available_change_pence: 200 }))).toBe('credit');
    expect(statementTone(entry(0, { kind: 'payout_requested', available_change_pence: -325 }))).toBe('debit');
  });

  it('signs amounts', () => {
    expect(formatSignedPence(125)).toBe('+£1.25');
    expect(formatSignedPence(-50)).toBe('-£0.50');
    expect(formatSignedPence(0)).toBe('£0.00');
  });

  it('lists newest first by stream position', () => {
    expect(newestFirst([entry(0, {}), entry(2, {}), entry(1, {})]).map((e) => e.revision)).toEqual([2, 1, 0]);
  });
});

describe('expected clearing date', () => {
  const pending = entry(1, { kind: 'earning_pending', earning_id: 'x', expected_clear_at: '2026-06-01T00:00:00Z' });

  it('is shown while the earning is still pending', () => {
    expect(expectedClearDate(pending, [pending])).toBe('2026-06-01T00:00:00Z');
  });
  it('is dropped once a later line clears, approves or reverses that earning', () => {
    for (const kind of ['earning_cleared', 'earning_approved', 'earning_reversed'] as const) {
      expect(expectedClearDate(pending, [pending, entry(3, { kind, earning_id: 'x' })])).toBeNull();
    }
  });
  it('is kept when a later line is about another earning', () => {
    expect(expectedClearDate(pending, [pending, entry(3, { kind: 'earning_cleared', earning_id: 'y' })])).toBe('2026-06-01T00:00:00Z');
  });
  it('is null for lines that are not pending credits', () => {
    expect(expectedClearDate(entry(0, { expected_clear_at: '2026-06-01T00:00:00Z' }), [])).toBeNull();
  });
});

describe('as-of day', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    expect(parseAsOfDay('2026-02-28')).toBe('2026-02-28');
    expect(parseAsOfDay('2026-02-30')).toBeUndefined();
    expect(parseAsOfDay('2026-2-3')).toBeUndefined();
    expect(parseAsOfDay(20260228)).toBeUndefined();
  });
  it('asks the API for the very end of that local day', () => {
    const iso = asOfIso('2026-03-14');
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()]).toEqual([2026, 2, 14, 23, 59]);
    expect(new Date(new Date(iso).getTime() + 1).getDate()).toBe(15);
  });

  it('never asks for a moment in the future: today means now', () => {
    const now = new Date(2026, 2, 14, 15, 30);
    expect(asOfIso('2026-03-14', now)).toBe(now.toISOString());
  });
  it('formats today in local time', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
