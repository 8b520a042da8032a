import {
  formatPence,
  PENDING_EXPECTED_CLEAR_DAYS,
  type Pence,
  type StatementData,
  type StatementEntry,
  type StatementEntryKind,
  type WalletEvent,
} from '@playquid/contracts';
import { walletMoneyChange } from './money-change';
import { reviewHoldLabel } from './partner-signals';

/**
 * The member's statement, derived from their wallet stream alone. One pure function serves the
 * statement projection (live and rebuild) and the `as_of` reads that fold the stream on the server,
 * so both can never describe the same event differently. What each event does to the money comes
 * from walletMoneyChange; this module only says how the statement words it.
 */

/** A member's money around one statement entry. `availablePence` may be below zero after a reversal. */
export interface StatementBalances {
  availablePence: Pence;
  pendingPence: Pence;
  /** Held by payouts that are requested and not yet paid, rejected or cancelled. */
  reservedPence: Pence;
}

export const EMPTY_STATEMENT_BALANCES: Readonly<StatementBalances> = { availablePence: 0, pendingPence: 0, reservedPence: 0 };

/** A wallet event with where and when the store recorded it (JSON-safe: revision number, ISO time). */
export type RecordedWalletEvent = WalletEvent & { id: string; revision: number; createdAt: string };

export interface StatementStep {
  entry: StatementEntry;
  /** Balances right after the entry: the `before` of the member's next one. */
  after: StatementBalances;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const expectedClearAt = (creditedAt: string): string =>
  new Date(new Date(creditedAt).getTime() + PENDING_EXPECTED_CLEAR_DAYS * DAY_MS).toISOString();

/** How the statement words an event that moves money. */
interface EntryText {
  kind: StatementEntryKind;
  reason: string;
  earningId?: string;
  payoutId?: string;
  expectedClearAt?: string;
}

function offerTitle(d: { offerName: string | null; taskName: string | null; transactionId: string }): string {
  const title = [d.offerName, d.taskName].filter(Boolean).join(' - ');
  return title || `Offer (transaction ${d.transactionId})`;
}

/** The entry's kind, reason and links; null for the events walletMoneyChange says move no money. */
function entryText(event: WalletEvent): EntryText | null {
  switch (event.type) {
    case 'WelcomeBonusGranted':
      return { kind: 'welcome_bonus', reason: 'Welcome bonus', earningId: event.data.earningId };
    case 'ReferralRewardGranted':
      return { kind: 'referral_reward', reason: 'Referral reward: a friend you invited completed their first offer', earningId: event.data.earningId };
    case 'ReferralRewardReversed':
      return { kind: 'earning_reversed', reason: event.data.reason, earningId: event.data.earningId };
    case 'EarningCredited': {
      const d = event.data;
      if (d.source === 'claim') return { kind: 'earning_approved', reason: `${offerTitle(d)} (missing-credit claim approved: ${d.reason ?? ''})`, earningId: d.earningId };
      if (d.triggeredBy) return { kind: d.status === 'approved' ? 'earning_approved' : 'earning_pending', reason: `${offerTitle(d)} (sent by an admin from the callbacks console)`, earningId: d.earningId };
      if (d.status === 'approved') return { kind: 'earning_approved', reason: offerTitle(d), earningId: d.earningId };
      if (d.heldForReview) {
        // No expected clear date: it clears when an admin reviews it, not after BitLabs' usual delay.
        return { kind: 'earning_pending', reason: `${offerTitle(d)} (${reviewHoldLabel(d.holdReason)})`, earningId: d.earningId };
      }
      return {
        kind: 'earning_pending',
        reason: `${offerTitle(d)} (pending confirmation from BitLabs)`,
        earningId: d.earningId,
        expectedClearAt: expectedClearAt(d.creditedAt),
      };
    }
    case 'EarningApproved':
      return { kind: 'earning_cleared', reason: 'Pending earning confirmed by BitLabs', earningId: event.data.earningId };
    case 'EarningReviewApproved':
      return { kind: 'earning_cleared', reason: `Held credit approved after review: ${event.data.reason}`, earningId: event.data.earningId };
    case 'EarningReviewRejected':
      return { kind: 'earning_reversed', reason: `Held credit rejected after review: ${event.data.reason}`, earningId: event.data.earningId };
    case 'EarningReversed':
      return { kind: 'earning_reversed', reason: event.data.reason, earningId: event.data.earningId };
    case 'PayoutRequested': {
      const d = event.data;
      return { kind: 'payout_requested', reason: `Payout of ${formatPence(d.amountPence)} requested (reward by email)`, payoutId: d.payoutId };
    }
    case 'PayoutReturned': {
      const d = event.data;
      return { kind: 'payout_released', reason: `Payout of ${formatPence(d.amountPence)} returned to your balance: ${d.reason}`, payoutId: d.payoutId };
    }
    case 'PayoutRejected':
    case 'PayoutCancelled': {
      const d = event.data;
      const verb = event.type === 'PayoutRejected' ? 'rejected' : 'cancelled';
      return { kind: 'payout_released', reason: `Payout of ${formatPence(d.amountPence)} ${verb}: ${d.reason}`, payoutId: d.payoutId };
    }
    case 'PayoutProcessed': {
      // The money leaves the reserve, not the available balance, so the entry's changes are zero.
      const d = event.data;
      return { kind: 'payout_paid', reason: `Payout of ${formatPence(d.amountPence)} paid (reference ${d.transactionReference})`, payoutId: d.payoutId };
    }
    case 'BalanceForfeited':
      return { kind: 'balance_forfeited', reason: `${formatPence(event.data.amountPence)} given up when the account was closed` };
    case 'ReversalAwaitingCredit':
    case 'CreditCoveredByClaim':
    case 'CreditRefusedAccountClosed':
    case 'WalletClosed':
    case 'PartnerAccountStatusChanged':
    case 'MemberQualified':
    case 'MemberQualificationLost':
    case 'PayoutRewardResendRequested':
    case 'PayoutApproved':
    case 'PayoutRewardOrderPlaced':
    case 'PayoutFlaggedForReview':
    case 'PayoutRewardOrdered':
    case 'PayoutRewardOrderFailed':
    case 'PayoutRewardDeliveryRecorded':
      return null;
    default: {
      const exhaustive: never = event;
      throw new Error(`Statement: unknown wallet event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/**
 * One wallet event and the member's balances just before it, as a statement entry and the balances
 * after it; null when the event moves no money. `clearedAmountPence` is required for
 * EarningApproved (the amount of the pending earning it clears) and ignored otherwise.
 */
export function statementEntryFor(event: RecordedWalletEvent, before: StatementBalances, clearedAmountPence?: Pence): StatementStep | null {
  const money = walletMoneyChange(event, (earningId) => {
    // The approval does not restate the amount: the caller knows it from the earlier pending entry.
    if (clearedAmountPence === undefined) throw new Error(`Statement: no pending amount known for earning ${earningId}`);
    return clearedAmountPence;
  });
  const text = entryText(event);
  if (money === null || text === null) return null;
  const available = money.availablePence;
  const pending = money.pendingPence;
  const after: StatementBalances = {
    availablePence: before.availablePence + available,
    pendingPence: before.pendingPence + pending,
    reservedPence: before.reservedPence + money.reservedPence,
  };
  return {
    entry: {
      event_id: event.id,
      revision: event.revision,
      at: event.createdAt,
      kind: text.kind,
      reason: text.reason,
      available_change_pence: available,
      pending_change_pence: pending,
      available_balance_pence: after.availablePence,
      pending_balance_pence: after.pendingPence,
      earning_id: text.earningId ?? null,
      payout_id: text.payoutId ?? null,
      expected_clear_at: text.expectedClearAt ?? null,
    },
    after,
  };
}

/**
 * The statement entries of wallet events that follow `balances` (the balances after the entries
 * before them), and the balances after the last. `pendingAmounts` holds the amounts of pending
 * credits made earlier (an approval clears what its credit put in pending); it is added to here.
 */
export function continueStatement(
  events: readonly RecordedWalletEvent[],
  balances: StatementBalances,
  pendingAmounts: Map<string, Pence>,
): { entries: StatementEntry[]; balances: StatementBalances } {
  const entries: StatementEntry[] = [];
  for (const event of events) {
    if (event.type === 'EarningCredited' && event.data.status === 'pending') pendingAmounts.set(event.data.earningId, event.data.amountPence);
    const cleared = event.type === 'EarningApproved' ? pendingAmounts.get(event.data.earningId) : undefined;
    const step = statementEntryFor(event, balances, cleared);
    if (!step) continue;
    entries.push(step.entry);
    balances = step.after;
  }
  return { entries, balances };
}

/**
 * The statement of one wallet stream (events in revision order), oldest entry first. With `asOf`,
 * only the events recorded at or before that moment count: the stream's prefix up to then.
 */
export function foldStatement(events: readonly RecordedWalletEvent[], asOf?: string | Date): StatementData {
  const cutoff = asOf === undefined ? undefined : new Date(asOf).getTime();
  // A stream's times only grow with its revisions, so the first later event ends the prefix.
  const later = cutoff === undefined ? -1 : events.findIndex((event) => new Date(event.createdAt).getTime() > cutoff);
  const { entries, balances } = continueStatement(later === -1 ? events : events.slice(0, later), { ...EMPTY_STATEMENT_BALANCES }, new Map());
  return {
    entries,
    available_pence: balances.availablePence,
    pending_pence: balances.pendingPence,
    reserved_pence: balances.reservedPence,
    as_of: asOf === undefined ? null : new Date(asOf).toISOString(),
  };
}
