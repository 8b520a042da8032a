import type { EarningStatus, WalletEvent } from '@playquid/contracts';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange, type WalletMoneyChange } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import { Counters, CountersOf, countChanges, keyCounters, utcDay } from '../counters';
import { type BatchWriter, defineProjection, type ProjectedEvent } from '../projection';
import { anyOf, recordset, type Row, TableBatch } from '../table-batch';

type Earnings = TableBatch<'earnings', 'payout'>;

/** The balances columns a money change adds to, in this order. */
const BALANCE_COLUMNS = [
  'available_pence',
  'pending_pence',
  'reserved_pence',
  'paid_out_pence',
  'total_earned_pence',
  'total_transactions',
  'pending_transactions',
  'completed_offers',
] as const satisfies readonly (keyof Row<'balances'>)[];

/**
 * The money the batch moves, per member: the sum of walletMoneyChange over their events, added to
 * their balances row (created at their first event) by one upsert for every member of the batch.
 */
class BalanceChanges implements BatchWriter {
  private readonly members = new Map<string, { change: WalletMoneyChange; at: string }>();

  /** EarningApproved does not restate its amount: it comes from the earnings row, loaded or booked earlier in the batch. */
  constructor(private readonly earnings: Earnings) {}

  add(event: ProjectedEvent<WalletEvent['type']>, at: string): void {
    // The projection registers wallet event types only, and the write side appends typed events only.
    const change = walletMoneyChange(event as WalletEvent, (earningId) => {
      const earning = this.earnings.get(earningId);
      if (!earning) throw new Error(`wallet: no earning ${earningId} for ${event.type}`);
      return earning.amount_pence;
    });
    if (!change) return;
    const member = this.members.get(event.data.uid);
    if (member) {
      addMoneyChange(member.change, change);
      member.at = at;
    } else this.members.set(event.data.uid, { change: addMoneyChange({ ...NO_MONEY_CHANGE }, change), at });
  }

  /** What the batch adds to the sum of every member's Total Earned. */
  totalEarnedChange(): number {
    let sum = 0;
    for (const { change } of this.members.values()) sum += change.totalEarnedPence;
    return sum;
  }

  async write(trx: Transaction<DB>): Promise<void> {
    if (this.members.size === 0) return;
    const rows = [...this.members].map(([uid, { change: c, at }]): Row<'balances'> => ({
      uid,
      available_pence: c.availablePence,
      pending_pence: c.pendingPence,
      reserved_pence: c.reservedPence,
      paid_out_pence: c.paidOutPence,
      total_earned_pence: c.totalEarnedPence,
      total_transactions: c.transactions,
      pending_transactions: c.pendingTransactions,
      completed_offers: c.completedOffers,
      updated_at: at,
    }));
    const columns = ['uid', ...BALANCE_COLUMNS, 'updated_at'].map((c) => sql.ref(c));
    const sums = BALANCE_COLUMNS.map((c) => sql`${sql.ref(c)} = balances.${sql.ref(c)} + excluded.${sql.ref(c)}`);
    await sql`
      insert into balances (${sql.join(columns)})
      select ${sql.join(columns)} from ${recordset('balances', rows)}
      on conflict (uid) do update set ${sql.join(sums)}, updated_at = excluded.updated_at`.execute(trx);
  }
}

/**
 * Offers started in the batch: `start:<uid>:<offer id>` to the `<api id>:<uid>` part of its `pair:`
 * key. Written with the counters (countStarts), so its own write does nothing.
 */
class Starts extends Map<string, string> implements BatchWriter {
  async write(): Promise<void> {}
}

type WalletBatch = { earnings: Earnings; balances: BalanceChanges; starts: Starts; counters: CountersOf };

const CONFIRMED = new Set(['approved', 'paid']);

/**
 * Writes what the batch changes in `wallet_counters` and `offer_completions` (migration
 * 1796300000000-Counters): each offer credit's part, as it now stands less as it stood; the members
 * per offer from the `pair:` counters that go from 0 or to 0.
 */
async function writeWalletCounters(trx: Transaction<DB>, earnings: Earnings, balances: BalanceChanges, starts: Starts): Promise<void> {
  const sums = keyCounters('wallet_counters');
  const offers = new Counters('offer_completions', 'offer_id', ['completions', 'members', 'pence'] as const);
  const pairs = new Map<string, { offerId: string | null; delta: number }>();
  sums.add('total_earned_pence', { n: balances.totalEarnedChange() });
  countChanges(earnings, (row, sign) => {
    if (row.kind !== 'offer') return;
    const amount = row.amount_pence;
    if (CONFIRMED.has(row.status)) {
      sums.add('offer_completions', { n: 1 }, sign);
      sums.add('offer_completed_pence', { n: amount }, sign);
      const pair = `pair:${row.offer_id ?? ''}:${row.uid}`;
      sums.add(pair, { n: 1 }, sign);
      const entry = pairs.get(pair) ?? { offerId: row.offer_id, delta: 0 };
      entry.delta += sign;
      pairs.set(pair, entry);
      if (row.offer_id !== null) offers.add(row.offer_id, { completions: 1, pence: amount }, sign);
    } else if (row.status === 'pending') sums.add('offer_pending_pence', { n: amount }, sign);
    else if (row.status === 'rejected') sums.add('offer_rejected', { n: 1 }, sign);
    if (row.status !== 'rejected') sums.add(`earned:${utcDay(row.created_at)}`, { n: amount }, sign);
  });
  await countStarts(trx, sums, pairs, starts);
  const after = await sums.write(trx);
  for (const [pair, { offerId, delta }] of pairs) {
    if (delta === 0) continue;
    const now = after.get(pair)?.n ?? 0;
    const members = Number(now > 0) - Number(now - delta > 0);
    if (members === 0) continue;
    sums.add('member_offer_pairs', { n: members });
    if (offerId !== null) offers.add(offerId, { members });
  }
  await sums.write(trx);
  await offers.write(trx);
}

/**
 * The conversion figures of the offers members started (migration 1796900000000-OfferStartCounters):
 * per member and BitLabs id g, converted_g = starts_g when pair_g > 0, else 0; `converted_starts`
 * is their sum, so the batch adds converted_g after less before for every g it touches (an offer
 * started, or a `pair:` counter changed), whatever the order of its events. Read before the
 * batch's counters are written, so what is read is what the table held when the batch started.
 */
async function countStarts(
  trx: Transaction<DB>,
  sums: ReturnType<typeof keyCounters>,
  pairs: ReadonlyMap<string, { delta: number }>,
  starts: Starts,
): Promise<void> {
  const groups = new Set(starts.values());
  for (const [pair, { delta }] of pairs) if (delta !== 0) groups.add(pair.slice('pair:'.length));
  if (groups.size === 0) return;
  const keys = [...starts.keys(), ...[...groups].flatMap((g) => [`starts:${g}`, `pair:${g}`])];
  const { rows } = await sql<{ key: string; n: string }>`select key, n from wallet_counters where key = any(${keys}::text[])`.execute(trx);
  const stored = new Map(rows.map((r) => [r.key, Number(r.n)]));
  const added = new Map<string, number>();
  for (const [start, g] of starts) {
    if (stored.has(start)) continue;
    sums.add(start, { n: 1 });
    added.set(g, (added.get(g) ?? 0) + 1);
  }
  let newStarts = 0;
  let converted = 0;
  for (const g of groups) {
    const pairBefore = stored.get(`pair:${g}`) ?? 0;
    const pairAfter = pairBefore + (pairs.get(`pair:${g}`)?.delta ?? 0);
    const startsBefore = stored.get(`starts:${g}`) ?? 0;
    const startsAdded = added.get(g) ?? 0;
    if (startsAdded > 0) sums.add(`starts:${g}`, { n: startsAdded });
    newStarts += startsAdded;
    converted += (pairAfter > 0 ? startsBefore + startsAdded : 0) - (pairBefore > 0 ? startsBefore : 0);
  }
  sums.add('offer_starts', { n: newStarts });
  sums.add('converted_starts', { n: converted });
}

/** Approved money credited without an offer: the welcome bonus and referral rewards. */
function creditReward(
  earnings: Earnings,
  d: { uid: string; earningId: string; amountPence: number },
  kind: 'bonus' | 'referral',
  title: string,
  at: string,
) {
  earnings.insert({
    id: d.earningId,
    uid: d.uid,
    amount_pence: d.amountPence,
    status: 'approved',
    is_bonus: true,
    kind,
    callback_id: null,
    transaction_id: null,
    offer_id: null,
    offer_name: title,
    task_id: null,
    task_name: null,
    payout_id: null,
    created_at: at,
    updated_at: at,
  });
}

const setStatus = (earnings: Earnings, earningId: string, status: EarningStatus, at: string) =>
  earnings.update(earningId, { status, updated_at: at });

/** A rejected or cancelled payout gives its reserve back and frees its earnings for the next one. */
const releasePayout = ({ earnings }: WalletBatch, payoutId: string, at: string) =>
  earnings.updateWhere('payout', payoutId, { payout_id: null, updated_at: at });

/**
 * Balances and the earnings list of every member, in integer pence. Every balance figure is the sum
 * of walletMoneyChange (@playquid/domain) over the member's events; `total_earned_pence` is the one
 * "Total Earned" of every screen: every credit not reversed or rejected, pending, approved and paid
 * alike, bonus and referral rewards included.
 */
export const walletProjection = defineProjection({
  name: 'wallet',
  tables: ['balances', 'earnings', 'wallet_counters', 'offer_completions'],
  async load(trx, events): Promise<WalletBatch> {
    const earnings: Earnings = new TableBatch('earnings', 'id', { payout: (row) => row.payout_id });
    const earningIds: string[] = [];
    const payoutIds: string[] = [];
    for (const e of events) {
      switch (e.type) {
        case 'EarningApproved':
        case 'EarningReviewApproved':
        case 'EarningReviewRejected':
        case 'EarningReversed':
        case 'ReferralRewardReversed':
          earningIds.push(e.data.earningId);
          break;
        case 'PayoutRequested':
          earningIds.push(...e.data.earningIds);
          break;
        case 'PayoutRejected':
        case 'PayoutCancelled':
        case 'PayoutReturned':
        case 'PayoutProcessed':
          payoutIds.push(e.data.payoutId);
          break;
      }
    }
    await earnings.load(trx, earningIds, anyOf(sql.ref('payout_id'), payoutIds));
    const balances = new BalanceChanges(earnings);
    const starts = new Starts();
    return { earnings, balances, starts, counters: new CountersOf((trx) => writeWalletCounters(trx, earnings, balances, starts)) };
  },
  handlers: {
    BalanceForfeited: (s, d, e) => s.balances.add(e, d.forfeitedAt),
    WelcomeBonusGranted: (s, d, e) => {
      creditReward(s.earnings, d, 'bonus', 'Welcome Bonus', d.grantedAt);
      s.balances.add(e, d.grantedAt);
    },
    ReferralRewardGranted: (s, d, e) => {
      creditReward(s.earnings, d, 'referral', 'Referral Reward', d.grantedAt);
      s.balances.add(e, d.grantedAt);
    },
    EarningCredited: (s, d, e) => {
      s.earnings.insert({
        id: d.earningId,
        uid: d.uid,
        amount_pence: d.amountPence,
        status: d.status,
        is_bonus: false,
        kind: 'offer',
        callback_id: d.callbackId,
        transaction_id: d.transactionId,
        offer_id: d.offerId,
        offer_name: d.offerName,
        task_id: d.taskId,
        task_name: d.taskName,
        payout_id: null,
        created_at: d.creditedAt,
        updated_at: d.creditedAt,
      });
      s.balances.add(e, d.creditedAt);
    },
    EarningApproved: (s, d, e) => {
      setStatus(s.earnings, d.earningId, 'approved', d.approvedAt);
      s.balances.add(e, d.approvedAt);
    },
    EarningReviewApproved: (s, d, e) => {
      setStatus(s.earnings, d.earningId, 'approved', d.approvedAt);
      s.balances.add(e, d.approvedAt);
    },
    EarningReviewRejected: (s, d, e) => {
      setStatus(s.earnings, d.earningId, 'rejected', d.rejectedAt);
      s.balances.add(e, d.rejectedAt);
    },
    // A chargeback leaves the earning rejected, as the domain has it; paid money comes back off the available balance.
    EarningReversed: (s, d, e) => {
      setStatus(s.earnings, d.earningId, 'rejected', d.reversedAt);
      s.balances.add(e, d.reversedAt);
    },
    ReferralRewardReversed: (s, d, e) => {
      setStatus(s.earnings, d.earningId, 'rejected', d.reversedAt);
      s.balances.add(e, d.reversedAt);
    },
    PayoutRequested: (s, d, e) => {
      for (const earningId of d.earningIds) s.earnings.update(earningId, { payout_id: d.payoutId, updated_at: d.requestedAt });
      s.balances.add(e, d.requestedAt);
    },
    PayoutRejected: (s, d, e) => {
      releasePayout(s, d.payoutId, d.rejectedAt);
      s.balances.add(e, d.rejectedAt);
    },
    PayoutCancelled: (s, d, e) => {
      releasePayout(s, d.payoutId, d.cancelledAt);
      s.balances.add(e, d.cancelledAt);
    },
    // The reward never reached the member: the money and its earnings are free for the next payout.
    PayoutReturned: (s, d, e) => {
      releasePayout(s, d.payoutId, d.returnedAt);
      s.balances.add(e, d.returnedAt);
    },
    PayoutProcessed: (s, d, e) => {
      s.earnings.updateWhere('payout', d.payoutId, { status: 'paid', updated_at: d.processedAt }, (row) => row.status === 'approved');
      s.balances.add(e, d.processedAt);
    },
    // Counted for the admin dashboard's conversion (countStarts); no money moves.
    OfferStarted: (s, d) => {
      const start = `start:${d.uid}:${d.offerId}`;
      if (!s.starts.has(start)) s.starts.set(start, `${d.apiId}:${d.uid}`);
    },
  },
});
