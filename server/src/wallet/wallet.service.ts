import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type Balance,
  type DetailedBalance,
  penceToPounds,
  type StatementData,
  type StatementEntry,
  streams,
} from '@playquid/contracts';
import {
  EMPTY_STATEMENT_BALANCES,
  lockedBonusPence,
  pageOffset,
  partnerHoldActive,
  partnerHoldMessage,
  payoutEligibility,
  type StatementBalances,
  continueStatement,
} from '@playquid/domain';
import type { DB, StatementEntryRow } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';
import { foldWallet } from './wallet-snapshots';
import { balancesAfter, figuresOf, iso, type MoneyFigures, NO_TOTALS, pageFields, SETTLING_KINDS, toEntry, toWalletEvent } from './wallet-figures';
import { WalletRepository } from './wallet.repository';

/**
 * Balance and statement of a member. Without `asOf` they come from the read tables (a moment
 * behind the log); with it, from a fold of the member's wallet stream up to that moment.
 */
@Injectable()
export class WalletService {
  constructor(
    private readonly wallet: WalletRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(READ_DB) private readonly db?: Kysely<DB>,
  ) {}

  async balance(uid: string, asOf?: string): Promise<Balance> {
    // The plain balance is polled by every open page: it reads the earnings totals only while a
    // welcome bonus may still be locked (no offer approved yet), the one case they change a figure.
    const f = await this.figures(uid, asOf, 'when-bonus-may-be-locked');
    return {
      ...this.payoutPosition(f),
      available_amount: penceToPounds(f.available),
      completed_amount: penceToPounds(f.available),
      pending_amount: penceToPounds(f.pending),
      total_amount: penceToPounds(f.available + f.pending),
      available_pence: f.available,
      pending_pence: f.pending,
      total_pence: f.available + f.pending,
      total_transactions: f.transactions,
      pending_transactions: f.pendingTransactions,
      total_earned: penceToPounds(f.totalEarned),
      total_earned_pence: f.totalEarned,
      currency: 'GBP',
    };
  }

  /**
   * The one answer to "how much can I cash out, and may I": the domain's payout eligibility on
   * these figures, sent with every balance so no screen derives it for itself.
   */
  private payoutPosition(f: MoneyFigures) {
    const minPayout = this.config.minPayoutPence;
    const eligibility = payoutEligibility({
      availablePence: f.available,
      minPence: minPayout,
      lockedBonusPence: f.lockedBonus,
      // A payout reserves all it may (the whole withdrawable balance), so money in reserve means one is still open.
      hasOpenPayout: f.reserved > 0,
      partnerHold: partnerHoldActive(f.partnerHold, new Date().toISOString()),
    });
    const hold = eligibility.block === 'partner-hold' ? f.partnerHold : null;
    return {
      locked_bonus_pence: f.lockedBonus,
      withdrawable_pence: eligibility.withdrawablePence,
      can_request_payout: eligibility.canRequest,
      payout_block: eligibility.block,
      payout_hold: hold && { state: hold.state, reason: hold.reason, until: hold.endsAt, message: partnerHoldMessage(hold) },
      payout_shortfall_pence: eligibility.shortfallPence,
      min_payout_pence: minPayout,
    };
  }

  async detailedBalance(uid: string, asOf?: string): Promise<DetailedBalance> {
    const f = await this.figures(uid, asOf);
    return {
      ...this.payoutPosition(f),
      available_pence: f.available,
      pending_pence: f.pending,
      reserved_pence: f.reserved,
      paid_out_pence: f.paidOut,
      total_earned_pence: f.totalEarned,
      reversed_pence: f.totals.reversedPence,
      bonus_pence: f.totals.bonusPence,
      referral_pence: f.totals.referralPence,
      available_amount: penceToPounds(f.available),
      pending_amount: penceToPounds(f.pending),
      reserved_amount: penceToPounds(f.reserved),
      paid_out_amount: penceToPounds(f.paidOut),
      total_amount: penceToPounds(f.available + f.pending),
      total_transactions: f.transactions,
      pending_transactions: f.pendingTransactions,
      is_negative: f.available < 0,
      currency: 'GBP',
      as_of: asOf === undefined ? null : iso(asOf),
    };
  }

  /**
   * The statement, whole or one page (`paging`: counted from the newest entry, listed oldest first;
   * the balances are those after the latest entry either way).
   */
  async statement(uid: string, asOf?: string, paging?: { page: number; perPage: number }): Promise<StatementData> {
    if (asOf !== undefined) return this.statementAsOf(uid, new Date(asOf), paging);
    if (paging) {
      const { rows, total, latest } = await this.wallet.statementPage(uid, paging.perPage, pageOffset(paging.page, paging.perPage));
      const entries = await this.withoutSettledEstimates(uid, rows.map(toEntry), []);
      return { entries, ...balancesAfter(latest), as_of: null, ...pageFields(paging, total) };
    }
    const rows = await this.wallet.statementEntries(uid);
    return { entries: rows.map(toEntry), ...balancesAfter(rows.at(-1)), as_of: null };
  }

  /**
   * The statement as it stood at a moment, from the statement rows: every entry recorded by then has
   * a row once the member's newest row is later than the moment (a stream's times only grow with its
   * revisions); otherwise all the rows and then the log's events after the newest row, folded as the
   * statement projection folds them. The same answer as foldStatement over the whole stream, with
   * no more read than a page.
   */
  private async statementAsOf(uid: string, at: Date, paging?: { page: number; perPage: number }): Promise<StatementData> {
    const latest = await this.wallet.latestStatementRow(uid);
    const rowsComplete = latest !== undefined && new Date(latest.at) > at;
    const upTo = rowsComplete ? await this.wallet.statementRowAtOrBefore(uid, at) : latest;
    const tail = rowsComplete ? { entries: [], after: undefined } : await this.statementTail(uid, latest, at);
    const maxRevision = upTo === undefined ? -1 : Number(upTo.revision);
    const balances = tail.after
      ? { available_pence: tail.after.availablePence, pending_pence: tail.after.pendingPence, reserved_pence: tail.after.reservedPence }
      : balancesAfter(upTo);
    const as_of = at.toISOString();
    if (!paging) {
      const rows = upTo === undefined ? [] : await this.wallet.statementEntries(uid, maxRevision);
      return { entries: [...rows.map(toEntry), ...tail.entries], ...balances, as_of };
    }
    const rowCount = upTo === undefined ? 0 : await this.wallet.statementCount(uid, maxRevision);
    const total = rowCount + tail.entries.length;
    const end = Math.max(0, total - pageOffset(paging.page, paging.perPage));
    const start = Math.max(0, end - paging.perPage);
    const rows = await this.wallet.statementSlice(uid, maxRevision, rowCount, start, Math.min(end, rowCount) - start);
    const page = [...rows.map(toEntry), ...tail.entries.slice(Math.max(0, start - rowCount), Math.max(0, end - rowCount))];
    const entries = await this.withoutSettledEstimates(uid, page, tail.entries, maxRevision);
    return { entries, ...balances, as_of, ...pageFields(paging, total) };
  }

  /**
   * The entries of the member's wallet events after their newest statement row, up to a moment
   * (events the statement projection has not written yet), and the balances after the last.
   */
  private async statementTail(
    uid: string,
    latest: StatementEntryRow | undefined,
    at: Date,
  ): Promise<{ entries: StatementEntry[]; after: StatementBalances | undefined }> {
    const cutoff = at.getTime();
    const recorded = await this.store.readStream(streams.wallet(uid), latest === undefined ? {} : { fromRevision: BigInt(latest.revision) + 1n });
    // A stream's times only grow with its revisions, so the first later event ends the prefix.
    const later = recorded.findIndex((e) => new Date(e.createdAt).getTime() > cutoff);
    const events = (later === -1 ? recorded : recorded.slice(0, later)).map(toWalletEvent);
    if (events.length === 0) return { entries: [], after: undefined };
    const creditedHere = new Set(events.flatMap((e) => (e.type === 'EarningCredited' && e.data.status === 'pending' ? [e.data.earningId] : [])));
    const approvedEarlier = events.flatMap((e) => (e.type === 'EarningApproved' && !creditedHere.has(e.data.earningId) ? [e.data.earningId] : []));
    const pendingAmounts = await this.wallet.pendingAmounts(uid, approvedEarlier);
    const start: StatementBalances = latest
      ? { availablePence: latest.available_balance_pence, pendingPence: latest.pending_balance_pence, reservedPence: latest.reserved_balance_pence }
      : { ...EMPTY_STATEMENT_BALANCES };
    const { entries, balances } = continueStatement(events, start, pendingAmounts);
    return { entries, after: entries.length === 0 ? undefined : balances };
  }

  /**
   * A page shows a pending entry's 'expected to clear by' only while nothing later in the statement
   * (up to `maxRevision`, plus `alsoLater`) has approved, cleared or reversed its earning: the
   * settling entry may be on a newer page than the pending one.
   */
  private async withoutSettledEstimates(
    uid: string,
    entries: StatementEntry[],
    alsoLater: readonly StatementEntry[],
    maxRevision?: number,
  ): Promise<StatementEntry[]> {
    const open = entries.flatMap((e) => (e.kind === 'earning_pending' && e.expected_clear_at && e.earning_id ? [e.earning_id] : []));
    if (open.length === 0) return entries;
    const settled = await this.wallet.settledEarnings(uid, open, maxRevision);
    for (const e of alsoLater) if (e.earning_id && SETTLING_KINDS.has(e.kind)) settled.add(e.earning_id);
    return entries.map((e) => (e.kind === 'earning_pending' && e.earning_id && settled.has(e.earning_id) ? { ...e, expected_clear_at: null } : e));
  }

  private async figures(
    uid: string,
    asOf: string | undefined,
    totalsWanted: 'always' | 'when-bonus-may-be-locked' = 'always',
  ): Promise<MoneyFigures> {
    if (asOf !== undefined) {
      // From the member's wallet snapshot when it was taken before the moment: only the tail is folded.
      const { state } = await foldWallet(this.db, this.store, uid, new Date(asOf));
      return figuresOf(state);
    }
    const [row, always, partnerHold] = await Promise.all([
      this.wallet.balance(uid),
      totalsWanted === 'always' ? this.wallet.earningTotals(uid) : undefined,
      this.wallet.partnerHold(uid),
    ]);
    // A bonus can be locked only before the first approved offer; after it the totals change no figure here.
    const totals = always ?? ((row?.completed_offers ?? 0) === 0 ? await this.wallet.earningTotals(uid) : NO_TOTALS);
    return {
      available: row?.available_pence ?? 0,
      pending: row?.pending_pence ?? 0,
      reserved: row?.reserved_pence ?? 0,
      paidOut: row?.paid_out_pence ?? 0,
      totalEarned: row?.total_earned_pence ?? 0,
      transactions: row?.total_transactions ?? 0,
      pendingTransactions: row?.pending_transactions ?? 0,
      lockedBonus: lockedBonusPence({ completedOffers: row?.completed_offers ?? 0, unpaidBonusPence: totals.unpaidBonusPence }),
      totals,
      partnerHold,
    };
  }
}
