import type { CallbackRecord, CallbackReviewStatus, CallbackState } from '@playquid/contracts';
import type { CallbackLogRow } from '@playquid/read-db';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** raw_payment_usd is stored in USD ten-thousandths (contracts' UsdTenThousandths). */
const USD_SCALE = 10_000;

/** Read-model row to the console's shape: exact integers become the dollar figures the spec names. */
export function toCallbackRecord(row: CallbackLogRow): CallbackRecord {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    user_id: row.user_id,
    offer_id: row.offer_id,
    offer_name: row.offer_name,
    task_id: row.task_id,
    user_reward: row.user_reward_raw !== null && DECIMAL.test(row.user_reward_raw) ? Number(row.user_reward_raw) : null,
    user_reward_raw: row.user_reward_raw,
    raw_payment_usd: row.raw_payment_usd === null ? null : row.raw_payment_usd / USD_SCALE,
    // A rejected callback keeps whatever state text it came with ("unknown shown as itself").
    offer_state: row.offer_state as CallbackState | null,
    is_processed: row.is_processed,
    processed_at: iso(row.processed_at),
    processing_error: row.processing_error,
    accepted: row.accepted,
    rejection_reason: row.rejection_reason,
    source_ip: row.source_ip,
    callback_hash: row.callback_hash,
    raw_parameters: row.raw_parameters ?? {},
    created_at: iso(row.created_at)!,
    unsigned: row.unsigned,
    triggered_by: row.triggered_by,
    review_status: row.review_status as CallbackReviewStatus | null,
    reviewed_by: row.reviewed_by,
    review_reason: row.review_reason,
    reviewed_at: iso(row.reviewed_at),
  };
}
