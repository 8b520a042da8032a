import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Optional } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CallbackProcessingJob, QUEUES } from '@playquid/contracts';
import type { Job } from 'bullmq';
import { MemberLocks } from '../infra/member-locks';
import { QueueWorker } from '../infra/queue-worker';
import { MetricsService } from '../ops/metrics.service';
import { ProcessCallbackCommand, type ProcessCallbackResult, ProcessMemberCallbacksCommand } from './process-callback.command';

/**
 * Jobs at once: WORKERS workers of CONCURRENCY jobs each. Jobs of different members run side by
 * side; a member's own jobs wait for each other in the processing command, which decides those that
 * queue up there as one run. A job spends most of its time waiting on the database, so many are
 * taken at once: with few, jobs wait in Redis instead, one member's are decided one by one, and
 * processing tops out at about (jobs at once / a job's latency) callbacks per second, whatever the
 * load. They are spread over several workers because one BullMQ worker takes a burst's jobs one
 * round trip at a time and starts none of them until it holds as many as it may (measured under the
 * web bench's half load: with one worker of 128, a job waited up to 0.6-1 s between being taken and
 * being started; with 8 of 16, at most about 0.1 s).
 */
const CONCURRENCY = 16;
const WORKERS = 8;

/** A job queued before callbacks were grouped by member: one stored callback. */
interface SingleCallbackJob {
  transactionId: string;
  callbackId: string;
}

type CallbackJob = CallbackProcessingJob | SingleCallbackJob;

/** Consumes the callback-processing queue: each job credits one member's stored callbacks. */
/**
 * A job held by a killed process is handed to another once its lock lapses (5 s, renewed while it
 * runs) and a stalled check (every 2 s) sees it: within about 7 s instead of BullMQ's default
 * minute. Running a job again is safe (a callback already decided is skipped), so a job seen as
 * stalled after a long pause is retried, not failed.
 */
@Processor(QUEUES.callbackProcessing, {
  concurrency: CONCURRENCY,
  autorun: false,
  lockDuration: 5_000,
  stalledInterval: 2_000,
  maxStalledCount: 10,
})
export class CallbackProcessingProcessor extends QueueWorker<CallbackJob, ProcessCallbackResult[]> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly memberLocks: MemberLocks,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    super('CallbackProcessingWorker', WORKERS);
  }

  async process({ data }: Job<CallbackJob>): Promise<ProcessCallbackResult[]> {
    // Across replicas a member's callbacks are decided by one process at a time (within it, the command orders them).
    if ('callbacks' in data)
      return this.memberLocks.with(data.userId, () =>
        this.commandBus.execute(new ProcessMemberCallbacksCommand(data.userId, data.callbacks)),
      );
    return [await this.commandBus.execute(new ProcessCallbackCommand(data.transactionId, data.callbackId))];
  }

  @OnWorkerEvent('completed')
  completed(job: Job<CallbackJob, ProcessCallbackResult[]>): void {
    if (!this.metrics) return;
    for (const result of job.returnvalue ?? []) this.metrics.callbacksProcessed.inc({ outcome: result.outcome });
    if (job.processedOn && job.finishedOn) this.metrics.callbackProcessingSeconds.observe((job.finishedOn - job.processedOn) / 1000);
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.metrics?.callbacksFailed.inc();
    this.logger.error({ jobId: job?.id, error: error.message }, 'callback processing job failed');
  }
}
