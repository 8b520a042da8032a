import { type AdminUserRow, formatPence } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  adminUserBalanceQuery,
  adminUserCallbacksQuery,
  adminUserPayoutsQuery,
  adminUserQuery,
  adminUserStatementQuery,
} from '../../../../../lib/admin-users';
import { serverMessage } from '../../../../../lib/commands';
import { formatSignedPence, newestFirst, statementAmount, statementLabel } from '../../../../../lib/statement';
import { Modal } from '../../../../../ui/Modal';
import { RoleBadge, StatusBadge } from './UsersTable';
import { mediumDateShortTime } from '../../../../../lib/format';

const when = (iso: string | null) => (iso ? mediumDateShortTime.format(new Date(iso)) : 'Never');

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-white/10 bg-white/[0.03] p-4" data-testid={testId}>
      <h3 className="text-xs font-bold uppercase tracking-wider text-slate-400">{title}</h3>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** One query's list: loading, its failure, empty, or the rows. */
function Rows<T>({
  query,
  empty,
  render,
}: {
  query: { data?: T[]; isPending: boolean; error: unknown };
  empty: string;
  render: (row: T) => ReactNode;
}) {
  if (query.isPending) return <p className="text-slate-400">Loading...</p>;
  if (query.error) return <p className="text-red-200">{serverMessage(query.error, 'Failed to load')}</p>;
  if (!query.data?.length) return <p className="text-slate-400">{empty}</p>;
  return <ul className="divide-y divide-white/5">{query.data.map(render)}</ul>;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="truncate font-semibold text-white">{value}</dd>
    </div>
  );
}

/** Everything about one member: profile, balance, latest statement lines, callbacks and payouts. */
export function UserViewModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const detail = useQuery(adminUserQuery(user.uid));
  const balance = useQuery(adminUserBalanceQuery(user.uid));
  const statement = useQuery({ ...adminUserStatementQuery(user.uid), select: (data) => newestFirst(data.entries).slice(0, 6) });
  const callbacks = useQuery(adminUserCallbacksQuery(user.uid));
  const payouts = useQuery({ ...adminUserPayoutsQuery(user.uid), select: (page) => page.data });
  const profile = detail.data ?? user;

  return (
    <Modal
      title={profile.username || profile.email}
      icon={<UserRound size={19} className="text-quid-300" aria-hidden />}
      onClose={onClose}
      size="lg"
      dismissOnBackdrop
      testId="view-user-modal"
    >
      <div className="mt-5 space-y-4">
        <Section title="Profile" testId="view-profile">
          <div className="mb-3 flex flex-wrap gap-2">
            <RoleBadge role={profile.role} />
            <StatusBadge user={profile} />
          </div>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Fact label="Email" value={profile.email} />
            <Fact label="User ID" value={<span className="font-mono text-xs">{profile.uid}</span>} />
            <Fact label="Joined" value={when(profile.created_at)} />
            <Fact label="Last login" value={when(profile.last_login)} />
            <Fact label="Referrals" value={profile.referral_count} />
            <Fact label="Offers completed" value={profile.completed_offers} />
          </dl>
          {profile.ban && (
            <p className="mt-3 rounded-xl bg-red-500/10 px-3 py-2 text-red-200" data-testid="view-ban">
              Banned {when(profile.ban.banned_at)} by {profile.ban.banned_by}: “{profile.ban.reason}”
            </p>
          )}
        </Section>

        <Section title="Balance" testId="view-balance">
          {balance.data ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Fact label="Available" value={formatPence(balance.data.available_pence)} />
              <Fact label="Pending" value={formatPence(balance.data.pending_pence)} />
              <Fact label="Total earned" value={formatPence(balance.data.total_earned_pence)} />
              <Fact label="Paid out" value={formatPence(balance.data.paid_out_pence)} />
            </dl>
          ) : (
            <p className="text-slate-400">{balance.error ? serverMessage(balance.error, 'Failed to load') : 'Loading...'}</p>
          )}
        </Section>

        <div className="grid gap-4 md:grid-cols-2">
          <Section title="Statement (latest)" testId="view-statement">
            <Rows
              query={statement}
              empty="No balance changes yet"
              render={(entry) => {
                const amount = statementAmount(entry);
                return (
                  <li key={entry.event_id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="block truncate text-white">{statementLabel(entry.kind)}</span>
                      <span className="text-xs text-slate-400">{when(entry.at)}</span>
                    </span>
                    <span className="shrink-0 tabular-nums text-slate-200">{formatSignedPence(amount.pence)}</span>
                  </li>
                );
              }}
            />
          </Section>
          <Section title="Payouts (latest)" testId="view-payouts">
            <Rows
              query={payouts}
              empty="No payouts yet"
              render={(payout) => (
                <li key={payout.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate capitalize text-white">{payout.status}</span>
                    <span className="text-xs text-slate-400">{when(payout.requested_at)}</span>
                  </span>
                  <span className="shrink-0 tabular-nums text-slate-200">{formatPence(payout.amount_pence)}</span>
                </li>
              )}
            />
          </Section>
        </div>

        <Section title="Callbacks (latest)" testId="view-callbacks">
          <Rows
            query={callbacks}
            empty="No callbacks for this member"
            render={(callback) => (
              <li key={callback.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate text-white">{callback.offer_name ?? callback.offer_id ?? 'N/A'}</span>
                  <span className="block truncate font-mono text-xs text-slate-400">{callback.transaction_id}</span>
                </span>
                <span className="shrink-0 text-right text-xs text-slate-300">
                  {callback.user_reward_raw ? `$${callback.user_reward_raw}` : ''}
                  <span className="block text-slate-400">
                    {callback.processing_error ? 'Failed' : callback.is_processed ? 'Processed' : 'Pending'}
                  </span>
                </span>
              </li>
            )}
          />
        </Section>
      </div>
    </Modal>
  );
}
