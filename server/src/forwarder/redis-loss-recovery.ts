import type { Queue } from 'bullmq';
import { callbackProcessingJobs } from '../callbacks/callback-jobs';
import { rewardOrderJobs } from '../rewards/reward-order.jobs';
import type { UnfinishedWorkRepository } from './unfinished-work.repository';

/** Redis key whose absence tells the forwarder that Redis lost its data (restarted without persistence). */
const ALIVE_KEY = 'forwarder:alive';

/**
 * Redis holds only jobs, never facts: a marker key tells whether it still has the forwarder's data,
 * and when it has not, the callbacks and reward orders the read model shows as unfinished are
 * queued again (every job is idempotent).
 */
export class RedisLossRecovery {
  constructor(
    /** The marker lives on this queue's connection (the projections queue). */
    private readonly markerQueue: Queue,
    private readonly bullPrefix: string,
    private readonly unfinished: UnfinishedWorkRepository,
    private readonly callbackProcessing: Queue,
    private readonly rewardOrders: Queue,
  ) {}

  private async aliveKey(): Promise<{ client: Awaited<Queue['client']>; key: string }> {
    return { client: await this.markerQueue.client, key: `${this.bullPrefix}:${ALIVE_KEY}` };
  }

  async markRedisAlive(): Promise<void> {
    const { client, key } = await this.aliveKey();
    await client.set(key, new Date().toISOString());
  }

  async redisStillHasOurData(): Promise<boolean> {
    const { client, key } = await this.aliveKey();
    return (await client.get(key)) !== null;
  }

  /** When Redis lost the marker, queues the unfinished work again (`fence` runs before the sends); then sets the marker. */
  async requeueIfLost(fence: () => Promise<void>): Promise<void> {
    if (!(await this.redisStillHasOurData())) await this.requeueUnfinished(fence);
    await this.markRedisAlive();
  }

  /** Queues again the callbacks and reward orders the read model shows as unfinished; `fence` runs before the sends. */
  async requeueUnfinished(fence: () => Promise<void>): Promise<void> {
    const [callbacks, payouts] = await Promise.all([this.unfinished.unprocessedCallbacks(), this.unfinished.payoutsAwaitingOrder()]);
    await fence();
    await Promise.all([
      this.callbackProcessing.addBulk(callbackProcessingJobs(callbacks)),
      this.rewardOrders.addBulk(rewardOrderJobs(payouts)),
    ]);
  }
}
