import type { PrivacyRequestKind, PrivacyRequestView } from '@playquid/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Notice, PageSpinner } from '../../../../components/Feedback';
import { BackLink, EmptyState, PageHeader } from '../../../../components/PageHeader';
import { ApiError } from '../../../../lib/api-client';
import { pageHead } from '../../../../lib/page';
import {
  ADMIN_PRIVACY_KEY,
  actOnPrivacyRequest,
  adminPrivacyRequestsQuery,
  PRIVACY_KIND_LABEL,
  privacyDueSoon,
  privacyDueText,
  recordPrivacyRequest,
  saveExport,
} from '../../../../lib/privacy/admin-requests';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { inputClass, labelClass, pageWidth } from '../../../../ui/styles';

export const Route = createFileRoute('/_admin/admin/privacy')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(adminPrivacyRequestsQuery()),
  head: () => pageHead('Privacy requests'),
  component: AdminPrivacyPage,
});

type Outcome = { kind: 'success' | 'error'; text: string };
const failureText = (error: Error) => (error instanceof ApiError ? (error.detail ?? error.message) : error.message);
const ukDateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
const KINDS: PrivacyRequestKind[] = ['export', 'closure', 'erasure'];

/** Records a written request (an email or letter): the member, what they ask, and where it came from. */
function RecordRequest({ onDone }: { onDone: (outcome: Outcome) => void }) {
  const [uid, setUid] = useState('');
  const [kind, setKind] = useState<PrivacyRequestKind>('export');
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: () => recordPrivacyRequest({ uid: uid.trim(), kind, reason }),
    onSuccess: (request) => {
      onDone({ kind: 'success', text: `${PRIVACY_KIND_LABEL[request.kind]} request recorded for ${request.uid}. ${privacyDueText(request)}.` });
      setUid('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ADMIN_PRIVACY_KEY });
    },
    onError: (error) => onDone({ kind: 'error', text: failureText(error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate();
  };
  return (
    <Card className="p-5">
      <form className="grid gap-3 md:grid-cols-[1fr_12rem]" onSubmit={submit} data-testid="privacy-record">
        <h2 className="text-lg font-bold text-white md:col-span-2">Record a written request</h2>
        <label className={labelClass}>
          Member (user id)
          <input className={inputClass} value={uid} onChange={(e) => setUid(e.target.value)} required maxLength={128} autoComplete="off" data-testid="privacy-uid" />
        </label>
        <label className={labelClass}>
          Request
          <select className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as PrivacyRequestKind)} data-testid="privacy-kind">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {PRIVACY_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label className={`${labelClass} md:col-span-2`}>
          Where it came from and what it asks (recorded with your name)
          <textarea className={`${inputClass} min-h-16`} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} data-testid="privacy-reason" />
        </label>
        <div className="md:col-span-2">
          <Button type="submit" disabled={record.isPending || uid.trim() === '' || reason.trim() === ''} data-testid="privacy-record-submit">
            Record request
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Acting on an open written request: an export is downloaded to send; a closure or erasure closes the account. */
function ActOn({ request, onDone }: { request: PrivacyRequestView; onDone: (outcome: Outcome) => void }) {
  const [confirmForfeit, setConfirmForfeit] = useState(false);
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: () => actOnPrivacyRequest(request.id, confirmForfeit),
    onSuccess: (result) => {
      if (result.export) saveExport(request.uid, result.export);
      onDone({
        kind: 'success',
        text: result.export ? `Export for ${request.uid} downloaded: send it to the member.` : `The account of ${request.uid} is closed; the request is answered.`,
      });
      void queryClient.invalidateQueries({ queryKey: ADMIN_PRIVACY_KEY });
    },
    onError: (error) => onDone({ kind: 'error', text: failureText(error) }),
  });
  const closes = request.kind !== 'export';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {closes && (
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <input type="checkbox" checked={confirmForfeit} onChange={(e) => setConfirmForfeit(e.target.checked)} data-testid="privacy-forfeit" />
          The member confirmed in writing that they give up their balance
        </label>
      )}
      <Button variant={closes ? 'danger' : 'primary'} onClick={() => act.mutate()} disabled={act.isPending} data-testid="privacy-act">
        {closes ? 'Close the account' : 'Produce the export'}
      </Button>
    </div>
  );
}

function RequestRow({ request, onDone }: { request: PrivacyRequestView; onDone: (outcome: Outcome) => void }) {
  const urgent = privacyDueSoon(request);
  return (
    <li className="space-y-3 p-4" data-testid="privacy-request" data-kind={request.kind} data-status={request.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">
            {PRIVACY_KIND_LABEL[request.kind]}
            <span className="font-normal text-slate-400"> · {request.channel === 'written' ? 'written request' : 'made in the app'}</span>
          </p>
          <p className="truncate text-sm text-slate-300">
            Member <code className="text-quid-300">{request.uid}</code>
          </p>
          <p className="text-xs text-slate-400">
            Received {ukDateTime.format(new Date(request.received_at))}
            {request.handled_by ? ` · ${request.status === 'open' ? 'recorded' : 'handled'} by ${request.handled_by}` : ''}
          </p>
          {request.reason && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-300">{request.reason}</p>}
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          <Badge tone={request.status === 'open' ? (urgent ? 'danger' : 'warning') : 'success'}>{request.status === 'open' ? 'Open' : 'Answered'}</Badge>
          <span className={`text-xs ${urgent ? 'font-semibold text-red-300' : 'text-slate-400'}`} data-testid="privacy-due">
            {privacyDueText(request)}
          </span>
        </div>
      </div>
      {request.status === 'open' && request.channel === 'written' && <ActOn request={request} onDone={onDone} />}
    </li>
  );
}

function AdminPrivacyPage() {
  const list = useQuery(adminPrivacyRequestsQuery());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const requests = list.data ?? [];
  const open = requests.filter((r) => r.status === 'open').length;
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Privacy requests"
        lead="Data exports, closures and erasures, each answered within 30 days of receipt. Record written requests here and act on them; you cannot act on your own account."
        back={<BackLink to="/admin/dashboard">Analytics</BackLink>}
      />
      <section className={`${pageWidth} space-y-6 py-10`}>
        {outcome && (
          <Notice kind={outcome.kind} testId="privacy-message">
            {outcome.text}
          </Notice>
        )}
        <RecordRequest onDone={setOutcome} />
        {list.isPending ? (
          <PageSpinner label="Loading privacy requests..." />
        ) : list.isError ? (
          <Notice kind="error">{failureText(list.error)}</Notice>
        ) : requests.length === 0 ? (
          <EmptyState icon={<ShieldCheck />} title="No privacy requests" text="Members' own exports and closures, and the written requests you record, appear here." testId="privacy-empty" />
        ) : (
          <>
            <p className="text-sm text-slate-400" data-testid="privacy-summary">
              {open} open · {requests.length - open} answered
            </p>
            <Card as="ul" className="divide-y divide-white/5 overflow-hidden" data-testid="privacy-requests">
              {requests.map((request) => (
                <RequestRow key={request.id} request={request} onDone={setOutcome} />
              ))}
            </Card>
          </>
        )}
      </section>
    </>
  );
}
