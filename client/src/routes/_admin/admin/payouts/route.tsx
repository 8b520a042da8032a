import { type AdminPayout, formatPence } from '@playquid/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck, Hourglass, Landmark, PoundSterling } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Notice, type NoticeMessage, PageSpinner, RouteError } from '../../../../components/Feedback';
import { BackLink, PageHeader } from '../../../../components/PageHeader';
import { type AdminPayoutCommand, serverMessage } from '../../../../lib/commands';
import { pageHead } from '../../../../lib/page';
import {
  ADMIN_STATUS_FILTERS,
  adminPayoutActions,
  adminPayoutStats,
  optionalReason,
  searchAdminPayouts,
  shortId,
} from '../../../../lib/payouts';
import { type AdminStatusFilter, parseAdminStatusFilter } from '../../../../lib/route-options';
import { adminPayoutsQuery, useAdminPayoutCommand } from '../../../../lib/payouts/queries';
import { useFlash } from '../../../../lib/use-flash';
import { Pager } from '../../../../ui/Pager';
import { SearchField } from '../../../../ui/SearchField';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { inputClass, pageWidth } from '../../../../ui/styles';
import { type AdminPayoutAction, AdminPayoutsTable } from './-components/AdminPayoutsTable';
import { ProcessPayoutModal } from './-components/ProcessPayoutModal';

/** Admin messages stay 5 s. */
const MESSAGE_MS = 5_000;

const FAILURE: Record<AdminPayoutAction, string> = {
  process: 'Failed to process payout',
  cancel: 'Failed to cancel payout',
  approve: 'Failed to approve payout',
  reject: 'Failed to reject payout',
  resend: 'Failed to resend the reward',
  return: 'Failed to return the payout to the balance',
};

function successText(command: AdminPayoutCommand, payoutId: string, serverText: string): string {
  if (command.action === 'process') return `Payout ${shortId(payoutId)}... processed successfully!`;
  if (command.action === 'cancel') return 'Payout cancelled successfully';
  if (command.action === 'resend' || command.action === 'return') return serverText;
  return serverText || (command.action === 'approve' ? 'Payout approved successfully' : 'Payout rejected successfully');
}

export const Route = createFileRoute('/_admin/admin/payouts')({
  validateSearch: (search: Record<string, unknown>): { status?: AdminStatusFilter; page?: number } => {
    const page = Number(search.page);
    return { status: parseAdminStatusFilter(search.status), page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  loaderDeps: ({ search }) => ({ status: search.status, page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminPayoutsQuery(deps.page, deps.status)),
  head: () => pageHead('Payouts'),
  staticData: { accessDenied: 'Access Denied - You need admin permissions to access this page' },
  pendingComponent: () => <PageSpinner label="Loading payouts..." />,
  errorComponent: PayoutsError,
  component: AdminPayoutsPage,
});

function PayoutsError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load payouts" />;
}

function AdminPayoutsPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const { status, page = 1 } = Route.useSearch();
  const { data } = useSuspenseQuery(adminPayoutsQuery(page, status));
  const [search, setSearch] = useState('');
  const [processing, setProcessing] = useState<AdminPayout | null>(null);
  const [message, flash, clearMessage] = useFlash<NoticeMessage>(MESSAGE_MS);
  const stats = adminPayoutStats(data.data);
  const shown = searchAdminPayouts(data.data, search);

  const command = useAdminPayoutCommand({
    onSuccess: (envelope, { payout, command: done }) => {
      flash({ kind: 'success', text: successText(done, payout.id, envelope.message) });
      setProcessing(null);
    },
    onError: (error, { command: failed }) => {
      const detail = serverMessage(error, '');
      flash({ kind: 'error', text: detail ? `${FAILURE[failed.action]}: ${detail}` : FAILURE[failed.action] });
    },
  });
  const run = (payout: AdminPayout, next: AdminPayoutCommand) => command.mutate({ payout, command: next });

  const onAction = (action: AdminPayoutAction, payout: AdminPayout) => {
    clearMessage();
    const amount = formatPence(payout.amount_pence);
    switch (action) {
      case 'process':
        return setProcessing(payout);
      case 'approve': {
        // A flagged payout is approved only with the admin's acknowledgement, which the server records.
        const review = adminPayoutActions(payout).acknowledgementRequired;
        const question = `Approve the ${amount} payout ${shortId(payout.id)}...?`;
        const asked = review
          ? `${payout.review_reason ?? 'A reversal landed after this payout was requested'}.\n\nI have reviewed it. ${question}`
          : question;
        if (window.confirm(asked)) run(payout, { action: 'approve', body: review ? { acknowledge_reversal: true } : {} });
        return;
      }
      case 'reject': {
        const reason = window.prompt(`Why is the ${amount} payout ${shortId(payout.id)}... rejected? (required)`)?.trim();
        if (reason) run(payout, { action: 'reject', body: { reason } });
        return;
      }
      case 'cancel': {
        if (!window.confirm(`Are you sure you want to cancel the ${amount} payout ${shortId(payout.id)}...?`)) return;
        const answer = window.prompt('Reason for cancelling (optional):', '');
        run(payout, { action: 'cancel', body: optionalReason(answer) });
        return;
      }
      case 'resend': {
        // The reward email failed: a new order, to the same address or one the member corrected.
        const answer = window.prompt(`Send the ${amount} reward again. Email (leave as is to use the same one):`, payout.payment_details.email);
        if (answer === null) return;
        const email = answer.trim();
        run(payout, { action: 'resend', body: email && email !== payout.payment_details.email ? { email } : {} });
        return;
      }
      case 'return': {
        const reason = window.prompt(`Why is the ${amount} payout ${shortId(payout.id)}... returned to the member's balance? (required, shown to them)`)?.trim();
        if (reason) run(payout, { action: 'return', body: { reason } });
      }
    }
  };
  const closeModal = useCallback(() => setProcessing(null), []);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Payouts"
        lead="Reward-email payout requests: approve, mark as paid with the transaction reference, reject or cancel; resend or return a reward that could not be delivered."
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
      />
      <section className={`${pageWidth} py-10`}>
        <StatGrid>
          <StatCard label="Total Payouts" value={stats.total} hint="On this page" icon={Landmark} testId="admin-payouts-total" />
          <StatCard
            label="Pending"
            value={stats.pending}
            hint="Awaiting action"
            icon={Hourglass}
            accent="amber"
            testId="admin-payouts-pending"
          />
          <StatCard
            label="Completed"
            value={stats.completed}
            hint="Approved or completed"
            icon={CircleCheck}
            accent="grape"
            testId="admin-payouts-completed"
          />
          <StatCard
            label="Total Value"
            value={formatPence(stats.totalValuePence)}
            hint="GBP, this page"
            icon={PoundSterling}
            accent="flare"
            testId="admin-payouts-value"
          />
        </StatGrid>

        <div className="mt-8 grid gap-3 sm:grid-cols-[1fr_auto]">
          <SearchField
            label="Search payouts"
            placeholder="Search by payout, user or transaction ID..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="admin-payouts-search"
          />
          <label>
            <span className="sr-only">Status</span>
            <select
              className={inputClass}
              value={status ?? ''}
              onChange={(event) => void navigate({ search: { status: parseAdminStatusFilter(event.target.value) } })}
              data-testid="admin-payouts-status"
            >
              {ADMIN_STATUS_FILTERS.map((option) => (
                <option key={option.label} value={option.value ?? ''}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        {message && (
          <Notice kind={message.kind} className="mt-6" testId="admin-payouts-message">
            {message.text}
          </Notice>
        )}

        <AdminPayoutsTable payouts={shown} busyId={command.isPending ? command.variables.payout.id : null} onAction={onAction} />

        <Pager
          className="mt-6"
          page={page}
          totalPages={data.total_pages}
          step={(target, control) => <Link to="/admin/payouts" search={{ status, page: target > 1 ? target : undefined }} {...control} />}
        />
      </section>

      {processing && (
        <ProcessPayoutModal
          payout={processing}
          busy={command.isPending}
          failure={message?.kind === 'error' ? message.text : null}
          onClose={closeModal}
          onSubmit={(body) => run(processing, { action: 'process', body })}
        />
      )}
    </>
  );
}
