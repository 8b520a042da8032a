import { ADMIN_USER_SORT_FIELDS, ADMIN_USER_STATUSES, type AdminUserSortField, type AdminUserStatus, type PayoutStatus, type Role } from '@playquid/contracts';

/**
 * What route definitions need before their page's chunk has loaded: URL search validators and
 * static data. A route definition is part of the app's entry (the page's component and loader are
 * split off), and every module it imports comes into the entry with all of its helpers that any
 * page uses; so these live here, apart from the pages' own helpers (lib/admin-users, lib/payouts,
 * lib/statement, lib/callbacks re-export them).
 */

// ---------------------------------------------------------------- admin users

export interface AdminUsersSearch {
  page?: number;
  sort_by?: AdminUserSortField;
  sort_order?: 'asc' | 'desc';
  search?: string;
  role?: Role;
  status?: AdminUserStatus;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The page's URL search, validated: anything unknown is dropped rather than sent to the API. */
export function parseAdminUsersSearch(search: Record<string, unknown>): AdminUsersSearch {
  const page = Number(search.page);
  const text = typeof search.search === 'string' ? search.search.trim().slice(0, 200) : '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    sort_by: oneOf(ADMIN_USER_SORT_FIELDS, search.sort_by),
    sort_order: oneOf(['asc', 'desc'] as const, search.sort_order),
    search: text || undefined,
    role: oneOf(['USER', 'ADMIN'] as const, search.role),
    status: oneOf(ADMIN_USER_STATUSES, search.status),
  };
}

// ---------------------------------------------------------------- admin payouts

export type AdminStatusFilter = Exclude<PayoutStatus, 'cancelled'>;
export const ADMIN_STATUS_FILTERS: ReadonlyArray<{ value: AdminStatusFilter | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
];

export function parseAdminStatusFilter(value: unknown): AdminStatusFilter | undefined {
  return ADMIN_STATUS_FILTERS.find((option) => option.value === value)?.value;
}

// ---------------------------------------------------------------- admin callbacks

export const CALLBACK_ACCESS_DENIED = 'Access Denied - You need admin privileges to access this page.';

// ---------------------------------------------------------------- member statement

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` search value when it names a real day, else undefined. */
export function parseAsOfDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? value : undefined;
}

// ---------------------------------------------------------------- list pages' data

/** How long a list page's loader waits for its data before the page renders with placeholders. */
export const FIRST_DATA_WAIT_MS = 1500;

/**
 * Waits for `data` (a prefetch, which never rejects), at most `FIRST_DATA_WAIT_MS`: the page then
 * renders once, with its list, when the API answers within a moment. Rendered at once and again when
 * the list arrived, a phone spent two long tasks on the page; a slow API still gets placeholders.
 */
export function briefly(data: Promise<unknown>): Promise<void> {
  return Promise.race([data.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}
