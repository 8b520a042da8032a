import type { CallbackRecord } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../../../components/CopyButton';
import { Notice } from '../../../../../components/Feedback';
import { ApiError } from '../../../../../lib/api-client';
import { CALLBACK_TEXT, callbackStateLabel, formatCallbackUsd } from '../../../../../lib/callbacks';
import { callbackDetailQuery } from '../../../../../lib/callbacks/queries';
import { mediumDateTime } from '../../../../../lib/format';

export const formatDateTime = (iso: string | null | undefined) => (iso ? mediumDateTime.format(new Date(iso)) : '—');

function Field({ label, value, copy }: { label: string; value: ReactNode; copy?: string | null }) {
  return (
    <div className="flex items-start justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-slate-400">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right font-medium break-all text-slate-100">
        {value ?? '—'}
        {copy && <CopyButton text={copy} label={`Copy ${label.toLowerCase()}`} />}
      </dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-white/10 bg-ink-950/50 p-4">
      <h3 className="text-xs font-bold tracking-wider text-grape-300 uppercase">{title}</h3>
      <dl className="mt-2 divide-y divide-white/5 text-sm">{children}</dl>
    </section>
  );
}

const mono = (text: string | null | undefined) => (text ? <span className="font-mono text-xs">{text}</span> : '—');

function DetailsBody({ callback }: { callback: CallbackRecord }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="callback-details">
      <Group title="Basic Information">
        <Field label="Transaction ID" value={mono(callback.transaction_id)} copy={callback.transaction_id} />
        <Field label="User ID" value={mono(callback.user_id)} copy={callback.user_id} />
        <Field label="Offer ID" value={mono(callback.offer_id)} copy={callback.offer_id} />
        <Field label="Task ID" value={mono(callback.task_id)} copy={callback.task_id} />
      </Group>
      <Group title="Financial Details">
        <Field label="User reward" value={formatCallbackUsd(callback.user_reward_raw, callback.user_reward)} />
        <Field label="Raw payment (USD)" value={formatCallbackUsd(null, callback.raw_payment_usd)} />
        <Field label="Offer state" value={callbackStateLabel(callback.offer_state)} />
        <Field label="Offer name" value={callback.offer_name || '—'} />
      </Group>
      <Group title="Processing Status">
        <Field label="Processed" value={callback.is_processed ? 'Yes' : 'No'} />
        <Field label="Processed at" value={formatDateTime(callback.processed_at)} />
        <Field
          label="Error"
          value={callback.processing_error ? <span className="text-red-300">{callback.processing_error}</span> : 'None'}
        />
        {/* Rejected at intake (bad signature or parameters): kept for the record, never processed. */}
        {!callback.accepted && (
          <Field label="Rejected at intake" value={<span className="text-red-300">{callback.rejection_reason || 'Yes'}</span>} />
        )}
      </Group>
      <Group title="Security & Metadata">
        <Field label="Source IP" value={mono(callback.source_ip)} />
        <Field label="Created" value={formatDateTime(callback.created_at)} />
        <Field label="Callback hash" value={mono(callback.callback_hash)} copy={callback.callback_hash} />
      </Group>
      <section className="rounded-2xl border border-white/10 bg-ink-950/50 p-4 lg:col-span-2">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-xs font-bold tracking-wider text-grape-300 uppercase">Raw Parameters</h3>
          <CopyButton text={JSON.stringify(callback.raw_parameters ?? {}, null, 2)} label="Copy raw parameters" />
        </div>
        <pre className="mt-2 max-h-64 overflow-auto rounded-xl bg-black/30 p-3 font-mono text-xs text-slate-300">
          {JSON.stringify(callback.raw_parameters ?? {}, null, 2)}
        </pre>
      </section>
    </div>
  );
}

/** An expanded row: the callback's full record, loaded the first time the row is opened. */
export function CallbackDetails({ callbackId }: { callbackId: string }) {
  const { data, isPending, isError, error } = useQuery(callbackDetailQuery(callbackId));
  if (isPending) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-slate-400" role="status">
        <LoaderCircle size={16} className="animate-spin text-quid-300" aria-hidden /> Loading callback details...
      </p>
    );
  }
  if (isError) {
    return (
      <Notice kind="error">
        {CALLBACK_TEXT.detailFailed(error instanceof ApiError ? (error.detail ?? error.message) : error.message)}
      </Notice>
    );
  }
  return <DetailsBody callback={data} />;
}
