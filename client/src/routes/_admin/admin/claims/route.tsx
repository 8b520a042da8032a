import { ADMIN_SEARCH_DEBOUNCE_MS, type AdminClaim, type AdminClaimDetail, type ClaimStatus, formatPence } from '@playquid/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Download, LifeBuoy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Notice, PageSpinner } from '../../../../components/Feedback';
import { BackLink, EmptyState, PageHeader } from '../../../../components/PageHeader';
import { ApiError } from '../../../../lib/api-client';
import {
  type AdminClaimFilters,
  adminClaimQuery,
  adminClaimsQuery,
  CLAIM_STATUS_LABEL,
  downloadClaimsCsv,
  NO_CLAIM_FILTERS,
  serviceClock,
  ukDateTime,
  useDecideClaim,
} from '../../../../lib/claims';
import { pageHead } from '../../../../lib/page';
import { useDebounced } from '../../../../lib/use-debounced';
import { Badge, type BadgeTone } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { pageButton, Pager } from '../../../../ui/Pager';
import { SearchField } from '../../../../ui/SearchField';
import { inputClass, labelClass, pageWidth } from '../../../../ui/styles';

export const Route = createFileRoute('/_admin/admin/claims')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(adminClaimsQuery(1, NO_CLAIM_FILTERS)),
  head: () => pageHead('Claims'),
  component: AdminClaimsPage,
});

const STATUS_TONE: Record<ClaimStatus, BadgeTone> = { open: 'info', waiting_partner: 'warning', approved: 'success', declined: 'danger' };
const STATUS_OPTIONS: Array<{ value: ClaimStatus | ''; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'open', label: 'Open' },
  { value: 'waiting_partner', label: 'Waiting on partner' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];
const failureText = (error: Error) => (error instanceof ApiError ? (error.detail ?? error.message) : error.message);

function Column({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="min-w-0 rounded-2xl border border-white/10 bg-white/[0.03] p-4" data-testid={testId}>
      <h3 className="mb-2 text-xs font-bold tracking-wider text-slate-400 uppercase">{title}</h3>
      <div className="space-y-1 text-sm text-slate-200">{children}</div>
    </section>
  );
}

/** The evidence side by side: the member's claim and start, our callbacks for them and the offer, other members' completions. */
function Evidence({ detail }: { detail: AdminClaimDetail }) {
  const { claim, start, callbacks, others } = detail;
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <Column title="The member" testId="evidence-member">
        <p>
          <span className="text-slate-400">Started:</span> {start ? `${ukDateTime(start.first_started_at)} (${start.start_count}×)` : 'no start recorded'}
        </p>
        <p>
          <span className="text-slate-400">Claims:</span> {claim.task_name} · {formatPence(claim.amount_pence)}
        </p>
        <p className="break-words whitespace-pre-line">
          <span className="text-slate-400">Note:</span> {claim.note}
        </p>
        {claim.evidence && (
          <p className="break-words whitespace-pre-line">
            <span className="text-slate-400">Evidence:</span> {claim.evidence}
          </p>
        )}
        <p>
          <span className="text-slate-400">Missing:</span> {claim.missing}
        </p>
      </Column>
      <Column title="Our callbacks (member and offer)" testId="evidence-callbacks">
        {callbacks.length === 0 ? (
          <p className="text-slate-400">None received</p>
        ) : (
          <ul className="space-y-1">
            {callbacks.map((c) => (
              <li key={c.id}>
                {c.task_name ?? c.task_id ?? 'a task'} · {c.state ?? '-'} · {c.reward_pence === null ? '-' : formatPence(c.reward_pence)} · {ukDateTime(c.created_at)}
              </li>
            ))}
          </ul>
        )}
      </Column>
      <Column title="Other members, same task" testId="evidence-others">
        <p>{others.completions === 0 ? 'Nobody else was credited for this task' : `${others.completions} other member(s) credited`}</p>
        <ul className="space-y-1">
          {others.recent.map((o) => (
            <li key={`${o.user_id}-${o.created_at}`} className="truncate">
              {o.status} · {formatPence(o.amount_pence)} · {ukDateTime(o.created_at)}
            </li>
          ))}
        </ul>
      </Column>
    </div>
  );
}

function ClaimPanel({ claim, onDecided }: { claim: AdminClaim; onDecided: (kind: 'success' | 'error', text: string) => void }) {
  const detail = useQuery(adminClaimQuery(claim.id));
  const [reason, setReason] = useState('');
  const decide = useDecideClaim({
    onSuccess: (response) => {
      onDecided('success', response.message);
      setReason('');
    },
    onError: (error) => onDecided('error', failureText(error)),
  });
  const decided = claim.status === 'approved' || claim.status === 'declined';
  return (
    <div className="space-y-4 border-t border-white/10 p-4" data-testid="claim-panel">
      {detail.data ? <Evidence detail={detail.data} /> : <PageSpinner label="Loading evidence..." />}
      {decided ? (
        <p className="text-sm text-slate-300">
          {CLAIM_STATUS_LABEL[claim.status]}
          {claim.decided_by ? ` by ${claim.decided_by}` : ''}
          {claim.decided_at ? ` on ${ukDateTime(claim.decided_at)}` : ''}: {claim.decision_reason}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <label className={labelClass}>
            Reason (the member sees it on a decline)
            <textarea className={`${inputClass} min-h-16`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="claim-reason" />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => decide.mutate({ claim, decision: 'approve', reason })} disabled={decide.isPending || reason.trim() === ''} data-testid="claim-approve">
              Approve and credit {formatPence(claim.amount_pence)}
            </Button>
            <Button variant="danger" onClick={() => decide.mutate({ claim, decision: 'decline', reason })} disabled={decide.isPending || reason.trim() === ''} data-testid="claim-decline">
              Decline
            </Button>
            {claim.status === 'open' && (
              <Button variant="secondary" onClick={() => decide.mutate({ claim, decision: 'waiting', reason })} disabled={decide.isPending} data-testid="claim-waiting">
                Waiting on partner
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function AdminClaimsPage() {
  const [filters, setFilters] = useState<AdminClaimFilters>(NO_CLAIM_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search, ADMIN_SEARCH_DEBOUNCE_MS);
  const applied = { ...filters, search };
  const list = useQuery(adminClaimsQuery(page, applied));
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const exportCsv = useMutation({ mutationFn: () => downloadClaimsCsv(applied), onError: (error) => setOutcome({ kind: 'error', text: error.message }) });
  const change = (next: AdminClaimFilters) => {
    setFilters(next);
    setPage(1);
  };
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Missing-credit claims"
        lead="Members' claims with our own log beside them. Approving credits the member's wallet; declining tells them why."
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
        actions={
          <Button variant="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} data-testid="claims-export">
            <Download size={16} aria-hidden /> Export CSV for the partner
          </Button>
        }
      />
      <section className={`${pageWidth} space-y-6 py-10`}>
        {outcome && (
          <Notice kind={outcome.kind} testId="claims-message">
            {outcome.text}
          </Notice>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <SearchField
            label="Search claims"
            placeholder="Offer, task or member email..."
            value={filters.search}
            onChange={(event) => change({ ...filters, search: event.target.value })}
            data-testid="claims-search"
          />
          <label>
            <span className="sr-only">Status</span>
            <select className={inputClass} value={filters.status} onChange={(e) => change({ ...filters, status: e.target.value as ClaimStatus | '' })} data-testid="claims-status">
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.isPending ? (
          <PageSpinner label="Loading claims..." />
        ) : list.isError ? (
          <Notice kind="error">{failureText(list.error)}</Notice>
        ) : rows.length === 0 ? (
          <EmptyState icon={<LifeBuoy />} title="No claims" text="Nothing matches these filters." testId="claims-queue-empty" />
        ) : (
          <Card as="ul" className="divide-y divide-white/5 overflow-hidden" data-testid="claims-queue">
            {rows.map((claim) => (
              <li key={claim.id} data-testid="claim-row" data-status={claim.status} data-task={claim.task_id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-3 p-4 text-left transition hover:bg-white/[0.03]"
                  aria-expanded={open === claim.id}
                  onClick={() => setOpen(open === claim.id ? null : claim.id)}
                  data-testid="claim-row-toggle"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-white">
                      {claim.offer_title} · {claim.task_name}
                    </span>
                    <span className="block truncate text-xs text-slate-400">
                      {claim.user_email ?? claim.user_id} · opened {ukDateTime(claim.opened_at)} · {serviceClock(claim)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="font-bold text-quid-300">{formatPence(claim.amount_pence)}</span>
                    <Badge tone={STATUS_TONE[claim.status]}>{CLAIM_STATUS_LABEL[claim.status]}</Badge>
                  </span>
                </button>
                {open === claim.id && <ClaimPanel claim={claim} onDecided={(kind, text) => setOutcome({ kind, text })} />}
              </li>
            ))}
          </Card>
        )}
        {list.data && list.data.total_pages > 1 && (
          <Pager page={page} totalPages={list.data.total_pages} step={pageButton(setPage)} summary={`${list.data.total} claims`} />
        )}
      </section>
    </>
  );
}
