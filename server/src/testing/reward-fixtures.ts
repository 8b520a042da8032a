import { streams } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { userDecider } from '@playquid/domain';
import { walletDecider } from '@playquid/domain';
import type { EventStore } from '../event-store/event-store';
import { handleCommand } from '../cqrs/command-handler';
import { callbackData } from '@playquid/domain/testing';

export interface PayoutFixture {
  uid: string;
  payoutId: string;
  email: string;
  amountPence: number;
}

/**
 * A registered member with the welcome bonus and one approved £1.00 offer (which unlocks the bonus),
 * all requested as a payout, approved unless `approve` is false.
 */
export async function givenPayout(
  store: EventStore,
  options: { email?: string; username?: string; approve?: boolean } = {},
): Promise<PayoutFixture> {
  const uid = `u${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const payoutId = randomUUID();
  const email = options.email ?? `${uid}@playquid.test`;
  const now = new Date().toISOString();
  await handleCommand(store, streams.user(uid), userDecider, {
    type: 'RegisterUser',
    uid,
    email,
    username: options.username ?? `member-${uid.slice(1, 7)}`,
    gender: null,
    referredBy: null,
    emailVerified: true,
    now,
  });
  const wallet = streams.wallet(uid);
  await handleCommand(store, wallet, walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: randomUUID(), now });
  await handleCommand(store, wallet, walletDecider, {
    type: 'ApplyCallback',
    uid,
    earningId: randomUUID(),
    now,
    callback: offerCallback(uid, now),
  });
  const { state } = await handleCommand(store, wallet, walletDecider, {
    type: 'RequestPayout',
    uid,
    payoutId,
    email,
    method: 'tremendous_reward',
    minPayoutPence: 1,
    now,
  });
  if (options.approve !== false) {
    await handleCommand(store, wallet, walletDecider, {
      type: 'ApprovePayout',
      uid,
      payoutId,
      adminEmail: 'admin@playquid.test',
      notes: null,
      now,
    });
  }
  return { uid, payoutId, email, amountPence: state.payouts[payoutId].amountPence };
}

/** The payouts row the projection would write once the order is recorded (the projection is not under test here). */
export async function givenProjectedPayout(db: Kysely<DB>, payout: PayoutFixture, rewardId: string, orderId = 'ORDER1'): Promise<void> {
  const now = new Date();
  await db
    .insertInto('payouts')
    .values({
      id: payout.payoutId,
      uid: payout.uid,
      amount_pence: payout.amountPence,
      status: 'approved',
      method: 'tremendous_reward',
      delivery_method: 'email',
      email: payout.email,
      earning_count: 1,
      transaction_reference: null,
      notes: null,
      reason: null,
      decided_by: 'admin@playquid.test',
      reward_status: 'ordered',
      reward_order_id: orderId,
      reward_id: rewardId,
      reward_detail: null,
      requested_at: now,
      approved_at: now,
      processed_at: null,
      updated_at: now,
    })
    .execute();
}

/** The wallet events of one type for one payout. */
export async function payoutEvents(store: EventStore, payout: PayoutFixture, type: string) {
  const recorded = await store.readStream(streams.wallet(payout.uid));
  return recorded.filter((e) => e.type === type && (e.data as { payoutId?: string }).payoutId === payout.payoutId);
}

const offerCallback = (uid: string, now: string) =>
  callbackData({
    callbackId: randomUUID(),
    transactionId: `o-${randomUUID()}`,
    userId: uid,
    offerId: '42',
    offerName: 'Dragon Quest',
    type: 'COMPLETE',
    hash: 'fixture',
    receivedAt: now,
  });
