import type { StatementEntryRow } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import { balancesAfter, pageFields, toEntry } from './wallet-figures';

const row = {
  event_id: 'ev-3',
  revision: '3',
  at: new Date('2026-11-22T10:03:00.000Z'),
  kind: 'earning_credited',
  reason: 'Dragon Clash: Install',
  available_change_pence: 0,
  pending_change_pence: 120,
  available_balance_pence: 200,
  pending_balance_pence: 120,
  reserved_balance_pence: 50,
  earning_id: 'e-1',
  payout_id: null,
  expected_clear_at: new Date('2026-12-22T10:03:00.000Z'),
} as unknown as StatementEntryRow;

describe('wallet figures', () => {
  it('shows a statement row with its revision as a number and its dates as ISO text', () => {
    expect(toEntry(row)).toMatchObject({ event_id: 'ev-3', revision: 3, at: '2026-11-22T10:03:00.000Z', pending_change_pence: 120, expected_clear_at: '2026-12-22T10:03:00.000Z' });
    expect(toEntry({ ...row, expected_clear_at: null }).expected_clear_at).toBeNull();
  });

  it('gives the balances after the last row, or nothing before the first', () => {
    expect(balancesAfter(row)).toEqual({ available_pence: 200, pending_pence: 120, reserved_pence: 50 });
    expect(balancesAfter(undefined)).toEqual({ available_pence: 0, pending_pence: 0, reserved_pence: 0 });
  });

  it('counts at least one page, even for an empty statement', () => {
    expect(pageFields({ page: 2, perPage: 50 }, 101)).toEqual({ page: 2, per_page: 50, total: 101, total_pages: 3 });
    expect(pageFields({ page: 1, perPage: 50 }, 0).total_pages).toBe(1);
  });
});
