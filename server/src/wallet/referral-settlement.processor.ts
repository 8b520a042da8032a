import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { QUEUES, type ReferralSettlementJob } from '@playquid/contracts';
import type { Job } from 'bullmq';
import { QueueWorker } from '../infra/queue-worker';
import { type ReferralSettlement, SettleReferralCommand } from './referral-settlement.command';

/** Consumes the referral-settlements queue: each job settles one friend's referral reward. */
@Processor(QUEUES.referralSettlements, { concurrency: 4, autorun: false })
export class ReferralSettlementProcessor extends QueueWorker<ReferralSettlementJob, ReferralSettlement> {
  constructor(private readonly commandBus: CommandBus) {
    super('ReferralSettlementWorker');
  }

  process(job: Job<ReferralSettlementJob>): Promise<ReferralSettlement> {
    return this.commandBus.execute(new SettleReferralCommand(job.data.friendUid));
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, error: error.message }, 'referral settlement attempt failed');
  }
}
