import type { Earning, EarningStatusFilter } from '@playquid/contracts';

export type StatusFilter = 'all' | EarningStatusFilter;
export type TimeFilter = 'all' | 'today' | 'week' | 'month';

export interface EarningFilters {
  search: string;
  status: StatusFilter;
  time: TimeFilter;
}

const DAY_MS = 86_400_000;

function startOf(time: Exclude<TimeFilter, 'all'>, now: Date): number {
  if (time === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return now.getTime() - (time === 'week' ? 7 : 30) * DAY_MS;
}

/** search, status and time filters apply to the loaded page only. */
export function filterEarnings(earnings: Earning[], { search, status, time }: EarningFilters, now: Date = new Date()): Earning[] {
  const needle = search.trim().toLowerCase();
  const since = time === 'all' ? null : startOf(time, now);
  return earnings.filter((earning) => {
    if (status !== 'all' && earning.status !== status) return false;
    if (since !== null && new Date(earning.created_at).getTime() < since) return false;
    if (!needle) return true;
    return [earning.display_title, earning.offer.name, earning.task.name].some((text) => text?.toLowerCase().includes(needle));
  });
}

/** The task name when it differs from the title, else the offer's description, else a generic line. */
export function earningDescription(earning: Earning): string {
  const task = earning.task.name?.trim();
  if (task && task !== earning.display_title) return task;
  // Bonus and referral rewards are not game challenges: say what they are.
  if (earning.is_bonus) return 'Your welcome bonus for joining';
  if (!earning.offer.id) return 'Credited to your account';
  return earning.offer.description?.trim() || 'Gaming challenge completion';
}

/** Last 8 characters of the task's transaction id, or a dash. */
export function shortTransactionId(earning: Earning): string {
  const id = earning.task.transaction_id;
  return id ? id.slice(-8) : '-';
}

