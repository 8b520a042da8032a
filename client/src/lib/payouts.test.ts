import type { AdminPayout, Earning, PayoutStatus } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import {
  adminPayoutActions,
  adminPayoutStats,
  availableEarningsPreview,
  maskAccountNumber,
  minPayoutPence,
  optionalReason,
  parseAdminStatusFilter,
  payoutStatusLabel,
  processPayoutBody,
  searchAdminPayouts,
  shortId,
} from './payouts';

describe('minimum payout', () => {
  it("is the server's configured value once the detailed balance is known", () => {
    expect(minPayoutPence({ min_payout_pence: 250 })).toBe(250);
  });
  it('falls back to the contracts default (79p) before that, or for a nonsense value', () => {
    expect(minPayoutPence(undefined)).toBe(79);
    expect(minPayoutPence({ min_payout_pence: 0 })).toBe(79);
    expect(minPayoutPence({ min_payout_pence: 1.5 })).toBe(79);
  });
});

describe('payout display', () => {
  it('labels each status and shows unknown ones as Processed', () => {
    expect(['pending', 'approved', 'completed', 'rejected', 'cancelled'].map(payoutStatusLabel)).toEqual([
      'Pending',
      'Approved',
      'Completed',
      'Rejected',
      'Cancelled',
    ]);
    expect(payoutStatusLabel(undefined)).toBe('Processed');
    expect(payoutStatusLabel('mystery')).toBe('Processed');
  });
  it('shortens ids to their first 8 characters', () => {
    expect(shortId('0f3c9a2e-7b1d-4c55-9e2a-1234567890ab')).toBe('0f3c9a2e');
    expect(shortId(null)).toBe('');
  });
  it('masks an account number to its last 4 digits', () => {
    expect(maskAccountNumber('12 34 56 78')).toBe('•••• 5678');
    expect(maskAccountNumber(null)).toBe('');
  });
});

const earning = (id: string, overrides: Partial<Earning> = {}): Earning => ({
  id,
  amount: 0.5,
  amount_pence: 50,
  status: 'approved',
  created_at: '2026-05-10T09:00:00Z',
  display_title: `Offer ${id}`,
  has_icon: false,
  offer: { id: null, name: null, icon_url: null, description: null },
  task: { id: null, name: null, transaction_id: null },
  is_bonus: false,
  payout_id: null,
  ...overrides,
});

describe('available earnings preview', () => {
  it('keeps approved earnings outside a payout, first 5, and counts the rest', () => {
    const list = [
      earning('a'),
      earning('b', { status: 'pending' }),
      earning('c', { payout_id: 'p1' }),
      ...['d', 'e', 'f', 'g', 'h'].map((id) => earning(id)),
    ];
    const { shown, more } = availableEarningsPreview(list);
    expect(shown.map((e) => e.id)).toEqual(['a', 'd', 'e', 'f', 'g']);
    expect(more).toBe(1);
  });
});

const adminPayout = (id: string, overrides: Partial<AdminPayout> = {}) =>
  ({ id, user_id: `user-${id}`, transaction_id: null, status: 'pending', amount_pence: 100, ...overrides }) as AdminPayout;

describe('admin payouts screen', () => {
  const page = [
    adminPayout('AB12cd34-1', { transaction_id: 'BANK-REF-77', status: 'completed', amount_pence: 1234 }),
    adminPayout('ef56gh78-2', { user_id: 'uid-Carol', status: 'approved', amount_pence: 79 }),
    adminPayout('ij90kl12-3', { status: 'pending', amount_pence: 500 }),
    adminPayout('mn34op56-4', { status: 'rejected', amount_pence: 200 }),
  ];

  it('searches the loaded page by payout id, user id or transaction id, ignoring case and spaces', () => {
    expect(searchAdminPayouts(page, ' ab12 ').map((p) => p.id)).toEqual(['AB12cd34-1']);
    expect(searchAdminPayouts(page, 'carol').map((p) => p.id)).toEqual(['ef56gh78-2']);
    expect(searchAdminPayouts(page, 'bank-ref').map((p) => p.id)).toEqual(['AB12cd34-1']);
    expect(searchAdminPayouts(page, '   ')).toHaveLength(4);
    expect(searchAdminPayouts(page, 'nothing-like-it')).toEqual([]);
  });

  it('computes the stat cards from the loaded page (completed counts approved too)', () => {
    expect(adminPayoutStats(page)).toEqual({ total: 4, pending: 1, completed: 2, totalValuePence: 2013 });
    expect(adminPayoutStats([])).toEqual({ total: 0, pending: 0, completed: 0, totalValuePence: 0 });
  });

  it('offers the actions the wallet allows for each status', () => {
    const actions = (status: PayoutStatus, reward_order_placed = false, needs_review = false) =>
      adminPayoutActions({ status, reward_order_placed, needs_review });
    const noRedelivery = { resend: false, returnToBalance: false };
    expect(actions('pending')).toEqual({ approve: true, reject: true, process: true, cancel: true, acknowledgementRequired: false, ...noRedelivery });
    expect(actions('approved')).toEqual({ approve: false, reject: true, process: true, cancel: true, acknowledgementRequired: false, ...noRedelivery });
    for (const done of ['completed', 'rejected', 'cancelled', 'returned'] as const) {
      expect(actions(done, false, true)).toEqual({
        approve: false,
        reject: false,
        process: false,
        cancel: false,
        acknowledgementRequired: false,
        ...noRedelivery,
      });
    }
  });

  it('offers Resend and Return to balance once the reward email failed, and nothing that would pay twice', () => {
    const failed = { status: 'approved' as const, reward_order_placed: true, needs_review: false, reward: { status: 'failed' as const, order_id: 'o', detail: null, state_at: null } };
    expect(adminPayoutActions(failed)).toEqual({
      approve: false,
      reject: false,
      process: false,
      cancel: false,
      acknowledgementRequired: false,
      resend: true,
      returnToBalance: true,
    });
  });

  it('hides Cancel and Reject once the reward order is placed, and asks for acknowledgement after a reversal', () => {
    expect(adminPayoutActions({ status: 'approved', reward_order_placed: true, needs_review: false })).toEqual({
      approve: false,
      reject: false,
      process: true,
      cancel: false,
      acknowledgementRequired: false,
      resend: false,
      returnToBalance: false,
    });
    expect(adminPayoutActions({ status: 'pending', reward_order_placed: false, needs_review: true })).toMatchObject({
      approve: true,
      acknowledgementRequired: true,
    });
  });

  it('accepts only the listed status filters (All is no filter)', () => {
    expect(parseAdminStatusFilter('approved')).toBe('approved');
    expect(parseAdminStatusFilter('cancelled')).toBeUndefined();
    expect(parseAdminStatusFilter('')).toBeUndefined();
  });

  it('requires a trimmed transaction reference and leaves out empty notes', () => {
    expect(processPayoutBody('   ', 'x')).toEqual({ error: 'Transaction ID is required' });
    expect(processPayoutBody('  TX-1 ', '   ')).toEqual({ transaction_id: 'TX-1' });
    expect(processPayoutBody('TX-1', ' paid by BACS ')).toEqual({ transaction_id: 'TX-1', notes: 'paid by BACS' });
  });

  it('sends acknowledge_reversal only for a payout that needs review, and only once ticked', () => {
    expect(processPayoutBody('TX-1', '', { required: true, acknowledged: false })).toEqual({
      error: 'Confirm you have reviewed the reversal before marking this payout paid',
    });
    expect(processPayoutBody('TX-1', '', { required: true, acknowledged: true })).toEqual({
      transaction_id: 'TX-1',
      acknowledge_reversal: true,
    });
    expect(processPayoutBody('TX-1', '', { required: false, acknowledged: true })).toEqual({ transaction_id: 'TX-1' });
  });

  it('turns a cancelled or blank reason prompt into no reason', () => {
    expect(optionalReason(null)).toEqual({});
    expect(optionalReason('  ')).toEqual({});
    expect(optionalReason(' duplicate ')).toEqual({ reason: 'duplicate' });
  });
});
