import type { StatementEntry, StatementEntryKind } from '@playquid/contracts';
import { earningTotals, type EarningTotals, type PartnerHold, payoutFigures, type RecordedWalletEvent, type WalletState } from '@playquid/domain';
import type { StatementEntryRow } from '@playquid/read-db';
import type { RecordedEvent } from '../event-store/event-store';

/** The figures every balance shape is made of, from the read tables or from a fold of the log. */
export interface MoneyFigures {
  available: number;
  pending: number;
  reserved: number;
  paidOut: number;
  totalEarned: number;
  transactions: number;
  pendingTransactions: number;
  /** The welcome bonus held back until the first approved offer (0 without totals). */
  lockedBonus: number;
  totals: EarningTotals;
  /** The offer partner's hold (a ban callback), null when none. */
  partnerHold: PartnerHold | null;
}

export const iso = (value: Date | string): string => new Date(value).toISOString();
/** The entries that end a pending earning's wait (the client's `expectedClearDate` uses the same). */
export const SETTLING_KINDS: ReadonlySet<string> = new Set(['earning_approved', 'earning_cleared', 'earning_reversed']);
export const NO_TOTALS: EarningTotals = { bonusPence: 0, referralPence: 0, reversedPence: 0, unpaidBonusPence: 0 };

/** The figures of a fold of the wallet stream: its money is the sum of walletMoneyChange, as the balances row is. */
export function figuresOf(state: WalletState): MoneyFigures {
  return {
    available: state.availablePence,
    pending: state.pendingPence,
    reserved: state.reservedPence,
    paidOut: state.paidOutPence,
    totalEarned: state.totalEarnedPence,
    transactions: state.transactions,
    pendingTransactions: state.pendingTransactions,
    lockedBonus: payoutFigures(state).lockedBonusPence,
    totals: earningTotals(Object.values(state.earnings)),
    partnerHold: state.partnerHold,
  };
}

export function toEntry(row: StatementEntryRow): StatementEntry {
  return {
    event_id: row.event_id,
    revision: Number(row.revision),
    at: iso(row.at),
    kind: row.kind as StatementEntryKind,
    reason: row.reason,
    available_change_pence: row.available_change_pence,
    pending_change_pence: row.pending_change_pence,
    available_balance_pence: row.available_balance_pence,
    pending_balance_pence: row.pending_balance_pence,
    earning_id: row.earning_id,
    payout_id: row.payout_id,
    expected_clear_at: row.expected_clear_at === null ? null : iso(row.expected_clear_at),
  };
}

export const toWalletEvent = (event: RecordedEvent): RecordedWalletEvent =>
  ({ type: event.type, data: event.data, id: event.id, revision: Number(event.revision), createdAt: iso(event.createdAt) }) as RecordedWalletEvent;

export const balancesAfter = (last: StatementEntryRow | undefined) => ({
  available_pence: last?.available_balance_pence ?? 0,
  pending_pence: last?.pending_balance_pence ?? 0,
  reserved_pence: last?.reserved_balance_pence ?? 0,
});

export const pageFields = (paging: { page: number; perPage: number }, total: number) => ({
  page: paging.page,
  per_page: paging.perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / paging.perPage)),
});
