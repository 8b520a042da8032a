import { ERASED } from '@playquid/contracts';
import { callbackCounterParts } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import { ACCOUNT_CLOSED_CREDIT_TEXT, coveredByClaimText } from '@playquid/domain';
import { CountersOf, countChanges, keyCounters } from '../counters';
import { erasedCallback, eraseCallbacks, Erasures, isErasedCallback } from '../erasure';
import { type BatchWriter, defineProjection } from '../projection';
import { rebuildScope } from '../rebuild-scope';
import { anyOf, type Row, TableBatch } from '../table-batch';

type Callbacks = TableBatch<'callbacks', 'earning' | 'user' | 'all'>;

/**
 * The retention erasure of the stored rows. Live, one statement finds every row older than the
 * cut-off not erased yet (on callbacks_created_idx). In a rebuild, whose one transaction wrote every
 * row the table holds, that index walk would visit every older row again on each page (the rows it
 * erased earlier stay in the index until the commit): quadratic in the log. There the rebuild keeps,
 * across its pages, the ids and times of the rows it wrote that are not erased yet, and the same
 * statement is limited to those ids: the same rows change, found by key.
 */
class StoredCallbacks implements BatchWriter {
  constructor(
    private readonly callbacks: Callbacks,
    /** In a rebuild: every stored row whose source_ip is not ERASED (and maybe more), by id, with its created_at in ms. */
    private readonly unerased: Map<string, number> | undefined,
  ) {}

  eraseBefore(before: string) {
    return async (trx: Transaction<DB>): Promise<void> => {
      if (!this.unerased) {
        await eraseCallbacks(trx, { before });
        return;
      }
      const cut = Date.parse(before);
      const among: string[] = [];
      for (const [id, at] of this.unerased) if (at < cut) among.push(id);
      if (among.length === 0) return;
      await eraseCallbacks(trx, { before, among });
      for (const id of among) this.unerased.delete(id);
    };
  }

  /** After the batch's rows are written: what it left unerased joins the set, what it erased leaves. */
  async write(): Promise<void> {
    if (!this.unerased) return;
    for (const { after } of this.callbacks.changes()) {
      if (!after) continue;
      if (after.source_ip === ERASED) this.unerased.delete(after.id);
      else this.unerased.set(after.id, new Date(after.created_at).getTime());
    }
  }
}

/**
 * A callback starts its life unprocessed and unreviewed, whether accepted or rejected. (Spread last:
 * V8 builds an object whose literal starts with a spread and goes on with many properties very slowly.)
 */
const NEW_CALLBACK = {
  is_processed: false,
  processed_at: null,
  processing_error: null,
  earning_id: null,
  awaiting_credit: false,
  review_status: null,
  reviewed_by: null,
  review_reason: null,
  reviewed_at: null,
} as const satisfies Partial<Row<'callbacks'>>;

/**
 * What BitLabs pays us for a transaction, from its latest accepted callback: pending while PENDING;
 * earned when COMPLETED or NONE, or when a reversal of its own (RECONCILED with a negative amount).
 */
export function companyRevenuePart(row: Row<'callback_transactions'>): string | null {
  if (row.offer_state === 'PENDING') return 'company_pending_usd';
  if (row.offer_state === 'COMPLETED' || row.offer_state === 'NONE' || (row.offer_state === 'RECONCILED' && row.raw_payment_usd < 0))
    return 'company_completed_usd';
  return null;
}

const later = (d: { receivedAt: string; callbackId: string }, row: Row<'callback_transactions'>) => {
  const [a, b] = [new Date(d.receivedAt).getTime(), new Date(row.created_at).getTime()];
  return a > b || (a === b && d.callbackId > row.callback_id);
};

/**
 * Every signed partner callback, accepted or rejected, with its processing state and the review
 * of a credit held above the threshold (the callbacks console). Unsigned requests are not events:
 * the intake writes them to `unsigned_callback_rejects` itself.
 */
export const callbacksProjection = defineProjection({
  name: 'callbacks',
  tables: ['callbacks', 'callback_transactions', 'callback_counters'],
  async load(trx, events) {
    // A review finds its callback through the earning it booked (set by EarningCredited).
    const callbacks: Callbacks = new TableBatch('callbacks', 'id', { earning: (row) => row.earning_id, user: (row) => row.user_id, all: () => 'all' });
    const ids: string[] = [];
    const earningIds: string[] = [];
    for (const e of events) {
      if (e.type === 'EarningReviewApproved' || e.type === 'EarningReviewRejected') earningIds.push(e.data.earningId);
      else if (e.type !== 'AccountClosed' && e.type !== 'PersonalDataRetentionApplied') ids.push(e.data.callbackId);
    }
    await callbacks.load(trx, ids, anyOf(sql.ref('earning_id'), earningIds));
    const transactions = new TableBatch('callback_transactions', 'transaction_id');
    await transactions.load(
      trx,
      events.flatMap((e) => (e.type === 'CallbackReceived' && e.data.rawUsd !== null ? [e.data.transactionId] : [])),
    );
    const counters = new CountersOf(async (trx) => {
      const sums = keyCounters('callback_counters');
      countChanges(callbacks, (row, sign) => {
        for (const key of callbackCounterParts(row)) sums.add(key, { n: 1 }, sign);
      });
      countChanges(transactions, (row, sign) => {
        const key = companyRevenuePart(row);
        if (key) sums.add(key, { n: row.raw_payment_usd }, sign);
      });
      await sums.write(trx);
    });
    const stored = new StoredCallbacks(callbacks, rebuildScope(trx, 'callbacks', 'unerased callbacks', () => new Map<string, number>()));
    // Erasures of the rows already stored run before the batch writes its own (the order of the state's parts).
    return { erasures: new Erasures(), callbacks, transactions, counters, stored };
  },
  handlers: {
    CallbackReceived: ({ callbacks, transactions }, d) => {
      if (d.rawUsd !== null) {
        const latest = { callback_id: d.callbackId, created_at: d.receivedAt, offer_state: d.state, raw_payment_usd: d.rawUsd };
        const row = transactions.get(d.transactionId);
        if (!row) transactions.insert({ transaction_id: d.transactionId, ...latest });
        else if (later(d, row)) transactions.update(d.transactionId, latest);
      }
      callbacks.insert({
        id: d.callbackId,
        accepted: true,
        rejection_reason: null,
        transaction_id: d.transactionId,
        user_id: d.userId,
        offer_id: d.offerId,
        offer_name: d.offerName,
        task_id: d.taskId,
        task_name: d.taskName,
        user_reward_raw: d.userRewardRaw,
        reward_pence: d.rewardPence,
        raw_payment_usd: d.rawUsd,
        offer_state: d.state,
        callback_type: d.type,
        ref: d.ref,
        source_ip: d.sourceIp,
        callback_hash: d.hash,
        raw_parameters: d.rawParameters,
        created_at: d.receivedAt,
        triggered_by: d.triggeredBy ?? null,
        ...NEW_CALLBACK,
      });
    },
    CallbackRejected: ({ callbacks }, d) =>
      callbacks.insert({
        id: d.callbackId,
        accepted: false,
        rejection_reason: d.reason,
        transaction_id: d.transactionId,
        user_id: d.userId,
        offer_id: d.rawParameters.offer_id ?? null,
        offer_name: d.rawParameters.offer_name ?? null,
        task_id: d.rawParameters.task_id ?? null,
        task_name: d.rawParameters.task_name ?? null,
        user_reward_raw: d.rawParameters.val ?? null,
        reward_pence: null,
        raw_payment_usd: null,
        offer_state: d.rawParameters.state ?? null,
        callback_type: d.rawParameters.type ?? null,
        ref: d.rawParameters.ref ?? null,
        source_ip: d.sourceIp,
        callback_hash: d.hash,
        raw_parameters: d.rawParameters,
        created_at: d.receivedAt,
        triggered_by: null,
        ...NEW_CALLBACK,
      }),
    CallbackProcessed: ({ callbacks }, d) =>
      callbacks.update(d.callbackId, { is_processed: true, processed_at: d.processedAt, processing_error: null, earning_id: d.earningId }),
    // Processing credits the wallet before it records CallbackProcessed: the earning id is known here first.
    EarningCredited: ({ callbacks }, d) =>
      callbacks.update(d.callbackId, { earning_id: d.earningId, review_status: d.heldForReview ? 'held' : null }),
    EarningReviewApproved: ({ callbacks }, d) =>
      callbacks.updateWhere('earning', d.earningId, {
        review_status: 'approved',
        reviewed_by: d.approvedBy,
        review_reason: d.reason,
        reviewed_at: d.approvedAt,
      }),
    EarningReviewRejected: ({ callbacks }, d) =>
      callbacks.updateWhere('earning', d.earningId, {
        review_status: 'rejected',
        reviewed_by: d.rejectedBy,
        review_reason: d.reason,
        reviewed_at: d.rejectedAt,
      }),
    CallbackProcessingFailed: ({ callbacks }, d) => callbacks.update(d.callbackId, { is_processed: false, processing_error: d.error }),
    // A reversal that came before its credit waits until the credit arrives and is booked reversed.
    ReversalAwaitingCredit: ({ callbacks }, d) => callbacks.update(d.callbackId, { awaiting_credit: true }),
    // Recorded, not paid: the console says why (a claim paid the task already; the account was closed).
    CreditCoveredByClaim: ({ callbacks }, d) =>
      callbacks.update(d.callbackId, { earning_id: d.earningId, review_status: 'covered_by_claim', review_reason: coveredByClaimText(d.claimId), reviewed_at: d.receivedAt }),
    CreditRefusedAccountClosed: ({ callbacks }, d) =>
      callbacks.update(d.callbackId, { review_status: 'account_closed', review_reason: ACCOUNT_CLOSED_CREDIT_TEXT, reviewed_at: d.receivedAt }),
    EarningReversed: ({ callbacks }, d) => callbacks.update(d.callbackId, (row) => (row.awaiting_credit ? { awaiting_credit: false } : {})),
    // The member's technical data is shredded on closure; everyone's older than 90 days by the retention job.
    AccountClosed: ({ erasures, callbacks }, d) => {
      erasures.add((trx) => eraseCallbacks(trx, { userId: d.uid }));
      callbacks.updateWhere('user', d.uid, erasedCallback);
    },
    PersonalDataRetentionApplied: ({ erasures, callbacks, stored }, d) => {
      erasures.addBefore(d.technicalBefore, (before) => stored.eraseBefore(before));
      const before = Date.parse(d.technicalBefore);
      // A row erased already (by an earlier run or its member's closure) would only be copied unchanged.
      callbacks.updateWhere('all', 'all', erasedCallback, (row) => !isErasedCallback(row) && new Date(row.created_at).getTime() < before);
    },
  },
});
