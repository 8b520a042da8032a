import {
  type CallbackReceived,
  REFERRAL_REWARD_PENCE,
  type RewardState,
  type StoredEventMessage,
  START_POSITION,
  streams,
  WELCOME_BONUS_PENCE,
} from '@playquid/contracts';
import {
  callbackData,
} from '@playquid/domain/testing';
import {
  type AuditedMember,
  callbackDecider,
  checkLedgerInvariants,
  DomainError,
  fold,
  userDecider,
  walletDecider,
  type WalletState,
} from '@playquid/domain';
import { callbackProcessingJobs, callbacksIn } from '../callbacks/callback-jobs';
import { ProcessMemberCallbacksCommand, ProcessMemberCallbacksHandler } from '../callbacks/process-callback.command';
import type { AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { PersonalDataVault } from '@playquid/read-db';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { toMessage } from '../forwarder/forwarder-reactions';
import { type PayoutCommandInput, RunPayoutCommand, RunPayoutHandler } from '../payouts/payout.commands';
import { RecordRewardDeliveryCommand, RecordRewardDeliveryHandler } from '../rewards/reward-delivery.command';
import { PlaceRewardOrderCommand, PlaceRewardOrderHandler } from '../rewards/reward-order.command';
import { approvedPayoutsIn, rewardOrderJobs } from '../rewards/reward-order.jobs';
import { type RewardOrderRequest, type RewardOrderResult, type TremendousClient, TremendousError } from '../rewards/tremendous.client';
import { SettleReferralCommand, SettleReferralHandler } from '../wallet/referral-settlement.command';
import { referralSettlementJobs } from '../wallet/referral-settlement.jobs';

/**
 * A deterministic simulation of the money lifecycle, in the spirit of TigerBeetle's VOPR. From a
 * seed it generates a history (members and referrals; BitLabs callbacks with duplicates, PENDING /
 * COMPLETED / RECONCILED in any order and default-mode reversals; payout requests, cancels and
 * approvals; refused orders, bounced and late webhooks; admins resending and returning) and runs it
 * through the real command handlers: two callback-processing "processes" with their own caches, the
 * referral settlement, reward orders against a fake Tremendous, on an in-memory event store that
 * yields at every read and append, so concurrent handlers interleave in an order the seed chooses.
 * Jobs are delivered at least once: a seeded share of them is run again, as after a crash before
 * the ack. After the run drains, every invariant is checked and every member's money is compared
 * with an expectation computed from the history alone (not from the events).
 */

/** Park-Miller LCG: small, fast, and the same sequence for the same seed everywhere. */
export function lcg(seed: number): () => number {
  let state = seed % 2_147_483_647;
  if (state <= 0) state += 2_147_483_646;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

class SimClock extends Clock {
  private ms = Date.parse('2026-11-22T10:00:00.000Z');
  now(): Date {
    this.ms += 1_000;
    return new Date(this.ms);
  }
}

interface Tx {
  uid: string;
  tx: string;
  amountPence: number;
  /** The callbacks BitLabs sends for this transaction, in the order they are received. */
  states: Array<'PENDING' | 'COMPLETED' | 'RECONCILED' | 'REVERSAL_REF'>;
}

export interface SimulationReport {
  seed: number;
  members: number;
  callbacks: number;
  payouts: number;
  jobsRun: number;
  redelivered: number;
  /** Every broken rule, one line each; empty when the run kept them all. */
  failures: string[];
}

type Job = { kind: 'callbacks'; data: { userId: string; callbacks: Array<{ transactionId: string; callbackId: string }> } } | { kind: 'order'; data: { uid: string; payoutId: string; attempt?: number }; attempts: number } | { kind: 'settle'; friendUid: string };

const CONFIG = { reviewCreditPence: 1_000_000 } as AppConfig;
const ADMIN = 'sim-admin';

export async function simulate(seed: number, options: { members?: number; steps?: number } = {}): Promise<SimulationReport> {
  const random = lcg(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  let idCounter = 0;
  const nextId = (prefix: string) => `${prefix}-${seed}-${++idCounter}`;
  // Every store call yields a seeded number of macrotask turns: concurrent handlers interleave by the seed.
  const pause = async () => {
    for (let turns = Math.floor(random() * 3); turns > 0; turns--) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  // Personal fields encrypted as in production (keys in memory), so the simulation covers the read path too.
  const store = new EncryptingEventStore(new InMemoryEventStore({ pause, ids: () => nextId('ev') }), PersonalDataVault.inMemory());
  const clock = new SimClock();
  const processes = [new ProcessMemberCallbacksHandler(store, CONFIG, clock), new ProcessMemberCallbacksHandler(store, CONFIG, clock)];
  const payouts = new RunPayoutHandler(store, clock);
  const settlement = new SettleReferralHandler(store, clock);
  const deliveries = new RecordRewardDeliveryHandler(store, clock);

  // A fake Tremendous: one order per external id (its idempotency), some refused for good, some
  // failing for a while, some rewards bounced; records what it sent so nothing is paid twice.
  const sent = new Map<string, { payoutId: string; amountPence: number; rewardId: string; bounced: boolean }>();
  const refusedPayouts = new Set<string>();
  const tremendous = {
    async createOrder(request: RewardOrderRequest): Promise<RewardOrderResult> {
      await pause();
      const known = sent.get(request.externalId);
      if (known) return { orderId: `ord-${request.externalId}`, rewardId: known.rewardId, status: 'EXECUTED', source: 'existing' };
      if (refusedPayouts.has(request.externalId)) throw new TremendousError('HTTP 422: recipient refused', 422, false);
      if (chance(0.15)) throw new TremendousError('HTTP 503: try later', 503, true);
      const payoutId = request.externalId.replace(/-resend-\d+$/, '');
      const rewardId = nextId('rw');
      sent.set(request.externalId, { payoutId, amountPence: request.amountPence, rewardId, bounced: request.email.includes('+fail') });
      return { orderId: `ord-${request.externalId}`, rewardId, status: 'EXECUTED', source: 'created' };
    },
  } as unknown as TremendousClient;
  const orders = new PlaceRewardOrderHandler(store, tremendous, clock);

  // ------------------------------------------------------------ the history
  const memberCount = options.members ?? 3 + Math.floor(random() * 4);
  const uids = Array.from({ length: memberCount }, (_, i) => `m${i}-${seed}`);
  const referredBy = new Map<string, string | null>();
  const emails = new Map<string, string>();
  for (const [i, uid] of uids.entries()) {
    const referrer = i > 0 && chance(0.5) ? pick(uids.slice(0, i)) : null;
    referredBy.set(uid, referrer);
    emails.set(uid, chance(0.3) ? `${uid}+fail@sim.test` : `${uid}@sim.test`);
    await handleCommand(store, streams.user(uid), userDecider, {
      type: 'RegisterUser',
      uid,
      email: emails.get(uid)!,
      username: uid,
      gender: null,
      referredBy: referrer,
      emailVerified: true,
      now: clock.nowIso(),
    });
    await handleCommand(store, streams.wallet(uid), walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: `bonus-${uid}`, now: clock.nowIso() });
  }

  const txs: Tx[] = [];
  const steps = options.steps ?? 40 + Math.floor(random() * 40);
  const received: Array<{ tx: Tx; state: Tx['states'][number] }> = [];
  for (let i = 0; i < steps; i++) {
    const uid = pick(uids);
    const tx: Tx = { uid, tx: nextId('o'), amountPence: 1 + Math.floor(random() * 400), states: [] };
    // Stateful mode: PENDING then COMPLETED, sometimes RECONCILED; default mode: COMPLETED, sometimes an "or" reversal.
    if (chance(0.3)) tx.states.push('PENDING');
    if (chance(0.85)) tx.states.push('COMPLETED');
    if (chance(0.25)) tx.states.push(chance(0.5) ? 'RECONCILED' : 'REVERSAL_REF');
    if (tx.states.length === 0) tx.states.push('COMPLETED');
    txs.push(tx);
    for (const state of tx.states) received.push({ tx, state });
  }
  // BitLabs sends them in any order, some twice.
  for (let i = received.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [received[i], received[j]] = [received[j], received[i]];
  }

  // ------------------------------------------------------------ the machinery
  const queue: Job[] = [];
  let cursor = START_POSITION;
  let previous = START_POSITION;
  /** The forwarder: what the log asks for, through the real job builders. */
  const forward = async () => {
    const page = await store.readAll({ after: cursor });
    if (page.length === 0) return;
    const messages: StoredEventMessage[] = page.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
    cursor = page[page.length - 1].position;
    for (const job of callbackProcessingJobs(callbacksIn(messages))) queue.push({ kind: 'callbacks', data: job.data });
    for (const job of rewardOrderJobs(approvedPayoutsIn(messages))) queue.push({ kind: 'order', data: job.data, attempts: 0 });
    for (const job of referralSettlementJobs(messages)) queue.push({ kind: 'settle', friendUid: job.data.friendUid });
  };

  let jobsRun = 0;
  let redelivered = 0;
  const failures: string[] = [];
  const runJob = async (job: Job): Promise<void> => {
    jobsRun++;
    try {
      if (job.kind === 'callbacks') await pick(processes).execute(new ProcessMemberCallbacksCommand(job.data.userId, job.data.callbacks));
      else if (job.kind === 'settle') await settlement.execute(new SettleReferralCommand(job.friendUid));
      else {
        job.attempts++;
        await orders.execute(new PlaceRewardOrderCommand(job.data, job.attempts >= 4));
      }
    } catch (error) {
      // BullMQ retries a thrown job (contention, a retryable Tremendous error) until its attempts run out.
      const retryable = error instanceof TremendousError || (error instanceof Error && /revision|kept changing/i.test(`${error.name} ${error.message}`));
      if (!retryable) failures.push(`job ${job.kind} threw: ${error instanceof Error ? error.stack : String(error)}`);
      else queue.push(job);
      return;
    }
    // At least once: a worker may die after doing the work and before the ack.
    if (chance(0.1)) {
      redelivered++;
      queue.push(job.kind === 'order' ? { ...job } : job);
    }
  };
  /** Runs up to `parallel` queued jobs at once, in a seeded order. */
  const work = async (parallel: number) => {
    const batch: Job[] = [];
    while (queue.length > 0 && batch.length < parallel) batch.push(queue.splice(Math.floor(random() * queue.length), 1)[0]);
    await Promise.all(batch.map(runJob));
  };

  const payoutIds: string[] = [];
  const run = async (input: PayoutCommandInput, actor: string) => {
    try {
      await payouts.execute(new RunPayoutCommand(input, actor));
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      if (error instanceof Error && error.name === 'WrongExpectedRevisionError') return false;
      throw error;
    }
  };
  const walletOf = async (uid: string): Promise<WalletState> => fold(walletDecider, (await store.readStream(streams.wallet(uid))).map((e) => ({ type: e.type, data: e.data })) as never);

  /** A seeded admin or member action on payouts. */
  const payoutAction = async () => {
    const uid = pick(uids);
    const roll = random();
    if (roll < 0.4) {
      const payoutId = nextId('p');
      if (await run({ type: 'RequestPayout', uid, payoutId, email: emails.get(uid)!, method: 'tremendous_reward', minPayoutPence: 79 }, uid)) {
        payoutIds.push(payoutId);
        if (chance(0.2)) refusedPayouts.add(payoutId);
      }
      return;
    }
    const wallet = await walletOf(uid);
    const open = Object.entries(wallet.payouts);
    if (open.length === 0) return;
    const [payoutId, payout] = pick(open);
    if (roll < 0.7) await run({ type: 'ApprovePayout', uid, payoutId, adminEmail: ADMIN, notes: null, acknowledgeReversal: true }, ADMIN);
    else if (roll < 0.8) await run({ type: 'CancelPayout', uid, payoutId, actor: uid, byAdmin: false, reason: 'changed my mind' }, uid);
    else if (roll < 0.85) await run({ type: 'ProcessPayout', uid, payoutId, adminEmail: ADMIN, transactionReference: 'REF', notes: null, acknowledgeReversal: true }, ADMIN);
    else if (payout.rewardState === 'failed' || payout.rewardState === 'cancelled') {
      if (chance(0.5)) await run({ type: 'ReturnPayout', uid, payoutId, adminEmail: ADMIN, reason: 'bounced' }, ADMIN);
      else await run({ type: 'ResendReward', uid, payoutId, email: `${uid}@sim.test`, adminEmail: ADMIN }, ADMIN);
    }
  };

  /** Tremendous's webhooks for the rewards it sent: duplicates, late and out of order. */
  const webhooks: Array<{ rewardId: string; state: RewardState; at: string; uuid: string }> = [];
  const sendWebhook = async () => {
    for (const order of sent.values()) {
      if (webhooks.some((w) => w.rewardId === order.rewardId)) continue;
      webhooks.push({ rewardId: order.rewardId, state: order.bounced ? 'failed' : 'delivered', at: clock.nowIso(), uuid: nextId('wh') });
      // Now and then an older, contradicting webhook arrives later.
      if (chance(0.2)) webhooks.push({ rewardId: order.rewardId, state: order.bounced ? 'delivered' : 'failed', at: '2020-01-01T00:00:00.000Z', uuid: nextId('wh') });
    }
    if (webhooks.length === 0) return;
    const webhook = pick(webhooks);
    const target = [...sent.values()].find((o) => o.rewardId === webhook.rewardId)!;
    const owner = payoutOwner.get(target.payoutId);
    if (!owner) return;
    await deliveries.execute(new RecordRewardDeliveryCommand(owner, target.payoutId, webhook.uuid, webhook.state, webhook.at, null));
  };
  const payoutOwner = new Map<string, string>();

  // ------------------------------------------------------------ the run
  let next = 0;
  while (next < received.length || queue.length > 0) {
    const roll = random();
    if (roll < 0.35 && next < received.length) {
      const { tx, state } = received[next++];
      const reversalOfRef = state === 'REVERSAL_REF';
      const data: CallbackReceived['data'] = callbackData({
        callbackId: nextId('cb'),
        transactionId: reversalOfRef ? `or-${tx.tx}` : tx.tx,
        userId: tx.uid,
        rewardPence: state === 'RECONCILED' || reversalOfRef ? -tx.amountPence : tx.amountPence,
        userRewardRaw: String((state === 'RECONCILED' || reversalOfRef ? -tx.amountPence : tx.amountPence) / 100),
        state: reversalOfRef ? 'RECONCILED' : state,
        ref: reversalOfRef ? tx.tx : null,
        receivedAt: clock.nowIso(),
      });
      await handleCommand(store, streams.callback(data.transactionId), callbackDecider, { type: 'ReceiveCallback', callback: data });
    } else if (roll < 0.45) await payoutAction();
    else if (roll < 0.5) await sendWebhook();
    else await work(1 + Math.floor(random() * 3));
    await forward();
    for (const id of payoutIds) if (!payoutOwner.has(id)) payoutOwner.set(id, (await findOwner(store, id, uids)) ?? '');
  }

  // ------------------------------------------------------------ drain: every webhook lands, admins settle every failed reward
  for (let round = 0; round < 20; round++) {
    for (const webhook of webhooks) {
      const target = [...sent.values()].find((o) => o.rewardId === webhook.rewardId)!;
      const owner = payoutOwner.get(target.payoutId);
      if (owner) await deliveries.execute(new RecordRewardDeliveryCommand(owner, target.payoutId, webhook.uuid, webhook.state, webhook.at, null));
    }
    for (const [externalId, order] of sent) {
      const owner = payoutOwner.get(order.payoutId);
      if (owner && !webhooks.some((w) => w.rewardId === order.rewardId)) {
        await deliveries.execute(new RecordRewardDeliveryCommand(owner, order.payoutId, `final-${externalId}`, order.bounced ? 'failed' : 'delivered', clock.nowIso(), null));
      }
    }
    let acted = false;
    for (const uid of uids) {
      for (const [payoutId, payout] of Object.entries((await walletOf(uid)).payouts)) {
        if (payout.status !== 'approved') continue;
        if (payout.rewardState === 'failed' || payout.rewardState === 'cancelled') {
          acted = (await run({ type: 'ReturnPayout', uid, payoutId, adminEmail: ADMIN, reason: 'bounced' }, ADMIN)) || acted;
        } else if (payout.needsReview && !payout.rewardOrderPlaced) {
          // A reversal flagged it after approval, so no order went out: the admin looks and rejects it.
          acted = (await run({ type: 'RejectPayout', uid, payoutId, adminEmail: ADMIN, reason: 'reversed money' }, ADMIN)) || acted;
        }
      }
    }
    await forward();
    while (queue.length > 0) {
      await work(3);
      await forward();
    }
    if (!acted) break;
  }

  // ------------------------------------------------------------ checks
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
  const invariants = checkLedgerInvariants(members, [], { now: clock.nowIso(), callbackDeadlineMs: Infinity, payoutDeadlineMs: -1 });
  failures.push(...invariants.breaches);

  // The expectation from the history alone: a transaction counts unless reversed; approved once any COMPLETED came.
  const expected = new Map(uids.map((uid) => [uid, { settled: WELCOME_BONUS_PENCE, pending: 0, qualified: false }]));
  for (const tx of txs) {
    const e = expected.get(tx.uid)!;
    const reversed = tx.states.includes('RECONCILED') || tx.states.includes('REVERSAL_REF');
    const credited = tx.states.includes('PENDING') || tx.states.includes('COMPLETED');
    if (reversed || !credited) continue;
    if (tx.states.includes('COMPLETED')) {
      e.settled += tx.amountPence;
      e.qualified = true;
    } else e.pending += tx.amountPence;
  }
  for (const [uid, referrer] of referredBy) if (referrer && expected.get(uid)!.qualified) expected.get(referrer)!.settled += REFERRAL_REWARD_PENCE;
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

  return { seed, members: uids.length, callbacks: received.length, payouts: payoutIds.length, jobsRun, redelivered, failures };
}

async function findOwner(store: EventStore, payoutId: string, uids: string[]): Promise<string | undefined> {
  for (const uid of uids) {
    const events = await store.readStream(streams.wallet(uid));
    if (events.some((e) => e.type === 'PayoutRequested' && (e.data as { payoutId: string }).payoutId === payoutId)) return uid;
  }
  return undefined;
}
