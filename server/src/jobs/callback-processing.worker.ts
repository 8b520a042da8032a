import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CallbackProcessingJob, QUEUES } from '@playquid/contracts';
import { type ConnectionOptions, Worker } from 'bullmq';
import { ProcessCallbackCommand, type ProcessCallbackResult } from '../commands/process-callback.command';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS_CONNECTION } from '../infra/tokens';

/** Consumes the callback-processing queue: each job credits one stored callback. */
@Injectable()
export class CallbackProcessingWorker {
  private readonly logger = new Logger('CallbackProcessingWorker');
  private worker?: Worker<CallbackProcessingJob, ProcessCallbackResult>;

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(REDIS_CONNECTION) private readonly connection: ConnectionOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = new Worker<CallbackProcessingJob, ProcessCallbackResult>(
      QUEUES.callbackProcessing,
      (job) => this.commandBus.execute(new ProcessCallbackCommand(job.data.transactionId, job.data.callbackId)),
      { connection: this.connection, prefix: this.config.bullPrefix, concurrency: 4 },
    );
    this.worker.on('failed', (job, error) => this.logger.error({ jobId: job?.id, error: error.message }, 'callback processing job failed'));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
  }
}
