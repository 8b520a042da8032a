import { type AdminUserRow, type AdminUserSortField, formatPence } from '@playquid/contracts';
import { Ban, Eye, Pencil, ShieldCheck, Undo2 } from 'lucide-react';
import { timeAgo } from '../../../../../lib/display';
import { Badge } from '../../../../../ui/Badge';
import { Card } from '../../../../../ui/Card';
import { rowClass, SortTh, Table, Th } from '../../../../../ui/Table';
import { shortDate } from '../../../../../lib/format';

export type UserAction = 'view' | 'edit' | 'ban' | 'unban';

interface Sort {
  sort_by: AdminUserSortField;
  sort_order: 'asc' | 'desc';
}

const date = (iso: string) => shortDate.format(new Date(iso));
const nameOf = (user: AdminUserRow) => user.username || user.email.split('@')[0] || 'User';

export function RoleBadge({ role }: { role: AdminUserRow['role'] }) {
  return role === 'ADMIN' ? (
    <Badge tone="highlight">
      <ShieldCheck size={12} aria-hidden /> Admin
    </Badge>
  ) : (
    <Badge>Member</Badge>
  );
}

export function StatusBadge({ user }: { user: Pick<AdminUserRow, 'is_banned' | 'is_verified' | 'partner_hold'> }) {
  const status = user.is_banned ? (
    <Badge tone="danger">Banned</Badge>
  ) : user.is_verified ? (
    <Badge tone="success">Verified</Badge>
  ) : (
    <Badge tone="warning">Unverified</Badge>
  );
  const hold = user.partner_hold;
  if (!hold) return status;
  // The offer partner's hold (a BitLabs ban callback): payouts paused, with the partner's reason.
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {status}
      <Badge tone="accent" title={hold.reason ?? undefined} data-testid="user-partner-hold">
        Partner hold: {hold.state.replace('_', ' ')}
        {hold.reason ? ` (${hold.reason})` : ''}
      </Badge>
    </span>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  align,
}: {
  label: string;
  column: AdminUserSortField;
  sort: Sort;
  onSort: (c: AdminUserSortField) => void;
  align?: 'left' | 'right';
}) {
  return (
    <SortTh
      label={label}
      active={sort.sort_by === column}
      direction={sort.sort_order}
      onSort={() => onSort(column)}
      align={align}
      testId={`sort-${column}`}
    />
  );
}

function Actions({
  user,
  selfUid,
  onAction,
}: {
  user: AdminUserRow;
  selfUid: string | null;
  onAction: (a: UserAction, u: AdminUserRow) => void;
}) {
  const canBan = user.role !== 'ADMIN' && user.uid !== selfUid;
  const icon =
    'rounded-xl p-2 text-slate-300 transition hover:bg-white/10 hover:text-white disabled:pointer-events-none disabled:opacity-30';
  const label = nameOf(user);
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        className={icon}
        onClick={() => onAction('view', user)}
        aria-label={`View ${label}`}
        title="View"
        data-testid="user-view"
      >
        <Eye size={17} aria-hidden />
      </button>
      <button
        type="button"
        className={icon}
        onClick={() => onAction('edit', user)}
        aria-label={`Edit ${label}`}
        title="Edit"
        data-testid="user-edit"
      >
        <Pencil size={17} aria-hidden />
      </button>
      {user.is_banned ? (
        <button
          type="button"
          className={`${icon} text-quid-200`}
          onClick={() => onAction('unban', user)}
          aria-label={`Unban ${label}`}
          title="Unban"
          data-testid="user-unban"
        >
          <Undo2 size={17} aria-hidden />
        </button>
      ) : (
        <button
          type="button"
          className={`${icon} hover:bg-red-500/15 hover:text-red-200`}
          onClick={() => onAction('ban', user)}
          disabled={!canBan}
          aria-label={`Ban ${label}`}
          title={canBan ? 'Ban' : 'Admins cannot be banned'}
          data-testid="user-ban"
        >
          <Ban size={17} aria-hidden />
        </button>
      )}
    </div>
  );
}

/** The users table on wide screens, a card per member on phones; both carry view, edit and ban. */
export function UsersTable({
  users,
  sort,
  onSort,
  onAction,
  selfUid,
}: {
  users: AdminUserRow[];
  sort: Sort;
  onSort: (column: AdminUserSortField) => void;
  onAction: (action: UserAction, user: AdminUserRow) => void;
  selfUid: string | null;
}) {
  return (
    <>
      <Table
        className="mt-6 hidden lg:block"
        minWidth="min-w-[60rem]"
        testId="admin-users-table"
        head={
          <>
            <SortHeader label="User" column="email" sort={sort} onSort={onSort} />
            <SortHeader label="Role" column="role" sort={sort} onSort={onSort} />
            <Th>Status</Th>
            <SortHeader label="Total Earned" column="total_earned" sort={sort} onSort={onSort} align="right" />
            <SortHeader label="Pending" column="pending_earnings" sort={sort} onSort={onSort} align="right" />
            <SortHeader label="Offers" column="completed_offers" sort={sort} onSort={onSort} align="right" />
            <SortHeader label="Joined" column="created_at" sort={sort} onSort={onSort} />
            <SortHeader label="Last Login" column="last_login" sort={sort} onSort={onSort} />
            <Th align="right">Actions</Th>
          </>
        }
      >
        {users.map((user) => (
          <tr key={user.uid} className={rowClass} data-testid="admin-user-row" data-uid={user.uid}>
            <td className="max-w-[18rem] px-4 py-3">
              <p className="truncate font-semibold text-white">{nameOf(user)}</p>
              <p className="truncate text-xs text-slate-400">{user.email}</p>
            </td>
            <td className="px-4 py-3">
              <RoleBadge role={user.role} />
            </td>
            <td className="px-4 py-3">
              <StatusBadge user={user} />
            </td>
            <td className="px-4 py-3 text-right tabular-nums text-white">{formatPence(user.total_earned_pence)}</td>
            <td className="px-4 py-3 text-right tabular-nums text-amber-200">{formatPence(user.pending_earnings_pence)}</td>
            <td className="px-4 py-3 text-right tabular-nums">{user.completed_offers}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-300">{date(user.created_at)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-300">{user.last_login ? timeAgo(user.last_login) : 'Never'}</td>
            <td className="px-4 py-3">
              <Actions user={user} selfUid={selfUid} onAction={onAction} />
            </td>
          </tr>
        ))}
      </Table>

      <ul className="mt-6 space-y-3 lg:hidden" data-testid="admin-users-cards">
        {users.map((user) => (
          <Card as="li" key={user.uid} className="p-4" data-testid="admin-user-card" data-uid={user.uid}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold text-white">{nameOf(user)}</p>
                <p className="truncate text-xs text-slate-400">{user.email}</p>
              </div>
              <Actions user={user} selfUid={selfUid} onAction={onAction} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <RoleBadge role={user.role} />
              <StatusBadge user={user} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-400">Earned</dt>
                <dd className="font-semibold tabular-nums text-white">{formatPence(user.total_earned_pence)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Offers</dt>
                <dd className="font-semibold tabular-nums text-white">{user.completed_offers}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Joined</dt>
                <dd className="font-semibold text-white">{date(user.created_at)}</dd>
              </div>
            </dl>
          </Card>
        ))}
      </ul>
    </>
  );
}
