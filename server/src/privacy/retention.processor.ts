import { InjectQueue, Processor } from '@nestjs/bullmq';
import { QUEUES } from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { Clock } from '../cqrs/clock';
import { MemberLocks } from '../infra/member-locks';
import { QueueWorker } from '../infra/queue-worker';
import { RetentionService, type RetentionSummary } from './retention.service';

const SCHEDULER_ID = 'privacy-retention-daily';
/** One run at a time across every replica (the same Redis lock as the offer sync's). */
const RETENTION_LOCK = 'singleton:privacy-retention';
const DAY_MS = 86_400_000;
const JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } };

/**
 * The daily retention job: a BullMQ job scheduler (one, upserted by id, across replicas, registered
 * again if Redis loses it) adds a run every day, and a run holds a Redis lock so one runs at a time in the whole cluster.
 */
@Processor(QUEUES.privacyRetention, { concurrency: 1, autorun: false })
export class RetentionProcessor extends QueueWorker<{ trigger: string }, RetentionSummary> {
  constructor(
    private readonly retention: RetentionService,
    private readonly locks: MemberLocks,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.privacyRetention) private readonly queue: Queue<{ trigger: string }, RetentionSummary>,
  ) {
    super('RetentionWorker');
  }

  override async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    this.run();
    await this.keepScheduler(this.queue, { id: SCHEDULER_ID, repeat: { every: DAY_MS }, template: { name: 'retention', data: { trigger: 'schedule' }, opts: JOB_OPTIONS } });
  }

  async process(): Promise<RetentionSummary> {
    const summary = await this.locks.with(RETENTION_LOCK, () => this.retention.runOnce(this.clock.now()));
    this.logger.log({ ...summary }, 'personal-data retention run');
    return summary;
  }
}
