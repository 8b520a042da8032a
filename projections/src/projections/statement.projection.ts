import type { Pence, WalletEvent } from '@playquid/contracts';
import { EMPTY_STATEMENT_BALANCES, type RecordedWalletEvent, type StatementBalances, statementEntryFor } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import { type BatchWriter, defineProjection, type ProjectedEvent } from '../projection';
import { insertRows, type Row } from '../table-batch';

type WalletEntry = ProjectedEvent<WalletEvent['type']>;

/** Which pending entry an EarningApproved clears: the member's entry of the same earning. */
const pendingKey = (uid: string, earningId: string) => JSON.stringify([uid, earningId]);

/**
 * The entries a batch adds. Each member's running balances continue from their latest entry, read
 * from this projection's own table only (so rebuilding `statement` alone replays to exactly the
 * rows the live path wrote), then from the entries added earlier in the batch.
 */
class StatementEntries implements BatchWriter {
  private readonly rows: Row<'statement_entries'>[] = [];

  private constructor(
    private readonly balances: Map<string, StatementBalances>,
    /** EarningApproved does not restate its amount; the earlier pending entry of the same earning does. */
    private readonly pendingAmounts: Map<string, Pence>,
  ) {}

  static async load(trx: Transaction<DB>, events: readonly WalletEntry[]): Promise<StatementEntries> {
    const uids = [...new Set(events.map((e) => e.data.uid))];
    const approvals = events.flatMap((e) => (e.type === 'EarningApproved' ? [e.data] : []));
    const [latest, pending] = await Promise.all([
      sql<{ uid: string; available_balance_pence: number; pending_balance_pence: number; reserved_balance_pence: number }>`
        select e.uid, e.available_balance_pence, e.pending_balance_pence, e.reserved_balance_pence
        from unnest(${uids}::text[]) as member(uid)
        cross join lateral (
          select * from statement_entries where uid = member.uid order by revision desc limit 1
        ) as e`.execute(trx),
      approvals.length === 0
        ? { rows: [] }
        : sql<{ uid: string; earning_id: string; pending_change_pence: number }>`
            select uid, earning_id, pending_change_pence from statement_entries
            where kind = 'earning_pending'
              and (uid, earning_id) in (select * from unnest(${approvals.map((d) => d.uid)}::text[], ${approvals.map((d) => d.earningId)}::text[]))`.execute(
            trx,
          ),
    ]);
    return new StatementEntries(
      new Map(
        latest.rows.map((r) => [
          r.uid,
          { availablePence: r.available_balance_pence, pendingPence: r.pending_balance_pence, reservedPence: r.reserved_balance_pence },
        ]),
      ),
      new Map(pending.rows.map((r) => [pendingKey(r.uid, r.earning_id), r.pending_change_pence])),
    );
  }

  record(event: WalletEntry): void {
    const { message } = event;
    const uid = event.data.uid;
    // Only wallet event types are registered below, and the write side appends typed events only.
    const recorded = {
      type: event.type,
      data: event.data,
      id: message.id,
      revision: message.revision,
      createdAt: message.createdAt,
    } as RecordedWalletEvent;
    const cleared = event.type === 'EarningApproved' ? this.pendingAmounts.get(pendingKey(uid, event.data.earningId)) : undefined;
    const step = statementEntryFor(recorded, this.balances.get(uid) ?? EMPTY_STATEMENT_BALANCES, cleared);
    if (!step) return;
    const { entry, after } = step;
    this.rows.push({
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
    });
    this.balances.set(uid, after);
    if (entry.kind === 'earning_pending' && entry.earning_id)
      this.pendingAmounts.set(pendingKey(uid, entry.earning_id), entry.pending_change_pence);
  }

  write(trx: Transaction<DB>): Promise<void> {
    return insertRows(trx, 'statement_entries', this.rows);
  }
}

const record = ({ entries }: { entries: StatementEntries }, _data: unknown, event: WalletEntry) => entries.record(event);

/**
 * Every change to each member's money with running balances (GET /api/users/statement). Payout
 * approvals and reward-order events move no money and are not listed.
 */
export const statementProjection = defineProjection({
  name: 'statement',
  tables: ['statement_entries'],
  load: async (trx, events) => ({ entries: await StatementEntries.load(trx, events) }),
  handlers: {
    WelcomeBonusGranted: record,
    ReferralRewardGranted: record,
    EarningCredited: record,
    EarningApproved: record,
    EarningReversed: record,
    EarningReviewApproved: record,
    EarningReviewRejected: record,
    PayoutRequested: record,
    PayoutRejected: record,
    PayoutCancelled: record,
    PayoutProcessed: record,
    ReferralRewardReversed: record,
    PayoutReturned: record,
    BalanceForfeited: record,
  },
});
