import type { ProgressItem } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { activeOffers, dismissWelcome, progressPercent, shouldShowWelcome, welcomeDismissedKey } from './dashboard';

const item = (id: string, status: ProgressItem['status'], progress = 50): ProgressItem => ({
  id,
  offer_id: `offer-${id}`,
  offer_title: `Offer ${id}`,
  status,
  started_at: '2026-05-10T09:00:00Z',
  completed_at: null,
  progress_percentage: progress,
});

describe('your active offers', () => {
  it('puts offers in progress first, keeps server order within a group, drops failed ones, caps at 6', () => {
    const items = [
      item('a', 'completed'),
      item('b', 'in_progress'),
      item('c', 'failed'),
      item('d', 'verified'),
      item('e', 'in_progress'),
      item('f', 'completed'),
      item('g', 'completed'),
      item('h', 'completed'),
    ];
    expect(activeOffers(items).map((i) => i.id)).toEqual(['b', 'e', 'a', 'f', 'g', 'h']);
  });

  it('shows finished offers full and clamps the rest to 0-100', () => {
    expect(progressPercent(item('a', 'verified', 10))).toBe(100);
    expect(progressPercent(item('a', 'in_progress', 140))).toBe(100);
    expect(progressPercent(item('a', 'in_progress', -3))).toBe(0);
    expect(progressPercent(item('a', 'in_progress', 33.6))).toBe(34);
    expect(progressPercent({ status: 'in_progress', progress_percentage: Number.NaN })).toBe(0);
  });
});

function memoryStore() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('welcome overlay', () => {
  const now = new Date(2026, 4, 10, 15, 0);

  it('shows on the day the account was created, until dismissed, per member', () => {
    const store = memoryStore();
    const createdToday = new Date(2026, 4, 10, 8, 0).toISOString();
    expect(shouldShowWelcome('ana', createdToday, now, store)).toBe(true);
    dismissWelcome('ana', store);
    expect(store.getItem(welcomeDismissedKey('ana'))).not.toBeNull();
    expect(shouldShowWelcome('ana', createdToday, now, store)).toBe(false);
    expect(shouldShowWelcome('bob', createdToday, now, store)).toBe(true);
  });

  it('does not show for an older account or an unknown creation time', () => {
    const store = memoryStore();
    expect(shouldShowWelcome('ana', new Date(2026, 4, 9, 23, 59).toISOString(), now, store)).toBe(false);
    expect(shouldShowWelcome('ana', null, now, store)).toBe(false);
    expect(shouldShowWelcome('ana', 'not a date', now, store)).toBe(false);
  });

  it('stays hidden when storage is unavailable rather than showing on every visit', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(shouldShowWelcome('ana', now.toISOString(), now, blocked)).toBe(false);
    expect(() => dismissWelcome('ana', blocked)).not.toThrow();
  });
});
