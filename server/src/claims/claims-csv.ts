import { penceToDecimal } from '@playquid/contracts';
import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import type { AdminClaimRow } from './claims.repository';

/** For the partner: what the member claims, what our log holds, and what we decided. */
export const CLAIM_CSV_COLUMNS = [
  'claim_id',
  'opened_at',
  'status',
  'user_id',
  'user_email',
  'offer_id',
  'offer_title',
  'task_id',
  'task_name',
  'amount',
  'started_at',
  'callbacks_received',
  'missing',
  'note',
  'evidence',
  'decided_at',
  'decided_by',
  'decision_reason',
] as const;

export const claimsExportTooLargeMessage = (matching: number, max: number) =>
  `The export is limited to ${max.toLocaleString('en-GB')} claims and this filter matches ${matching.toLocaleString('en-GB')}; narrow it (status, member, offer or search) and export again`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toClaimCsvRecord(row: AdminClaimRow): Record<(typeof CLAIM_CSV_COLUMNS)[number], string | number | null> {
  return {
    claim_id: row.id,
    opened_at: iso(row.opened_at),
    status: row.status,
    user_id: row.uid,
    user_email: row.user_email,
    // The partner knows the offer by its own id.
    offer_id: row.api_id,
    offer_title: row.offer_title,
    task_id: row.task_id,
    task_name: row.task_name,
    amount: penceToDecimal(row.reward_pence),
    started_at: iso(row.started_at),
    callbacks_received: row.callbacks.map((c) => `${c.taskName ?? c.taskId ?? '?'} ${c.state ?? ''} ${c.receivedAt}`.trim()).join('; '),
    missing: row.missing,
    note: row.note,
    evidence: row.evidence,
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by,
    decision_reason: row.decision_reason,
  };
}

/**
 * Streamed page by page; `escape_formulas` because notes and evidence are what members typed, and
 * a cell starting `=`, `+`, `-` or `@` would run as a formula in the partner's spreadsheet.
 */
export function claimsCsvStream(pages: AsyncIterable<AdminClaimRow[]>): Readable {
  async function* records() {
    for await (const page of pages) for (const row of page) yield toClaimCsvRecord(row);
  }
  return pipeline(Readable.from(records()), stringify({ header: true, columns: [...CLAIM_CSV_COLUMNS], escape_formulas: true }), () => {});
}
