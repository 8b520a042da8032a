import { InjectQueue, Processor } from '@nestjs/bullmq';
import { QUEUES } from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { Clock } from '../cqrs/clock';
import { MemberLocks } from '../infra/member-locks';
import { QueueWorker } from '../infra/queue-worker';
import { LogCheckpointService, type LogCheckpointRun } from './log-checkpoint.service';

export const LOG_CHECKPOINT_SCHEDULER_ID = 'log-checkpoint-interval';
/** One run at a time across every replica (the same Redis lock as the retention job's). */
const LOG_CHECKPOINT_LOCK = 'singleton:log-checkpoint';
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { count: 30 },
  removeOnFail: { count: 30 },
};

/**
 * The signed log checkpoint at intervals: a BullMQ job scheduler (one, upserted by id, across
 * replicas, registered again if Redis loses it) adds a run every LOG_CHECKPOINT_INTERVAL_MINUTES, and a run holds a Redis lock so one
 * signs at a time in the whole cluster.
 */
@Processor(QUEUES.logCheckpoints, { concurrency: 1, autorun: false })
export class LogCheckpointProcessor extends QueueWorker<{ trigger: string }, LogCheckpointRun> {
  constructor(
    private readonly checkpoints: LogCheckpointService,
    private readonly locks: MemberLocks,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.logCheckpoints) private readonly queue: Queue<{ trigger: string }, LogCheckpointRun>,
  ) {
    super('LogCheckpointWorker');
  }

  override async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    this.run();
    await this.keepScheduler(this.queue, {
      id: LOG_CHECKPOINT_SCHEDULER_ID,
      repeat: { every: this.config.logCheckpoint.intervalMs },
      template: { name: 'log-checkpoint', data: { trigger: 'schedule' }, opts: JOB_OPTIONS },
    });
  }

  async process(): Promise<LogCheckpointRun> {
    const run = await this.locks.with(LOG_CHECKPOINT_LOCK, () => this.checkpoints.runOnce(this.clock.now()));
    this.logger.log(
      run.signed ? { events: run.checkpoint.events, streams: run.checkpoint.streams, readEvents: run.readEvents } : run,
      'log checkpoint',
    );
    return run;
  }
}
