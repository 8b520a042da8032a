import { formatPence, type TaskTimelineEntry, type TaskTimelineState } from '@playquid/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Notice } from '../../../../components/Feedback';
import { ApiError } from '../../../../lib/api-client';
import {
  CLAIM_STATUS_LABEL,
  CLAIMS_KEY,
  countdown,
  EVIDENCE_MAX,
  NOTE_MAX,
  openClaim,
  TASK_STATE_LABEL,
  timelineQuery,
  ukDateTime,
} from '../../../../lib/claims';
import { Badge, type BadgeTone } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { inputClass, labelClass } from '../../../../ui/styles';
import { DetailSection } from './OfferOverview';

const STATE_TONE: Record<TaskTimelineState, BadgeTone> = {
  not_started: 'neutral',
  started: 'info',
  pending: 'warning',
  approved: 'success',
  reversed: 'danger',
  claimed: 'highlight',
};

function ClaimForm({ offerId, uid, task, onDone }: { offerId: string; uid: string; task: TaskTimelineEntry; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState('');
  const send = useMutation({
    mutationFn: () => openClaim({ offer_id: offerId, task_id: task.task_id, note, ...(evidence.trim() ? { evidence } : {}) }),
    onSuccess: (response) => {
      const claim = response.data.claim;
      // The read table follows in a moment: show the claim on its task now rather than refetch a stale timeline.
      queryClient.setQueryData(timelineQuery(offerId, uid).queryKey, (old) =>
        old && {
          ...old,
          tasks: old.tasks.map((t) =>
            t.task_id === claim.task_id
              ? { ...t, state: 'claimed' as const, can_claim: false, claimable_from: null, claim: { id: claim.id, status: claim.status, opened_at: claim.opened_at } }
              : t,
          ),
        },
      );
      void queryClient.invalidateQueries({ queryKey: [...CLAIMS_KEY, 'mine'] });
      onDone(response.message);
    },
  });
  const error = send.error instanceof ApiError ? (send.error.detail ?? send.error.message) : send.error?.message;
  return (
    <form
      className="mt-3 flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-950/40 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
      data-testid={`claim-form-${task.task_id}`}
    >
      <p className="text-sm text-slate-300">
        We attach what our log holds: when you started, which tasks the partner reported and when. Tell us what you did.
      </p>
      <label className={labelClass}>
        What did you complete, and when?
        <textarea
          className={`${inputClass} min-h-20`}
          value={note}
          maxLength={NOTE_MAX}
          required
          onChange={(event) => setNote(event.target.value)}
          data-testid="claim-note"
        />
      </label>
      <label className={labelClass}>
        Evidence (optional: a player id, order number or level reached)
        <textarea
          className={`${inputClass} min-h-16`}
          value={evidence}
          maxLength={EVIDENCE_MAX}
          onChange={(event) => setEvidence(event.target.value)}
          data-testid="claim-evidence"
        />
      </label>
      {error && (
        <Notice kind="error" testId="claim-error">
          {error}
        </Notice>
      )}
      <Button type="submit" disabled={send.isPending || note.trim() === ''} data-testid="claim-submit">
        {send.isPending ? 'Sending…' : 'Send claim'}
      </Button>
    </form>
  );
}

function TaskDetail({ task }: { task: TaskTimelineEntry }) {
  switch (task.state) {
    case 'pending':
      return (
        <p className="text-sm text-amber-200" data-testid="task-countdown">
          Waiting for the partner to confirm: expected by {ukDateTime(task.expected_clear_at ?? task.credited_at!)} UK time (
          {task.expected_clear_at ? countdown(task.expected_clear_at) : 'soon'})
        </p>
      );
    case 'approved':
      return <p className="text-sm text-quid-300">Credited {task.credited_at ? ukDateTime(task.credited_at) : ''}</p>;
    case 'reversed':
      return (
        <p className="text-sm text-red-300" data-testid="task-reversal">
          Reversed {ukDateTime(task.reversed_at!)}: {task.reversal_reason}. This cancelled the {formatPence(task.reversed_amount_pence ?? 0)} credit of{' '}
          {ukDateTime(task.credited_at!)}.
        </p>
      );
    case 'claimed':
      return (
        <p className="text-sm text-grape-200">
          Claim {CLAIM_STATUS_LABEL[task.claim!.status].toLowerCase()} since {ukDateTime(task.claim!.opened_at)}.{' '}
          <Link to="/earnings/claims" className="underline">
            My claims
          </Link>
        </p>
      );
    case 'started':
      return task.claimable_from && !task.can_claim ? (
        <p className="text-sm text-slate-400">Not credited yet. You can report missing credit from {ukDateTime(task.claimable_from)} UK time.</p>
      ) : (
        <p className="text-sm text-slate-400">Not credited yet.</p>
      );
    default:
      return null;
  }
}

/** The member's own record of each task of the offer: what our events say, and a claim where one is allowed. */
export function TaskTimeline({ offerId, uid }: { offerId: string; uid: string }) {
  const { data, error } = useQuery(timelineQuery(offerId, uid));
  const [claiming, setClaiming] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  if (error) return null;
  if (!data || !Array.isArray(data.tasks) || data.tasks.length === 0) return null;
  return (
    <div id="timeline" className="scroll-mt-24">
    <DetailSection title="Your timeline" icon={History} testId="task-timeline">
      <p className="mb-4 text-sm text-slate-400">
        {data.started_at ? `You started this offer ${ukDateTime(data.started_at)} UK time.` : 'You have not started this offer yet.'} Every state below comes from
        our own log.
      </p>
      {sent && (
        <Notice kind="success" testId="claim-sent" className="mb-4">
          {sent} We answer within {data.answer_business_days} business days.{' '}
          <Link to="/earnings/claims" className="underline">
            My claims
          </Link>
        </Notice>
      )}
      <ol className="flex flex-col gap-3">
        {data.tasks.map((task) => (
          <li
            key={task.task_id}
            id={`task-${task.task_id}`}
            className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
            data-testid="timeline-task"
            data-state={task.state}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-white">{task.task_name}</span>
              <span className="flex items-center gap-2">
                <span className="text-sm font-bold text-quid-300">{formatPence(task.reward_pence)}</span>
                <Badge tone={STATE_TONE[task.state]} data-testid="timeline-state">
                  {TASK_STATE_LABEL[task.state]}
                </Badge>
              </span>
            </div>
            <div className="mt-1">
              <TaskDetail task={task} />
            </div>
            {task.can_claim && claiming !== task.task_id && (
              <Button variant="secondary" className="mt-3" onClick={() => setClaiming(task.task_id)} data-testid="report-missing-credit">
                Report missing credit
              </Button>
            )}
            {claiming === task.task_id && (
              <ClaimForm
                offerId={offerId}
                uid={uid}
                task={task}
                onDone={(text) => {
                  setClaiming(null);
                  setSent(text);
                }}
              />
            )}
          </li>
        ))}
      </ol>
    </DetailSection>
    </div>
  );
}
