import { type CallbackReceived, type RewardState, streams } from '@playquid/contracts';
import { callbackDecider, DomainError, userDecider, walletDecider } from '@playquid/domain';
import { callbackData } from '@playquid/domain/testing';
import { PersonalDataVault } from '@playquid/read-db';
import { ProcessMemberCallbacksHandler } from '../callbacks/process-callback.command';
import type { AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { type PayoutCommandInput, RunPayoutCommand, RunPayoutHandler } from '../payouts/payout.commands';
import { RecordRewardDeliveryCommand, RecordRewardDeliveryHandler } from '../rewards/reward-delivery.command';
import { PlaceRewardOrderHandler } from '../rewards/reward-order.command';
import { SettleReferralHandler } from '../wallet/referral-settlement.command';
import { fakeTremendous } from './fake-tremendous';
import { checkRun, findOwner, walletIn } from './sim-checks';
import { simJobs } from './sim-jobs';
import { callbackHistory, lcg } from './sim-history';

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
 *
 * The parts: the seeded history and its expectation (sim-history.ts), the fake Tremendous
 * (fake-tremendous.ts), the checks after the run (sim-checks.ts); this file runs the machinery.
 */

class SimClock extends Clock {
  private ms = Date.parse('2026-11-22T10:00:00.000Z');
  now(): Date {
    this.ms += 1_000;
    return new Date(this.ms);
  }
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

  const { tremendous, sent, refusedPayouts } = fakeTremendous({ pause, chance, nextId });
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

  const steps = options.steps ?? 40 + Math.floor(random() * 40);
  const { txs, received } = callbackHistory({ random, pick, chance, nextId }, uids, steps);

  // ------------------------------------------------------------ the machinery
  const { queue, forward, work, failures, counts } = simJobs(store, { random, pick, chance }, { processes, settlement, orders });

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
  const walletOf = (uid: string) => walletIn(store, uid);

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
  failures.push(...(await checkRun({ store, clock, uids, emails, referredBy, txs, sent, payoutOwner })));

  const { jobsRun, redelivered } = counts();
  return { seed, members: uids.length, callbacks: received.length, payouts: payoutIds.length, jobsRun, redelivered, failures };
}
