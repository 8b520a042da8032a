import { type BeforeApplicationShutdown, Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import { type Job, type Queue, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { KeptJobScheduler, type JobSchedulerSpec } from './kept-job-scheduler';

/**
 * A queue's worker in the API process: a @Processor declared with `autorun: false`, started only
 * where RUN_WORKERS allows (another process may own the work), and closed before the application's
 * stores: closing waits for the jobs in hand, so none is cut off halfway. Its job schedulers are
 * kept registered (put back when Redis lost them) until then.
 */
export abstract class QueueWorker<Data, Result>
  extends WorkerHost<Worker<Data, Result>>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  @Inject(APP_CONFIG) protected readonly config!: AppConfig;
  protected readonly logger: Logger;
  private readonly schedulers: KeptJobScheduler[] = [];
  /** The workers beside `worker` (see the constructor's `workers`). */
  private readonly siblings: Worker<Data, Result>[] = [];

  /**
   * `workers`: how many BullMQ workers of the @Processor's options take this queue's jobs in this
   * process (its `concurrency` each). A worker takes the jobs waiting for it one round trip at a
   * time and starts none until it has taken as many as it may hold or the queue is empty, so a large
   * concurrency on one worker makes a burst's last job wait for all the others to be taken; several
   * smaller workers take a burst side by side (each one taken re-marks the queue for the next).
   */
  constructor(
    name: string,
    private readonly workers = 1,
  ) {
    super();
    this.logger = new Logger(name);
  }

  abstract override process(job: Job<Data, Result>, token?: string): Promise<Result>;

  onApplicationBootstrap(): void | Promise<void> {
    if (this.config.runWorkers) this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const scheduler of this.schedulers) scheduler.stop();
    await Promise.all([this.worker, ...this.siblings].map((worker) => worker.close()));
  }

  /** Upserts a job scheduler on `queue` and keeps it registered (see KeptJobScheduler). */
  protected async keepScheduler<D>(queue: Queue<D>, spec: JobSchedulerSpec<NoInfer<D>>): Promise<void> {
    const scheduler = new KeptJobScheduler(queue, spec, this.logger);
    this.schedulers.push(scheduler);
    await scheduler.start(this.config.jobSchedulerCheckMs);
  }

  protected run(): void {
    this.worker.run().catch((error: unknown) => this.logger.error(error, 'worker stopped'));
    for (let i = 1; i < this.workers; i++) {
      const sibling = new Worker<Data, Result>(this.worker.name, (job, token) => this.process(job, token), {
        ...this.worker.opts,
        autorun: true,
      });
      // Its events reach the @OnWorkerEvent handlers (and the error listener) as the first worker's do.
      for (const event of ['completed', 'failed', 'error'] as const)
        sibling.on(event, (...args: unknown[]) => (this.worker.emit as (event: string, ...args: unknown[]) => boolean)(event, ...args));
      this.siblings.push(sibling);
    }
  }
}
