import type { CallbackRecord } from '@playquid/contracts';
import { callbackStatus } from '@playquid/domain';
import { type Options, stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';

/** Export columns, in order: the console's table first, then the details panel. */
export const CALLBACK_CSV_COLUMNS = [
  'id',
  'created_at',
  'transaction_id',
  'user_id',
  'offer_id',
  'offer_name',
  'task_id',
  'user_reward',
  'raw_payment_usd',
  'offer_state',
  'status',
  'is_processed',
  'processed_at',
  'processing_error',
  'accepted',
  'rejection_reason',
  'source_ip',
  'callback_hash',
  'raw_parameters',
  'unsigned',
  'triggered_by',
  'review_status',
  'reviewed_by',
  'review_reason',
] as const;

/** An export is one response: past this many rows the admin is asked for a narrower filter instead. */
export const CALLBACK_EXPORT_MAX_ROWS = 50_000;
export const exportTooLargeMessage = (matching: number, max = CALLBACK_EXPORT_MAX_ROWS) =>
  `The export is limited to ${max.toLocaleString('en-GB')} callbacks and this filter matches ${matching.toLocaleString('en-GB')}; ` +
  'narrow it (state, processed, review, user, offer or search) and export again';

type CsvRecord = Record<(typeof CALLBACK_CSV_COLUMNS)[number], string | number | null>;

/**
 * Quoting of commas, quotes and line breaks is csv-stringify's; `escape_formulas` matters because
 * rejected callbacks store whatever anyone put in the URL, and a cell like `=HYPERLINK(…)` would
 * run as a formula in a spreadsheet. Numbers stay numbers so a reversal's `-1.25` is not prefixed.
 */
export const CSV_OPTIONS: Options = {
  header: true,
  columns: [...CALLBACK_CSV_COLUMNS],
  escape_formulas: true,
  cast: { boolean: (value) => (value ? 'true' : 'false') },
};

export function toCsvRecord(record: CallbackRecord): CsvRecord {
  return {
    id: record.id,
    created_at: record.created_at,
    transaction_id: record.transaction_id,
    user_id: record.user_id,
    offer_id: record.offer_id,
    offer_name: record.offer_name,
    task_id: record.task_id,
    // The partner's exact text when it is a number; anything else (a rejected `val=abc`) as text.
    user_reward: record.user_reward ?? record.user_reward_raw,
    raw_payment_usd: record.raw_payment_usd,
    offer_state: record.offer_state,
    status: callbackStatus(record),
    is_processed: String(record.is_processed),
    processed_at: record.processed_at,
    processing_error: record.processing_error,
    accepted: String(record.accepted),
    rejection_reason: record.rejection_reason,
    source_ip: record.source_ip,
    callback_hash: record.callback_hash,
    raw_parameters: JSON.stringify(record.raw_parameters),
    unsigned: String(record.unsigned ?? false),
    triggered_by: record.triggered_by ?? null,
    review_status: record.review_status ?? null,
    reviewed_by: record.reviewed_by ?? null,
    review_reason: record.review_reason ?? null,
  };
}

/** The CSV as a stream: rows are read page by page, so an export of any size stays small in memory. */
export function callbacksCsvStream(pages: AsyncIterable<CallbackRecord[]>): Readable {
  async function* records() {
    for await (const page of pages) for (const record of page) yield toCsvRecord(record);
  }
  // pipeline (not pipe): a database error half way destroys the response stream instead of hanging it.
  return pipeline(Readable.from(records()), stringify(CSV_OPTIONS), () => {});
}

/** The whole CSV of a few records as one string (tests, small exports). */
export function callbacksCsv(records: CallbackRecord[]): Promise<string> {
  return new Promise((resolve, reject) =>
    stringify(records.map(toCsvRecord), CSV_OPTIONS, (error, output) => (error ? reject(error) : resolve(output))),
  );
}
