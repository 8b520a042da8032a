import { type BeforeApplicationShutdown, Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import type { Job, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * A queue's worker in the API process: a @Processor declared with `autorun: false`, started only
 * where RUN_WORKERS allows (another process may own the work), and closed before the application's
 * stores: closing waits for the jobs in hand, so none is cut off halfway.
 */
export abstract class QueueWorker<Data, Result> extends WorkerHost<Worker<Data, Result>> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  @Inject(APP_CONFIG) protected readonly config!: AppConfig;
  protected readonly logger: Logger;

  constructor(name: string) {
    super();
    this.logger = new Logger(name);
  }

  abstract override process(job: Job<Data, Result>): Promise<Result>;

  onApplicationBootstrap(): void | Promise<void> {
    if (this.config.runWorkers) this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  protected run(): void {
    this.worker.run().catch((error: unknown) => this.logger.error(error, 'worker stopped'));
  }
}
