import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { QUEUES, type RewardOrderJob } from '@playquid/contracts';
import type { Job } from 'bullmq';
import { QueueWorker } from '../infra/queue-worker';
import { PlaceRewardOrderCommand, type RewardOrderOutcome } from './reward-order.command';

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/** Consumes the reward-orders queue: each job places one approved payout's reward order. */
// Orders are few and each waits on Tremendous; more parallelism would only add 429s.
@Processor(QUEUES.rewardOrders, { concurrency: 2, autorun: false })
export class RewardOrderProcessor extends QueueWorker<RewardOrderJob, RewardOrderOutcome> {
  constructor(private readonly commandBus: CommandBus) {
    super('RewardOrderWorker');
  }

  process(job: Job<RewardOrderJob>): Promise<RewardOrderOutcome> {
    return this.commandBus.execute(new PlaceRewardOrderCommand(job.data, isLastAttempt(job)));
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, error: error.message }, 'reward order attempt failed');
  }
}
