import type { CallbackRecord } from '@playquid/contracts';
import { Check, ChevronDown, RotateCcw, X } from 'lucide-react';
import { Fragment } from 'react';
import { callbackOfferLabel, formatCallbackUsd, type ReviewDecision, shortUserId } from '../../../../../lib/callbacks';
import { RowButton, rowClass, Table, Th } from '../../../../../ui/Table';
import { ReviewBadges, StateBadge, StatusBadge } from './CallbackBadges';
import { CallbackDetails, formatDateTime } from './CallbackDetails';

const COLUMNS = ['Transaction ID', 'User', 'Offer', 'Reward', 'State', 'Status', 'Created', 'Actions'];

/**
 * The callbacks table. Clicking a row (or its chevron) expands it; Reprocess is offered only on
 * rows whose processing failed, Approve/Reject only on credits held for review; neither toggles the row.
 */
export function CallbacksTable({
  callbacks,
  expanded,
  onToggle,
  reprocessingId,
  onReprocess,
  reviewingId = null,
  onReview,
}: {
  callbacks: CallbackRecord[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  reprocessingId: string | null;
  onReprocess: (callback: CallbackRecord) => void;
  reviewingId?: string | null;
  onReview?: (callback: CallbackRecord, decision: ReviewDecision) => void;
}) {
  return (
    <Table
      testId="callbacks-table"
      minWidth="min-w-[1000px]"
      head={COLUMNS.map((column) => (
        <Th key={column}>{column}</Th>
      ))}
    >
      {callbacks.map((callback) => {
        const open = expanded.has(callback.id);
        const detailsId = `callback-details-${callback.id}`;
        return (
          <Fragment key={callback.id}>
            <tr
              className={`cursor-pointer ${rowClass} ${open ? 'bg-white/[0.04]' : ''}`}
              onClick={() => onToggle(callback.id)}
              data-testid="callback-row"
              data-callback-id={callback.id}
            >
              <td className="max-w-[14rem] px-4 py-3">
                <span className="block truncate font-mono text-xs text-white" title={callback.transaction_id ?? undefined}>
                  {callback.transaction_id || '—'}
                </span>
              </td>
              <td className="px-4 py-3 font-mono text-xs text-slate-300" title={callback.user_id ?? undefined}>
                {shortUserId(callback.user_id)}
              </td>
              <td className="max-w-[14rem] px-4 py-3">
                <span className="block truncate text-slate-200" title={callbackOfferLabel(callback)}>
                  {callbackOfferLabel(callback)}
                </span>
              </td>
              <td className="px-4 py-3 font-semibold text-white tabular-nums">
                {formatCallbackUsd(callback.user_reward_raw, callback.user_reward)}
              </td>
              <td className="px-4 py-3">
                <StateBadge state={callback.offer_state} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge callback={callback} />
                <ReviewBadges callback={callback} />
              </td>
              <td className="px-4 py-3 text-xs whitespace-nowrap text-slate-400">{formatDateTime(callback.created_at)}</td>
              <td className="px-4 py-3">
                <span className="flex items-center gap-1.5">
                  {callback.processing_error && (
                    <RowButton
                      tone="danger"
                      onClick={(event) => {
                        event.stopPropagation();
                        onReprocess(callback);
                      }}
                      disabled={reprocessingId === callback.id}
                      data-testid="callback-reprocess"
                    >
                      <RotateCcw size={13} className={reprocessingId === callback.id ? 'animate-spin' : undefined} aria-hidden />
                      {reprocessingId === callback.id ? 'Reprocessing...' : 'Reprocess'}
                    </RowButton>
                  )}
                  {callback.review_status === 'held' && onReview && (
                    <>
                      <RowButton
                        tone="success"
                        onClick={(event) => {
                          event.stopPropagation();
                          onReview(callback, 'approve');
                        }}
                        disabled={reviewingId === callback.id}
                        data-testid="callback-review-approve"
                      >
                        <Check size={13} aria-hidden /> Approve
                      </RowButton>
                      <RowButton
                        tone="danger"
                        onClick={(event) => {
                          event.stopPropagation();
                          onReview(callback, 'reject');
                        }}
                        disabled={reviewingId === callback.id}
                        data-testid="callback-review-reject"
                      >
                        <X size={13} aria-hidden /> Reject
                      </RowButton>
                    </>
                  )}
                  <button
                    type="button"
                    className="grid h-8 w-8 place-items-center rounded-lg text-slate-400 transition hover:bg-white/10 hover:text-white"
                    onClick={(event) => {
                      event.stopPropagation();
                      onToggle(callback.id);
                    }}
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    aria-label={`${open ? 'Hide' : 'Show'} details of callback ${callback.transaction_id ?? callback.id}`}
                  >
                    <ChevronDown size={16} className={`transition ${open ? 'rotate-180' : ''}`} aria-hidden />
                  </button>
                </span>
              </td>
            </tr>
            {open && (
              <tr id={detailsId} className="bg-ink-950/40">
                <td colSpan={COLUMNS.length} className="px-4 py-4">
                  <CallbackDetails callbackId={callback.id} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </Table>
  );
}
