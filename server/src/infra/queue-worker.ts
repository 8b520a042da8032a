import { type BeforeApplicationShutdown, Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { KeptJobScheduler, type JobSchedulerSpec } from './kept-job-scheduler';

/**
 * A queue's worker in the API process: a @Processor declared with `autorun: false`, started only
 * where RUN_WORKERS allows (another process may own the work), and closed before the application's
 * stores: closing waits for the jobs in hand, so none is cut off halfway. Its job schedulers are
 * kept registered (put back when Redis lost them) until then.
 */
export abstract class QueueWorker<Data, Result> extends WorkerHost<Worker<Data, Result>> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  @Inject(APP_CONFIG) protected readonly config!: AppConfig;
  protected readonly logger: Logger;
  private readonly schedulers: KeptJobScheduler[] = [];

  constructor(name: string) {
    super();
    this.logger = new Logger(name);
  }

  abstract override process(job: Job<Data, Result>): Promise<Result>;

  onApplicationBootstrap(): void | Promise<void> {
    if (this.config.runWorkers) this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const scheduler of this.schedulers) scheduler.stop();
    await this.worker.close();
  }

  /** Upserts a job scheduler on `queue` and keeps it registered (see KeptJobScheduler). */
  protected async keepScheduler<D>(queue: Queue<D>, spec: JobSchedulerSpec<NoInfer<D>>): Promise<void> {
    const scheduler = new KeptJobScheduler(queue, spec, this.logger);
    this.schedulers.push(scheduler);
    await scheduler.start(this.config.jobSchedulerCheckMs);
  }

  protected run(): void {
    this.worker.run().catch((error: unknown) => this.logger.error(error, 'worker stopped'));
  }
}
