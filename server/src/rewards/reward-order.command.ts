import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type RewardOrderJob, rewardOrderExternalId, streams } from '@playquid/contracts';
import { DomainError, userDecider, walletDecider } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { type RewardOrderResult as OrderResult, TremendousClient, TremendousError } from './tremendous.client';

/** An approved payout's reward order (the reward-orders job). */
export class PlaceRewardOrderCommand {
  constructor(
    readonly order: RewardOrderJob,
    /**
     * On the job's final attempt even a retryable error is recorded as a failure, so an admin sees
     * the payout stuck instead of a job that vanished from the queue.
     */
    readonly lastAttempt = false,
  ) {}
}

export type RewardOrderOutcome =
  ({ outcome: 'ordered' } & OrderResult) | { outcome: 'skipped'; reason: string } | { outcome: 'failed'; error: string };

/**
 * One Tremendous order per approved payout. The order is first committed on the wallet stream
 * (PlaceRewardOrder, with the stream's expected revision), so an admin's cancel racing it ends with
 * either the order or the cancellation, never both. The payout id is the order's external_id, so
 * every retry (BullMQ attempts, a replayed PayoutApproved, two workers at once) lands on the same
 * order at Tremendous, and the wallet decider records it once. A retryable failure before the last
 * attempt is thrown, for BullMQ to retry with backoff.
 */
@CommandHandler(PlaceRewardOrderCommand)
export class PlaceRewardOrderHandler implements ICommandHandler<PlaceRewardOrderCommand, RewardOrderOutcome> {
  private readonly logger = new Logger('RewardOrderWorker');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly tremendous: TremendousClient,
    private readonly clock: Clock,
  ) {}

  async execute({ order: { uid, payoutId, attempt = 0 }, lastAttempt }: PlaceRewardOrderCommand): Promise<RewardOrderOutcome> {
    const streamId = streams.wallet(uid);
    const { state } = await aggregateStream(this.store, streamId, walletDecider);
    const payout = state.payouts[payoutId];
    if (!payout) return { outcome: 'skipped', reason: 'payout not found' };
    if (payout.rewardOrderId) return { outcome: 'skipped', reason: `already ordered (${payout.rewardOrderId})` };
    // A refused order returned the money (status 'returned'), so nothing is ordered twice.
    if (payout.status !== 'approved') return { outcome: 'skipped', reason: `payout is ${payout.status}` };
    if (payout.orderAttempt !== attempt) return { outcome: 'skipped', reason: `order attempt ${attempt} was superseded by ${payout.orderAttempt}` };
    const { email } = payout;

    try {
      // Appends PayoutRewardOrderPlaced, or nothing when an earlier attempt of this job already did.
      await handleCommand(this.store, streamId, walletDecider, { type: 'PlaceRewardOrder', uid, payoutId, now: this.clock.nowIso() });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ uid, payoutId, reason: error.message }, 'reward order not placed');
      return { outcome: 'skipped', reason: error.message };
    }

    let order: OrderResult;
    try {
      order = await this.tremendous.createOrder({
        externalId: rewardOrderExternalId(payoutId, attempt),
        amountPence: payout.amountPence,
        email,
        name: await this.recipientName(uid, email),
      });
    } catch (error) {
      if (!(error instanceof TremendousError) || (error.retryable && !lastAttempt)) throw error; // BullMQ retries with backoff
      const message = error.retryable ? `gave up after the last attempt: ${error.message}` : error.message;
      this.logger.error({ uid, payoutId, error: message }, 'reward order failed');
      await handleCommand(this.store, streamId, walletDecider, {
        type: 'RecordRewardOrderFailure',
        uid,
        payoutId,
        error: message,
        now: this.clock.nowIso(),
      });
      return { outcome: 'failed', error: message };
    }
    await handleCommand(this.store, streamId, walletDecider, {
      type: 'RecordRewardOrder',
      uid,
      payoutId,
      orderId: order.orderId,
      rewardId: order.rewardId,
      orderStatus: order.status,
      now: this.clock.nowIso(),
    });
    if (order.source === 'adopted')
      this.logger.warn({ uid, payoutId, orderId: order.orderId }, 'took over an existing order with other parameters (409)');
    this.logger.log({ uid, payoutId, orderId: order.orderId, status: order.status, source: order.source }, 'reward ordered');
    return { outcome: 'ordered', ...order };
  }

  /** The member's username greets them in the reward email; the email's local part if they have none. */
  private async recipientName(uid: string, email: string): Promise<string> {
    const { state } = await aggregateStream(this.store, streams.user(uid), userDecider);
    return state.username?.trim() || email.split('@')[0];
  }
}
