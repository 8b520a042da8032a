import {
  ADMIN_USER_DEFAULT_SORT,
  type AdminUserBanBody,
  type AdminUserEnvelopeData,
  type AdminUserRow,
  type AdminUserSortField,
  type AdminUsersPage,
  type AdminUserStatus,
  type AdminUserUpdateBody,
  type CallbackRecord,
  type DetailedBalance,
  PAGE_SIZES,
  type PayoutsPage,
  type Role,
  type StatementData,
} from '@playquid/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import type { AdminUsersSearch } from './route-options';
import type { CommandCallbacks } from './mutations';

/** The console's search waits this long after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

export { type AdminUsersSearch, parseAdminUsersSearch } from './route-options';

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export const adminUsersQuery = (search: AdminUsersSearch) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', search],
    queryFn: async ({ signal }) =>
      (await api.get(
        `/api/admin/users${queryString({ ...search, per_page: PAGE_SIZES.adminUsers })}`,
        signal,
      )) as unknown as AdminUsersPage,
    // A new search or page keeps the table in place until its answer arrives, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'detail', uid],
    queryFn: async ({ signal }) => (await api.get<AdminUserEnvelopeData>(`/api/admin/users/${encodeURIComponent(uid)}`, signal)).data.user,
  });

export const adminUserBalanceQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'balance', uid],
    queryFn: async ({ signal }) => (await api.get<DetailedBalance>(`/api/admin/users/${encodeURIComponent(uid)}/balance`, signal)).data,
  });

export const adminUserStatementQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'statement', uid],
    queryFn: async ({ signal }) => (await api.get<StatementData>(`/api/admin/users/${encodeURIComponent(uid)}/statement`, signal)).data,
  });

export const adminUserPayoutsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'payouts', uid],
    queryFn: async ({ signal }) =>
      (await api.get(`/api/admin/users/${encodeURIComponent(uid)}/payouts?per_page=5`, signal)) as unknown as PayoutsPage,
  });

export const adminUserCallbacksQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'callbacks', uid],
    queryFn: async ({ signal }) =>
      (await api.get<CallbackRecord[]>(`/api/admin/users/${encodeURIComponent(uid)}/callbacks?per_page=5`, signal)).data,
  });

export const updateAdminUser = async (uid: string, body: AdminUserUpdateBody) =>
  (await api.put<AdminUserEnvelopeData>(`/api/admin/users/${encodeURIComponent(uid)}`, body)).data.user;
export const banAdminUser = async (uid: string, body: AdminUserBanBody) =>
  (await api.post<AdminUserEnvelopeData>(`/api/admin/users/${encodeURIComponent(uid)}/ban`, body)).data.user;
export const unbanAdminUser = async (uid: string) =>
  (await api.post<AdminUserEnvelopeData>(`/api/admin/users/${encodeURIComponent(uid)}/unban`, {})).data.user;

export interface AdminUserCommandCall {
  kind: 'edit' | 'ban' | 'unban';
  user: AdminUserRow;
  body?: AdminUserUpdateBody;
  reason?: string;
}

/**
 * An admin's edit, ban or unban of a member. The server's answer is already the new row: it replaces
 * the old one in the cached lists at once, and the list and the member's details are read again with
 * the command's log position, so the server answers once its read model has the change.
 */
export function useAdminUserCommand(callbacks: CommandCallbacks<AdminUserRow, AdminUserCommandCall> = {}) {
  const queryClient = useQueryClient();
  return useMutation<AdminUserRow, Error, AdminUserCommandCall>({
    ...callbacks,
    mutationFn: async ({ kind, user, body, reason }) => {
      if (kind === 'edit') return updateAdminUser(user.uid, body!);
      if (kind === 'ban') return banAdminUser(user.uid, { reason: reason! });
      return unbanAdminUser(user.uid);
    },
    onSuccess: (updated, call, result, context) => {
      queryClient.setQueriesData<AdminUsersPage>(
        { queryKey: [...ADMIN_USERS_KEY, 'list'] },
        (page) => page && { ...page, data: replaceRow(page.data, updated) },
      );
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'detail', updated.uid] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] });
      return callbacks.onSuccess?.(updated, call, result, context);
    },
  });
}

/** Clicking a column sorts by it descending first (most, newest), and a second click flips it. */
export function nextSort(current: { sort_by?: AdminUserSortField; sort_order?: 'asc' | 'desc' }, column: AdminUserSortField) {
  const by = current.sort_by ?? ADMIN_USER_DEFAULT_SORT;
  const order = current.sort_order ?? 'desc';
  if (by !== column)
    return { sort_by: column, sort_order: column === 'email' || column === 'username' ? ('asc' as const) : ('desc' as const) };
  return { sort_by: column, sort_order: order === 'desc' ? ('asc' as const) : ('desc' as const) };
}

export const STATUS_OPTIONS: Array<{ value: AdminUserStatus | ''; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'banned', label: 'Banned' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Unverified' },
];

export const ROLE_OPTIONS: Array<{ value: Role | ''; label: string }> = [
  { value: '', label: 'All roles' },
  { value: 'USER', label: 'Members' },
  { value: 'ADMIN', label: 'Admins' },
];

/** The list with one member's row replaced by the server's answer (fields the row has only). */
export function replaceRow<T extends { uid: string }>(rows: T[], updated: T): T[] {
  return rows.map((row) => (row.uid === updated.uid ? { ...row, ...pick(updated, Object.keys(row) as Array<keyof T>) } : row));
}

const pick = <T>(value: T, keys: Array<keyof T>): Partial<T> => Object.fromEntries(keys.map((k) => [k, value[k]])) as Partial<T>;

/** What the edit form sends: only what changed, and the reason only with a role change. */
export function editBody(
  user: { role: Role; username: string },
  form: { role: Role; username: string; reason: string },
): AdminUserUpdateBody | { error: string } {
  const body: AdminUserUpdateBody = {};
  const username = form.username.trim();
  if (!username) return { error: 'Username cannot be empty' };
  if (username !== user.username) body.username = username;
  if (form.role !== user.role) {
    if (!form.reason.trim()) return { error: 'A reason is required to change the role' };
    body.role = form.role;
    body.reason = form.reason.trim();
  }
  if (Object.keys(body).length === 0) return { error: 'Nothing to update' };
  return body;
}
