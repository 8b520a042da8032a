import { streams } from '@playquid/contracts';
import { type AuditedMember, checkLedgerInvariants, fold, walletDecider, type WalletState } from '@playquid/domain';
import type { Clock } from '../cqrs/clock';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import type { SentReward } from './fake-tremendous';
import { expectedMoney, type Tx } from './sim-history';

/** A member's wallet as the wallet decider folds it from their stream. */
export const walletIn = async (store: EventStore, uid: string): Promise<WalletState> =>
  fold(walletDecider, (await store.readStream(streams.wallet(uid))).map((e) => ({ type: e.type, data: e.data })) as never);

/** The member whose wallet holds the payout request, if any. */
export async function findOwner(store: EventStore, payoutId: string, uids: readonly string[]): Promise<string | undefined> {
  for (const uid of uids) {
    const events = await store.readStream(streams.wallet(uid));
    if (events.some((e) => e.type === 'PayoutRequested' && (e.data as { payoutId: string }).payoutId === payoutId)) return uid;
  }
  return undefined;
}

/** What a drained simulation run left: the log, the history it was given and what Tremendous sent. */
export interface RunOutcome {
  store: EventStore;
  clock: Clock;
  uids: readonly string[];
  emails: ReadonlyMap<string, string>;
  referredBy: ReadonlyMap<string, string | null>;
  txs: readonly Tx[];
  sent: ReadonlyMap<string, SentReward>;
  payoutOwner: ReadonlyMap<string, string>;
}

/**
 * Every rule a drained run must keep, one line per breach: the ledger invariants, each member's
 * money against the expectation from the history alone, no reversal waiting for a credit that
 * arrived, no approved payout left undelivered, never more sent than a payout holds.
 */
export async function checkRun({ store, clock, uids, emails, referredBy, txs, sent, payoutOwner }: RunOutcome): Promise<string[]> {
  const walletOf = (uid: string) => walletIn(store, uid);
  const members: AuditedMember[] = [];
  for (const uid of uids) {
    const wallet = (await store.readStream(streams.wallet(uid))).map((e: RecordedEvent) => ({
      type: e.type,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
      actor: typeof e.metadata.actor === 'string' ? e.metadata.actor : null,
    })) as AuditedMember['wallet'];
    members.push({ uid, email: emails.get(uid)!, referredBy: referredBy.get(uid) ?? null, wallet });
  }
  const failures: string[] = [];
  const invariants = checkLedgerInvariants(members, [], { now: clock.nowIso(), callbackDeadlineMs: Infinity, payoutDeadlineMs: -1 });
  failures.push(...invariants.breaches);

  const expected = expectedMoney(uids, txs, referredBy);
  for (const uid of uids) {
    const wallet = await walletOf(uid);
    const e = expected.get(uid)!;
    const actual = { settled: wallet.availablePence + wallet.reservedPence + wallet.paidOutPence, pending: wallet.pendingPence };
    if (actual.settled !== e.settled || actual.pending !== e.pending) {
      failures.push(`${uid}: available+reserved+paid ${actual.settled} (expected ${e.settled}), pending ${actual.pending} (expected ${e.pending})`);
    }
    if (Object.keys(wallet.awaitingReversals).length > 0) {
      // A reversal may wait only for a credit BitLabs never sent (none in this history).
      const waiting = Object.keys(wallet.awaitingReversals).filter((tx) => txs.some((t) => t.tx === tx && (t.states.includes('PENDING') || t.states.includes('COMPLETED'))));
      if (waiting.length) failures.push(`${uid}: reversals still waiting for credits that arrived: ${waiting.join(', ')}`);
    }
    for (const [payoutId, payout] of Object.entries(wallet.payouts)) {
      if (payout.status === 'approved' && payout.rewardState !== 'delivered') failures.push(`${uid}: payout ${payoutId} approved and neither delivered, paid nor returned (${payout.rewardState ?? 'not ordered'})`);
    }
  }
  // Never more money sent than a payout holds: one delivered reward per payout at most.
  const deliveredPerPayout = new Map<string, number>();
  for (const order of sent.values()) if (!order.bounced) deliveredPerPayout.set(order.payoutId, (deliveredPerPayout.get(order.payoutId) ?? 0) + order.amountPence);
  for (const [payoutId, amount] of deliveredPerPayout) {
    const owner = payoutOwner.get(payoutId);
    const payout = owner ? (await walletOf(owner)).payouts[payoutId] : undefined;
    if (!payout || amount > payout.amountPence) failures.push(`payout ${payoutId}: ${amount}p delivered for a payout of ${payout?.amountPence ?? 0}p`);
    else if (payout.status === 'returned' || payout.status === 'cancelled' || payout.status === 'rejected') failures.push(`payout ${payoutId}: a reward was delivered and the money returned too (${payout.status})`);
  }
  return failures;
}
