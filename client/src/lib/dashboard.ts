import type { ProgressItem } from '@playquid/contracts';

/** The dashboard shows up to 6 offers from the member's progress. */
export const DASHBOARD_ACTIVE_OFFERS = 6;

const ORDER: Record<ProgressItem['status'], number> = { in_progress: 0, completed: 1, verified: 2, failed: 3 };

/**
 * "Your Active Offers": offers still being played come first, then finished ones; failed attempts
 * are left out. The server's order (newest first) is kept within each group.
 */
export function activeOffers(items: readonly ProgressItem[], limit = DASHBOARD_ACTIVE_OFFERS): ProgressItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.status !== 'failed')
    .sort((a, b) => (ORDER[a.item.status] ?? 9) - (ORDER[b.item.status] ?? 9) || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item);
}

export const PROGRESS_LABELS: Record<ProgressItem['status'], string> = {
  in_progress: 'In progress',
  completed: 'Completed',
  verified: 'Verified',
  failed: 'Failed',
};

/** A percentage for a progress bar: clamped to 0-100, finished offers always full. */
export function progressPercent(item: Pick<ProgressItem, 'status' | 'progress_percentage'>): number {
  if (item.status === 'completed' || item.status === 'verified') return 100;
  const value = Number(item.progress_percentage);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Per member, so a shared browser still greets each new member once. */
export const welcomeDismissedKey = (uid: string): string => `playquid.welcomeDismissed.${uid}`;

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** the welcome overlay shows once, on the day the account was created, until dismissed. */
export function shouldShowWelcome(
  uid: string,
  createdAt: string | null | undefined,
  now: Date = new Date(),
  store: KeyValueStore = localStorage,
): boolean {
  if (!createdAt) return false;
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime()) || !sameLocalDay(created, now)) return false;
  try {
    return store.getItem(welcomeDismissedKey(uid)) === null;
  } catch {
    // Storage blocked (private mode): better to skip the overlay than to show it on every visit.
    return false;
  }
}

export function dismissWelcome(uid: string, store: KeyValueStore = localStorage): void {
  try {
    store.setItem(welcomeDismissedKey(uid), new Date().toISOString());
  } catch {
    // Nothing to remember it in: the overlay closes for this visit only.
  }
}
