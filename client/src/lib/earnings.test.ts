import type { Earning } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { earningDescription, filterEarnings, shortTransactionId } from './earnings';

const earning = (overrides: Partial<Earning> & { id: string }): Earning => ({
  amount: 1,
  amount_pence: 100,
  status: 'approved',
  created_at: '2026-05-10T09:00:00Z',
  display_title: 'Dragon Quest',
  has_icon: false,
  offer: { id: 'o1', name: 'Dragon Quest', icon_url: null, description: null },
  task: { id: 't1', name: null, transaction_id: null },
  is_bonus: false,
  payout_id: null,
  ...overrides,
});

describe('earnings filters (applied to the loaded page)', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const list = [
    earning({ id: 'a', status: 'approved' }),
    earning({
      id: 'b',
      status: 'pending',
      display_title: 'Merge Town',
      offer: { id: 'o2', name: 'Merge Town', icon_url: null, description: null },
      created_at: '2026-05-05T09:00:00Z',
    }),
    earning({
      id: 'c',
      status: 'paid',
      created_at: '2026-03-01T09:00:00Z',
      task: { id: 't3', name: 'Reach level 10', transaction_id: 'tx-123456789' },
    }),
  ];
  const ids = (filters: Parameters<typeof filterEarnings>[1]) => filterEarnings(list, filters, now).map((e) => e.id);

  it('keeps everything by default', () => expect(ids({ search: '', status: 'all', time: 'all' })).toEqual(['a', 'b', 'c']));
  it('filters by status', () => expect(ids({ search: '', status: 'pending', time: 'all' })).toEqual(['b']));
  it('searches title, offer and task names, ignoring case', () => {
    expect(ids({ search: 'merge', status: 'all', time: 'all' })).toEqual(['b']);
    expect(ids({ search: 'LEVEL 10', status: 'all', time: 'all' })).toEqual(['c']);
  });
  it('filters by time', () => {
    expect(ids({ search: '', status: 'all', time: 'week' })).toEqual(['a', 'b']);
    expect(ids({ search: '', status: 'all', time: 'month' })).toEqual(['a', 'b']);
  });
});

describe('earning display', () => {
  it('describes by task name, else offer description, else a generic line', () => {
    expect(earningDescription(earning({ id: 'x', task: { id: 't', name: 'Win 5 games', transaction_id: null } }))).toBe('Win 5 games');
    expect(earningDescription(earning({ id: 'x', offer: { id: 'o', name: 'D', icon_url: null, description: 'Build a city' } }))).toBe(
      'Build a city',
    );
    expect(earningDescription(earning({ id: 'x', offer: { id: 'o', name: 'D', icon_url: null, description: null } }))).toBe('Gaming challenge completion');
    // Bonus and referral rows are not game challenges.
    expect(earningDescription(earning({ id: 'x', is_bonus: true }))).toBe('Your welcome bonus for joining');
    expect(earningDescription(earning({ id: 'x', offer: { id: null, name: null, icon_url: null, description: null } }))).toBe(
      'Credited to your account',
    );
  });
  it('shows the last 8 characters of the transaction id, or a dash', () => {
    expect(shortTransactionId(earning({ id: 'x', task: { id: 't', name: null, transaction_id: 'tx-123456789' } }))).toBe('23456789');
    expect(shortTransactionId(earning({ id: 'x' }))).toBe('-');
  });
});
