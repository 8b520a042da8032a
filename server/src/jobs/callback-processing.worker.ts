import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CallbackProcessingJob, QUEUES } from '@playquid/contracts';
import { type ConnectionOptions, type Job, Worker } from 'bullmq';
import { ProcessCallbackCommand, type ProcessCallbackResult, ProcessMemberCallbacksCommand } from '../commands/process-callback.command';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS_CONNECTION } from '../infra/tokens';

/**
 * Jobs at once. Jobs of different members run side by side; a member's own jobs wait for each
 * other in the processing command, so this only bounds how many members are decided at a time.
 */
const CONCURRENCY = 16;

/** A job queued before callbacks were grouped by member: one stored callback. */
interface SingleCallbackJob {
  transactionId: string;
  callbackId: string;
}

/** Consumes the callback-processing queue: each job credits one member's stored callbacks. */
@Injectable()
export class CallbackProcessingWorker {
  private readonly logger = new Logger('CallbackProcessingWorker');
  private worker?: Worker<CallbackProcessingJob | SingleCallbackJob, ProcessCallbackResult[]>;

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(REDIS_CONNECTION) private readonly connection: ConnectionOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = new Worker(QUEUES.callbackProcessing, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.config.bullPrefix,
      concurrency: CONCURRENCY,
    });
    this.worker.on('failed', (job, error) => this.logger.error({ jobId: job?.id, error: error.message }, 'callback processing job failed'));
  }

  private async process(job: Job<CallbackProcessingJob | SingleCallbackJob>): Promise<ProcessCallbackResult[]> {
    const { data } = job;
    if ('callbacks' in data) return this.commandBus.execute(new ProcessMemberCallbacksCommand(data.userId, data.callbacks));
    return [await this.commandBus.execute(new ProcessCallbackCommand(data.transactionId, data.callbackId))];
  }

  async stop(): Promise<void> {
    await this.worker?.close();
  }
}
