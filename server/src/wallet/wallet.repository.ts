import { Inject, Injectable } from '@nestjs/common';
import type { EarningTotals, PartnerHold } from '@playquid/domain';
import type { BalanceRow, DB, StatementEntryRow } from '@playquid/read-db';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { MemberRowCache } from '../infra/member-row-cache';
import { READ_DB } from '../infra/tokens';

/** Sum of amount_pence over the earnings matching a condition (0 when none). */
const sumWhere = (eb: ExpressionBuilder<DB, 'earnings'>, condition: ReturnType<ExpressionBuilder<DB, 'earnings'>['and']>) =>
  eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('amount_pence')).else(0).end()), eb.lit(0));

/** The member-money read tables behind balance and statement: the balances row, earnings totals, statement entries. */
@Injectable()
export class WalletRepository {
  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly cache: MemberRowCache,
  ) {}

  /** The member's balances row, polled by every open page: kept until the wallet projection changes it. */
  balance(uid: string): Promise<BalanceRow | undefined> {
    return this.cache.get(uid, 'balance', () => this.db.selectFrom('balances').selectAll().where('uid', '=', uid).executeTakeFirst());
  }

  /** The offer partner's hold on the member (users row, projected from PartnerAccountStatusChanged), kept like the balance. */
  async partnerHold(uid: string): Promise<PartnerHold | null> {
    const row = await this.cache.get(uid, 'partner-hold', () =>
      this.db.selectFrom('users').select(['partner_hold_state', 'partner_hold_reason', 'partner_hold_until']).where('uid', '=', uid).executeTakeFirst(),
    );
    if (!row?.partner_hold_state) return null;
    return {
      partner: 'bitlabs',
      state: row.partner_hold_state as PartnerHold['state'],
      reason: row.partner_hold_reason,
      endsAt: row.partner_hold_until === null ? null : new Date(row.partner_hold_until).toISOString(),
      since: '',
    };
  }

  /** The domain's earningTotals, summed by the database over the earnings read table (earning-totals.agree.test.ts keeps the two equal). */
  async earningTotals(uid: string): Promise<EarningTotals> {
    const row = await this.db
      .selectFrom('earnings')
      .where('uid', '=', uid)
      .select((eb) => [
        sumWhere(eb, eb.and([eb('kind', '=', 'bonus'), eb('status', '!=', 'rejected')])).as('bonus'),
        sumWhere(eb, eb.and([eb('kind', '=', 'referral'), eb('status', '!=', 'rejected')])).as('referral'),
        // The wallet projection marks a reversed earning rejected.
        sumWhere(eb, eb.and([eb('status', '=', 'rejected')])).as('reversed'),
        sumWhere(eb, eb.and([eb('kind', '=', 'bonus'), eb('status', '=', 'approved'), eb('payout_id', 'is', null)])).as('unpaidBonus'),
      ])
      .executeTakeFirstOrThrow();
    return {
      bonusPence: Number(row.bonus),
      referralPence: Number(row.referral),
      reversedPence: Number(row.reversed),
      unpaidBonusPence: Number(row.unpaidBonus),
    };
  }

  /**
   * One page of the member's statement counted from the newest entry, listed oldest first, and how
   * many entries there are: both on the (uid, revision) index, one member's rows only.
   */
  async statementPage(uid: string, limit: number, offset: number): Promise<{ rows: StatementEntryRow[]; total: number; latest?: StatementEntryRow }> {
    const entries = () => this.db.selectFrom('statement_entries').selectAll().where('uid', '=', uid);
    const [count, latest] = await Promise.all([
      this.db.selectFrom('statement_entries').where('uid', '=', uid).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      entries().orderBy('revision', 'desc').limit(1).executeTakeFirst(),
    ]);
    const total = Number(count.n);
    // A page in the older half is read from the oldest end, so no page skips more than half the entries.
    const rows =
      offset <= total / 2
        ? (await entries().orderBy('revision', 'desc').limit(limit).offset(offset).execute()).reverse()
        : await entries()
            .orderBy('revision', 'asc')
            .limit(Math.max(0, Math.min(limit, total - offset)))
            .offset(Math.max(0, total - offset - limit))
            .execute();
    return { rows, total, latest };
  }

  /**
   * The member's statement, oldest entry first (the order the running balances were built in);
   * with `maxRevision`, only the entries up to that revision.
   */
  statementEntries(uid: string, maxRevision?: number): Promise<StatementEntryRow[]> {
    let query = this.db.selectFrom('statement_entries').selectAll().where('uid', '=', uid);
    if (maxRevision !== undefined) query = query.where('revision', '<=', maxRevision);
    return query.orderBy('revision').execute();
  }

  /** The member's newest statement row. */
  latestStatementRow(uid: string): Promise<StatementEntryRow | undefined> {
    return this.db.selectFrom('statement_entries').selectAll().where('uid', '=', uid).orderBy('revision', 'desc').limit(1).executeTakeFirst();
  }

  /** The member's last statement row recorded at or before a moment (on the (uid, at, revision) index). */
  statementRowAtOrBefore(uid: string, at: Date): Promise<StatementEntryRow | undefined> {
    return this.db
      .selectFrom('statement_entries')
      .selectAll()
      .where('uid', '=', uid)
      .where('at', '<=', at)
      .orderBy('at', 'desc')
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** How many statement rows the member has up to a revision. */
  async statementCount(uid: string, maxRevision: number): Promise<number> {
    const row = await this.db
      .selectFrom('statement_entries')
      .where('uid', '=', uid)
      .where('revision', '<=', maxRevision)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * `count` rows of the member's first `rows` (up to `maxRevision`), starting `from` the oldest,
   * oldest first; read from whichever end of the (uid, revision) index is nearer.
   */
  async statementSlice(uid: string, maxRevision: number, rows: number, from: number, count: number): Promise<StatementEntryRow[]> {
    if (count <= 0) return [];
    const entries = () => this.db.selectFrom('statement_entries').selectAll().where('uid', '=', uid).where('revision', '<=', maxRevision);
    if (from <= rows / 2) return entries().orderBy('revision', 'asc').limit(count).offset(from).execute();
    return (await entries().orderBy('revision', 'desc').limit(count).offset(rows - from - count).execute()).reverse();
  }

  /** The pending amounts of the member's pending entries for these earnings (what an approval clears). */
  async pendingAmounts(uid: string, earningIds: readonly string[]): Promise<Map<string, number>> {
    if (earningIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('statement_entries')
      .select(['earning_id', 'pending_change_pence'])
      .where('uid', '=', uid)
      .where('kind', '=', 'earning_pending')
      .where('earning_id', 'in', [...earningIds])
      .execute();
    return new Map(rows.map((r) => [r.earning_id!, Number(r.pending_change_pence)]));
  }

  /** Of these earnings, those with an entry that approves, clears or reverses them (up to a revision when given). */
  async settledEarnings(uid: string, earningIds: readonly string[], maxRevision?: number): Promise<Set<string>> {
    if (earningIds.length === 0) return new Set();
    let query = this.db
      .selectFrom('statement_entries')
      .select('earning_id')
      .where('uid', '=', uid)
      .where('earning_id', 'in', [...earningIds])
      .where('kind', 'in', ['earning_approved', 'earning_cleared', 'earning_reversed']);
    if (maxRevision !== undefined) query = query.where('revision', '<=', maxRevision);
    return new Set((await query.execute()).map((r) => r.earning_id!));
  }
}
