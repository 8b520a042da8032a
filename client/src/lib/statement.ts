import { formatPence, type Pence, type StatementEntry, type StatementEntryKind } from '@playquid/contracts';

const KIND_LABELS: Record<StatementEntryKind, string> = {
  welcome_bonus: 'Welcome bonus',
  referral_reward: 'Referral reward',
  earning_pending: 'Earning pending',
  earning_approved: 'Earning approved',
  earning_cleared: 'Earning cleared',
  earning_reversed: 'Earning reversed',
  payout_requested: 'Payout requested',
  payout_released: 'Payout returned to balance',
  payout_paid: 'Payout paid',
  balance_forfeited: 'Balance given up on closure',
};

/** A short title for a statement line; the server's `reason` says the rest. */
export const statementLabel = (kind: StatementEntryKind | string): string => KIND_LABELS[kind as StatementEntryKind] ?? 'Balance change';

export type StatementTone = 'credit' | 'debit' | 'pending' | 'reversal' | 'neutral';

export function statementTone(entry: Pick<StatementEntry, 'kind' | 'available_change_pence'>): StatementTone {
  if (entry.kind === 'earning_reversed') return 'reversal';
  if (entry.kind === 'earning_pending') return 'pending';
  if (entry.available_change_pence > 0) return 'credit';
  if (entry.available_change_pence < 0) return 'debit';
  return 'neutral';
}

/**
 * The amount a line shows: its change to the available balance, or, for money that only moved into
 * or out of pending (a pending credit, a reversal before clearing), its change to pending money.
 */
export function statementAmount(entry: Pick<StatementEntry, 'available_change_pence' | 'pending_change_pence'>): {
  pence: Pence;
  bucket: 'available' | 'pending';
} {
  if (entry.available_change_pence !== 0 || entry.pending_change_pence === 0)
    return { pence: entry.available_change_pence, bucket: 'available' };
  return { pence: entry.pending_change_pence, bucket: 'pending' };
}

/** "+£1.25", "-£0.50", "£0.00". */
export const formatSignedPence = (pence: Pence): string => (pence > 0 ? `+${formatPence(pence)}` : formatPence(pence));

const SETTLING_KINDS: ReadonlySet<StatementEntryKind> = new Set(['earning_approved', 'earning_cleared', 'earning_reversed']);

/**
 * The 'expected to clear by' date of a pending line, or null once the earning has been approved,
 * cleared or reversed by a later line (the estimate would then be misleading).
 */
export function expectedClearDate(entry: StatementEntry, entries: readonly StatementEntry[]): string | null {
  if (entry.kind !== 'earning_pending' || !entry.expected_clear_at) return null;
  const settled = entries.some(
    (other) =>
      other.earning_id !== null &&
      other.earning_id === entry.earning_id &&
      other.revision > entry.revision &&
      SETTLING_KINDS.has(other.kind),
  );
  return settled ? null : entry.expected_clear_at;
}

/** Newest first, whatever order the server sends; the revision breaks ties between equal times. */
export const newestFirst = (entries: readonly StatementEntry[]): StatementEntry[] => [...entries].sort((a, b) => b.revision - a.revision);

export { parseAsOfDay } from './route-options';

/** The API's `as_of`: the very end of the chosen local day, so the whole day is included. */
export function asOfIso(day: string, now: Date = new Date()): string {
  const [year, month, date] = day.split('-').map(Number);
  const endOfDay = new Date(year, month - 1, date, 23, 59, 59, 999);
  // The API refuses a moment in the future: "as of today" means as of now.
  return (endOfDay > now ? now : endOfDay).toISOString();
}

/** Today as `YYYY-MM-DD` in local time, the latest day the picker offers. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
