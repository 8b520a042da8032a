import { Inject, Injectable, Logger } from '@nestjs/common';
import { type PayoutRequested, QUEUES, type RewardOrderJob, streams } from '@playquid/contracts';
import { type ConnectionOptions, type Job, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '@playquid/domain';
import { userDecider } from '@playquid/domain';
import { walletDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { REDIS_CONNECTION } from '../infra/tokens';
import { TremendousClient, TremendousError, type RewardOrderResult as OrderResult } from '../rewards/tremendous.client';
import { aggregateStream, handleCommand } from '../services/command-handler';

export type RewardOrderOutcome =
  ({ outcome: 'ordered' } & OrderResult) | { outcome: 'skipped'; reason: string } | { outcome: 'failed'; error: string };

/**
 * Consumes the reward-orders queue: one Tremendous order per approved payout. The order is first
 * committed on the wallet stream (PlaceRewardOrder, with the stream's expected revision), so an
 * admin's cancel racing it ends with either the order or the cancellation, never both. The payout
 * id is the order's external_id, so every retry (BullMQ attempts, a replayed PayoutApproved, two
 * workers at once) lands on the same order at Tremendous, and the wallet decider records it once.
 */
@Injectable()
export class RewardOrderWorker {
  private readonly logger = new Logger('RewardOrderWorker');
  private worker?: Worker<RewardOrderJob, RewardOrderOutcome>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly tremendous: TremendousClient,
    @Inject(REDIS_CONNECTION) private readonly connection: ConnectionOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = new Worker<RewardOrderJob, RewardOrderOutcome>(
      QUEUES.rewardOrders,
      (job) => this.placeOrder(job.data, isLastAttempt(job)),
      {
        connection: this.connection,
        prefix: this.config.bullPrefix,
        // Orders are few and each waits on Tremendous; more parallelism would only add 429s.
        concurrency: 2,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, error: error.message }, 'reward order attempt failed'),
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
  }

  /**
   * @param lastAttempt on the job's final attempt even a retryable error is recorded as a failure,
   * so an admin sees the payout stuck instead of a job that vanished from the queue.
   */
  async placeOrder({ uid, payoutId }: RewardOrderJob, lastAttempt = false): Promise<RewardOrderOutcome> {
    const streamId = streams.wallet(uid);
    const { state, recorded } = await aggregateStream(this.store, streamId, walletDecider);
    const payout = state.payouts[payoutId];
    if (!payout) return { outcome: 'skipped', reason: 'payout not found' };
    if (payout.rewardOrderId) return { outcome: 'skipped', reason: `already ordered (${payout.rewardOrderId})` };
    if (payout.status !== 'approved') return { outcome: 'skipped', reason: `payout is ${payout.status}` };
    // The state does not keep failures; a recorded one means a person has to look before we try again.
    if (recorded.some((e) => e.type === 'PayoutRewardOrderFailed' && (e.data as { payoutId: string }).payoutId === payoutId)) {
      return { outcome: 'skipped', reason: 'an earlier order attempt failed for good' };
    }
    const requested = recorded.find((e) => e.type === 'PayoutRequested' && (e.data as PayoutRequested['data']).payoutId === payoutId);
    if (!requested) return { outcome: 'skipped', reason: 'payout request not found' };
    const { email } = requested.data as PayoutRequested['data'];

    try {
      // Appends PayoutRewardOrderPlaced, or nothing when an earlier attempt of this job already did.
      await handleCommand(this.store, streamId, walletDecider, { type: 'PlaceRewardOrder', uid, payoutId, now: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ uid, payoutId, reason: error.message }, 'reward order not placed');
      return { outcome: 'skipped', reason: error.message };
    }

    let order: OrderResult;
    try {
      order = await this.tremendous.createOrder({
        externalId: payoutId,
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
        now: new Date().toISOString(),
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
      now: new Date().toISOString(),
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

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
