import { EMPTY_STATEMENT_BALANCES, type RecordedWalletEvent, type StatementBalances, statementEntryFor, type StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Transaction } from 'kysely';
import { defineProjection } from '../projection';

/**
 * The running balances continue from the member's latest entry, read from this projection's own
 * table only: rebuilding `statement` alone replays to exactly the rows the live path wrote.
 */
async function balancesBefore(trx: Transaction<DB>, uid: string): Promise<StatementBalances> {
  const row = await trx
    .selectFrom('statement_entries')
    .select(['available_balance_pence', 'pending_balance_pence', 'reserved_balance_pence'])
    .where('uid', '=', uid)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { ...EMPTY_STATEMENT_BALANCES };
  return { availablePence: row.available_balance_pence, pendingPence: row.pending_balance_pence, reservedPence: row.reserved_balance_pence };
}

/** EarningApproved does not restate its amount; the earlier pending entry of the same earning does. */
async function pendingAmountOf(trx: Transaction<DB>, uid: string, earningId: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('statement_entries')
    .select('pending_change_pence')
    .where('uid', '=', uid)
    .where('earning_id', '=', earningId)
    .where('kind', '=', 'earning_pending')
    .executeTakeFirst();
  return row?.pending_change_pence;
}

async function recordEntry(trx: Transaction<DB>, _data: unknown, message: StoredEventMessage): Promise<void> {
  // Only wallet event types are registered below, and the write side appends typed events only.
  const event = { type: message.type, data: message.data, id: message.id, revision: message.revision, createdAt: message.createdAt } as RecordedWalletEvent;
  const uid = event.data.uid;
  const cleared = event.type === 'EarningApproved' ? await pendingAmountOf(trx, uid, event.data.earningId) : undefined;
  const step = statementEntryFor(event, await balancesBefore(trx, uid), cleared);
  if (!step) return;
  const { entry, after } = step;
  await trx
    .insertInto('statement_entries')
    .values({
      event_id: entry.event_id,
      uid,
      revision: entry.revision,
      at: entry.at,
      kind: entry.kind,
      reason: entry.reason,
      available_change_pence: entry.available_change_pence,
      pending_change_pence: entry.pending_change_pence,
      available_balance_pence: entry.available_balance_pence,
      pending_balance_pence: entry.pending_balance_pence,
      reserved_balance_pence: after.reservedPence,
      earning_id: entry.earning_id,
      payout_id: entry.payout_id,
      expected_clear_at: entry.expected_clear_at,
    })
    .execute();
}

/**
 * Every change to each member's money with running balances (GET /api/users/statement). Payout
 * approvals and reward-order events move no money and are not listed.
 */
export const statementProjection = defineProjection({
  name: 'statement',
  tables: ['statement_entries'],
  handlers: {
    WelcomeBonusGranted: recordEntry,
    ReferralRewardGranted: recordEntry,
    EarningCredited: recordEntry,
    EarningApproved: recordEntry,
    EarningReversed: recordEntry,
    EarningReviewApproved: recordEntry,
    EarningReviewRejected: recordEntry,
    PayoutRequested: recordEntry,
    PayoutRejected: recordEntry,
    PayoutCancelled: recordEntry,
    PayoutProcessed: recordEntry,
  },
});
