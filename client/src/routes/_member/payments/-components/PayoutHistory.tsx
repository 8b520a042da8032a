import { formatPence, PAGE_SIZES, type Payout } from '@playquid/contracts';
import { memberCanCancel } from '@playquid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { CopyButton } from '../../../../components/CopyButton';
import { EmptyState } from '../../../../components/PageHeader';
import { afterMemberPayoutCommand, cancelOwnPayout, serverMessage } from '../../../../lib/commands';
import { rewardDeliveryLabel, shortId } from '../../../../lib/payouts';
import { payoutsQuery } from '../../../../lib/payouts/queries';
import { PayoutStatusBadge } from '../../../../ui/StatusBadge';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { pageButton, Pager } from '../../../../ui/Pager';
import { shortDateTime } from '../../../../lib/format';

const formatDate = (iso: string | null) => (iso ? shortDateTime.format(new Date(iso)) : '—');

function PayoutRow({ payout, onCancel, cancelling }: { payout: Payout; onCancel: (payout: Payout) => void; cancelling: boolean }) {
  const delivery = rewardDeliveryLabel(payout.reward?.status);
  return (
    <li className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between" data-testid="payout-row">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-display text-xl font-bold tabular-nums text-white">{formatPence(payout.amount_pence)}</span>
          <PayoutStatusBadge status={payout.status} />
          <span className="text-xs text-slate-400">Reward email</span>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
          <div className="flex gap-1.5">
            <dt className="text-slate-400">Requested</dt>
            <dd className="text-slate-300">{formatDate(payout.requested_at)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-400">Processed</dt>
            <dd className="text-slate-300">{formatDate(payout.processed_at)}</dd>
          </div>
          {payout.transaction_id && (
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-400">Transaction</dt>
              <dd className="flex items-center gap-1 font-mono text-slate-300">
                {shortId(payout.transaction_id)}
                <CopyButton text={payout.transaction_id} label="Copy transaction ID" />
              </dd>
            </div>
          )}
        </dl>
        {delivery && <p className="text-xs text-sky-300">{delivery}</p>}
        {payout.notes && <p className="text-sm text-slate-400">{payout.notes}</p>}
        {payout.reason && (payout.status === 'rejected' || payout.status === 'cancelled' || payout.status === 'returned') && (
          <p className="text-sm text-red-300">Reason: {payout.reason}</p>
        )}
      </div>
      {memberCanCancel(payout) && (
        <Button variant="secondary" className="shrink-0 px-4 py-2 text-sm" onClick={() => onCancel(payout)} disabled={cancelling}>
          {cancelling ? <LoaderCircle size={15} className="animate-spin" aria-hidden /> : <X size={15} aria-hidden />}
          Cancel
        </Button>
      )}
    </li>
  );
}

/** History tab: the member's payouts, newest first, with a Cancel button on pending ones. */
export function PayoutHistory({ uid, onFirstPayout }: { uid: string; onFirstPayout: () => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useQuery(payoutsQuery(uid, page, PAGE_SIZES.userPayoutsHistory));
  const cancel = useMutation({
    mutationFn: (payout: Payout) => cancelOwnPayout(payout.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message || 'Payout cancelled');
      void afterMemberPayoutCommand(queryClient, uid, envelope.data);
    },
    onError: (error) => toast.error(serverMessage(error, 'Failed to cancel payout')),
  });
  const confirmCancel = (payout: Payout) => {
    if (window.confirm(`Cancel your ${formatPence(payout.amount_pence)} payout request? The money returns to your available balance.`)) {
      cancel.mutate(payout);
    }
  };

  if (isPending) return <Card className="h-48 animate-pulse" aria-hidden />;
  if (isError) {
    return (
      <Card className="p-8 text-center" role="alert">
        <p className="font-semibold text-white">Failed to load payment data</p>
        <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState icon={<Banknote />} title="No payout history" text="Your payout requests will appear here." testId="payouts-empty">
        <Button onClick={onFirstPayout}>Make Your First Payout</Button>
      </EmptyState>
    );
  }
  return (
    <Card className="overflow-hidden" data-testid="payout-history">
      <ul className="divide-y divide-white/5">
        {data.data.map((payout) => (
          <PayoutRow
            key={payout.id}
            payout={payout}
            onCancel={confirmCancel}
            cancelling={cancel.isPending && cancel.variables?.id === payout.id}
          />
        ))}
      </ul>
      <Pager
        className="border-t border-white/10 p-4"
        page={page}
        totalPages={data.total_pages}
        step={pageButton(setPage)}
        label="Payout pages"
      />
    </Card>
  );
}
