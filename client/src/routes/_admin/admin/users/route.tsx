import { ADMIN_USER_DEFAULT_SORT, type AdminUserRow, type AdminUserSortField, type AdminUsersPage } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router';
import { Ban, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Notice, type NoticeMessage, PageSpinner, RouteError } from '../../../../components/Feedback';
import { BackLink, PageHeader } from '../../../../components/PageHeader';
import {
  adminUsersQuery,
  nextSort,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  USER_SEARCH_DEBOUNCE_MS,
  useAdminUserCommand,
} from '../../../../lib/admin-users';
import { type AdminUsersSearch, parseAdminUsersSearch } from '../../../../lib/route-options';
import { useAuth } from '../../../../lib/auth/react';
import { serverMessage } from '../../../../lib/commands';
import { pageHead } from '../../../../lib/page';
import { useDebounced } from '../../../../lib/use-debounced';
import { useFlash } from '../../../../lib/use-flash';
import { RefreshButton } from '../../../../ui/Button';
import { NumberedPager } from '../../../../ui/Pager';
import { SearchField } from '../../../../ui/SearchField';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { TableEmpty } from '../../../../ui/Table';
import { inputClass, pageWidth } from '../../../../ui/styles';
import { BanUserModal } from './-components/BanUserModal';
import { EditUserModal } from './-components/EditUserModal';
import { UserViewModal } from './-components/UserViewModal';
import { type UserAction, UsersTable } from './-components/UsersTable';
import { formatCount } from '../../../../lib/format';

/** Admin messages stay 5 s. */
const MESSAGE_MS = 5_000;
/** Projections apply an event within a second or so; the list is re-read after that. */

export const Route = createFileRoute('/_admin/admin/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminUsersQuery(deps)),
  head: () => pageHead('Users'),
  pendingComponent: () => <PageSpinner label="Loading users..." />,
  errorComponent: (props: ErrorComponentProps) => <RouteError {...props} title="Failed to load users" />,
  component: AdminUsersPage,
});

type Dialog = { kind: 'view' | 'edit' | 'ban' | 'unban'; user: AdminUserRow } | null;

function AdminUsersPage() {
  const auth = useAuth();
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

  const command = useAdminUserCommand({
    onSuccess: (updated, { kind }) => {
      const name = updated.username || updated.email;
      flash({
        kind: 'success',
        text: kind === 'ban' ? `${name} has been banned` : kind === 'unban' ? `${name} has been unbanned` : `${name} updated successfully`,
      });
      setDialog(null);
      setFailure(null);
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
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
      />
      <section className={`${pageWidth} py-10`}>
        <StatGrid columns="compact-4">
          <StatCard
            label="Total Users"
            value={data.stats.total_users}
            hint={`${data.stats.new_this_week} new this week`}
            icon={Users}
            testId="users-stat-total"
          />
          <StatCard
            label="Verified"
            value={data.stats.verified}
            hint="Email confirmed"
            icon={UserCheck}
            accent="grape"
            testId="users-stat-verified"
          />
          <StatCard
            label="Admins"
            value={data.stats.admins}
            hint="Console access"
            icon={ShieldCheck}
            accent="amber"
            testId="users-stat-admins"
          />
          <StatCard
            label="Banned"
            value={data.stats.banned}
            hint="Suspended accounts"
            icon={Ban}
            accent="flare"
            testId="users-stat-banned"
          />
        </StatGrid>

        <div className="mt-8 grid gap-3 md:grid-cols-[1fr_auto_auto_auto]">
          <SearchField
            label="Search users"
            placeholder="Search by email, username or user ID..."
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            data-testid="admin-users-search"
          />
          <div className="grid grid-cols-2 gap-3 md:contents">
            <label>
              <span className="sr-only">Role</span>
              <select
                className={inputClass}
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
                className={inputClass}
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
          <RefreshButton busy={isFetching} onClick={() => void refetch()} data-testid="admin-users-refresh" />
        </div>

        <p className="mt-4 text-sm text-slate-400" aria-live="polite" data-testid="admin-users-count">
          {data.total_estimated ? `about ${formatCount(data.total)} users` : data.total === 1 ? '1 user' : `${data.total} users`}
          {filtered ? ' match' : ''}
          {data.total_pages > 1 ? ` · page ${data.page} of ${data.total_pages}` : ''}
        </p>

        {message && (
          <Notice kind={message.kind} className="mt-4" testId="admin-users-message">
            {message.text}
          </Notice>
        )}

        {data.data.length === 0 ? (
          <TableEmpty
            className="mt-6"
            title="No users found"
            text={filtered ? 'Try adjusting your search or filters.' : 'Members appear here once they sign up.'}
            testId="admin-users-empty"
          />
        ) : (
          <UsersTable users={data.data} sort={sort} onSort={onSort} onAction={onAction} selfUid={selfUid} />
        )}

        <NumberedPager
          className="mt-6"
          page={data.page}
          totalPages={data.total_pages}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })}
          testId="admin-users-pagination"
        />
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
