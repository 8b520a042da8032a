import { ADMIN_USER_DEFAULT_SORT, type AdminUserRow, type AdminUserSortField, type AdminUsersPage, type AdminUserUpdateBody } from '@playquid/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Ban, RefreshCw, Search, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import {
  ADMIN_USERS_KEY,
  type AdminUsersSearch,
  adminUsersQuery,
  banAdminUser,
  nextSort,
  parseAdminUsersSearch,
  replaceRow,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  unbanAdminUser,
  updateAdminUser,
  USER_SEARCH_DEBOUNCE_MS,
} from '../lib/admin-users';
import { useAuth } from '../lib/auth/react';
import { serverMessage } from '../lib/commands';
import { pageHead } from '../lib/page';
import { useFlash } from '../lib/use-flash';
import { BanUserModal } from './-components/admin-users/BanUserModal';
import { EditUserModal } from './-components/admin-users/EditUserModal';
import { Pagination } from './-components/admin-users/Pagination';
import { UserViewModal } from './-components/admin-users/UserViewModal';
import { type UserAction, UsersTable } from './-components/admin-users/UsersTable';
import { useDebounced } from './-components/callbacks/use-debounced';
import { Notice, type NoticeMessage, PageSpinner, RouteError } from './-components/Feedback';
import { PageHeader } from './-components/PageHeader';
import { StatCard } from './-components/StatCard';
import { ui } from './-components/ui';

/** Admin messages stay 5 s (spec 9). */
const MESSAGE_MS = 5_000;
/** Projections apply an event within a second or so; the list is re-read after that. */
const READ_MODEL_SETTLE_MS = 1_500;

export const Route = createFileRoute('/_admin/admin/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { auth, queryClient }, deps }) => {
    if (auth.state.isAdmin) await queryClient.ensureQueryData(adminUsersQuery(deps));
  },
  head: () => pageHead('Users'),
  pendingComponent: () => <PageSpinner label="Loading users..." />,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Failed to load users" />,
  component: AdminUsersPage,
});

type Dialog = { kind: 'view' | 'edit' | 'ban' | 'unban'; user: AdminUserRow } | null;

function AdminUsersPage() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const { data, isFetching, refetch } = useQuery(adminUsersQuery(search));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, flash, clearMessage] = useFlash<NoticeMessage>(MESSAGE_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const selfUid = auth.user?.uid ?? null;

  // The box follows the URL (back/forward), and the URL follows the box once typing pauses.
  const [text, setText] = useState(search.search ?? '');
  const settled = useDebounced(text, USER_SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(search.search ?? ''), [search.search]);
  const setSearch = useCallback(
    (next: Partial<AdminUsersSearch>) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...next }), replace: true }),
    [navigate],
  );
  useEffect(() => {
    const value = settled.trim() || undefined;
    if (value !== search.search) setSearch({ search: value });
    // Only a settled change of the box navigates; a URL change updates the box above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const settle = (user: AdminUserRow, text: string) => {
    flash({ kind: 'success', text });
    setDialog(null);
    setFailure(null);
    // The server's answer is already the new state; the list is read again once the read model caught up.
    queryClient.setQueriesData<AdminUsersPage>({ queryKey: [...ADMIN_USERS_KEY, 'list'] }, (page) => page && { ...page, data: replaceRow(page.data, user) });
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'detail', user.uid] });
    window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] }), READ_MODEL_SETTLE_MS);
  };
  const command = useMutation({
    mutationFn: async ({ kind, user, body, reason }: { kind: 'edit' | 'ban' | 'unban'; user: AdminUserRow; body?: AdminUserUpdateBody; reason?: string }) => {
      if (kind === 'edit') return updateAdminUser(user.uid, body!);
      if (kind === 'ban') return banAdminUser(user.uid, { reason: reason! });
      return unbanAdminUser(user.uid);
    },
    onSuccess: (updated, { kind }) => {
      const name = updated.username || updated.email;
      settle(updated, kind === 'ban' ? `${name} has been banned` : kind === 'unban' ? `${name} has been unbanned` : `${name} updated successfully`);
    },
    onError: (error, { kind }) => setFailure(serverMessage(error, kind === 'edit' ? 'Failed to update user' : `Failed to ${kind} user`)),
  });

  const onAction = (kind: UserAction, user: AdminUserRow) => {
    clearMessage();
    setFailure(null);
    setDialog({ kind, user });
  };
  const closeDialog = useCallback(() => {
    setDialog(null);
    setFailure(null);
  }, []);

  if (!data) return <PageSpinner label="Loading users..." />;
  const sort = { sort_by: search.sort_by ?? ADMIN_USER_DEFAULT_SORT, sort_order: search.sort_order ?? 'desc' } as const;
  const onSort = (column: AdminUserSortField) => setSearch(nextSort(search, column));
  const filtered = Boolean(search.search || search.role || search.status);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Users"
        lead="Member accounts: roles, verification and bans, with each member's balance, statement, callbacks and payouts."
        back={
          <Link to="/admin/dashboard" className={ui.buttonGhost}>
            <ArrowLeft size={15} aria-hidden /> Analytics
          </Link>
        }
      />
      <section className={`${ui.page} py-10`}>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard label="Total Users" value={data.stats.total_users} hint={`${data.stats.new_this_week} new this week`} icon={Users} testId="users-stat-total" />
          <StatCard label="Verified" value={data.stats.verified} hint="Email confirmed" icon={UserCheck} accent="grape" testId="users-stat-verified" />
          <StatCard label="Admins" value={data.stats.admins} hint="Console access" icon={ShieldCheck} accent="amber" testId="users-stat-admins" />
          <StatCard label="Banned" value={data.stats.banned} hint="Suspended accounts" icon={Ban} accent="flare" testId="users-stat-banned" />
        </div>

        <div className="mt-8 grid gap-3 md:grid-cols-[1fr_auto_auto_auto]">
          <label className="relative">
            <span className="sr-only">Search users</span>
            <Search size={17} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              className={`${ui.input} pl-11`}
              type="search"
              placeholder="Search by email, username or user ID..."
              value={text}
              maxLength={200}
              onChange={(event) => setText(event.target.value)}
              data-testid="admin-users-search"
            />
          </label>
          <div className="grid grid-cols-2 gap-3 md:contents">
            <label>
              <span className="sr-only">Role</span>
              <select
                className={ui.input}
                value={search.role ?? ''}
                onChange={(event) => setSearch({ role: (event.target.value || undefined) as AdminUsersSearch['role'] })}
                data-testid="admin-users-role"
              >
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.label} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="sr-only">Status</span>
              <select
                className={ui.input}
                value={search.status ?? ''}
                onChange={(event) => setSearch({ status: (event.target.value || undefined) as AdminUsersSearch['status'] })}
                data-testid="admin-users-status"
              >
                {STATUS_OPTIONS.map((option) => (
                  <option key={option.label} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <button type="button" className={ui.buttonSecondary} onClick={() => void refetch()} disabled={isFetching} data-testid="admin-users-refresh">
            <RefreshCw size={16} className={isFetching ? 'animate-spin' : ''} aria-hidden /> Refresh
          </button>
        </div>

        <p className="mt-4 text-sm text-slate-400" aria-live="polite" data-testid="admin-users-count">
          {data.total === 1 ? '1 user' : `${data.total} users`}
          {filtered ? ' match' : ''}
          {data.total_pages > 1 ? ` · page ${data.page} of ${data.total_pages}` : ''}
        </p>

        {message && (
          <Notice kind={message.kind} className="mt-4" testId="admin-users-message">
            {message.text}
          </Notice>
        )}

        {data.data.length === 0 ? (
          <div className={`${ui.card} mt-6 px-6 py-14 text-center`} data-testid="admin-users-empty">
            <p className="font-display text-lg font-bold text-white">No users found</p>
            <p className="mt-1 text-slate-400">{filtered ? 'Try adjusting your search or filters.' : 'Members appear here once they sign up.'}</p>
          </div>
        ) : (
          <UsersTable users={data.data} sort={sort} onSort={onSort} onAction={onAction} selfUid={selfUid} />
        )}

        <Pagination page={data.page} totalPages={data.total_pages} onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })} />
      </section>

      {dialog?.kind === 'view' && <UserViewModal user={dialog.user} onClose={closeDialog} />}
      {dialog?.kind === 'edit' && (
        <EditUserModal
          user={dialog.user}
          selfUid={selfUid}
          busy={command.isPending}
          failure={failure}
          onClose={closeDialog}
          onSubmit={(body) => command.mutate({ kind: 'edit', user: dialog.user, body })}
        />
      )}
      {(dialog?.kind === 'ban' || dialog?.kind === 'unban') && (
        <BanUserModal
          user={dialog.user}
          mode={dialog.kind}
          busy={command.isPending}
          failure={failure}
          onClose={closeDialog}
          onSubmit={(reason) => command.mutate({ kind: dialog.kind as 'ban' | 'unban', user: dialog.user, reason })}
        />
      )}
    </>
  );
}
