import type { Logger } from '@nestjs/common';
import type { JobSchedulerTemplateOptions, Queue, RepeatOptions } from 'bullmq';

/** The queue a scheduler lives on (any job data: the template's is the owner's concern). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SchedulerQueue = Pick<Queue<any>, 'toKey' | 'client' | 'upsertJobScheduler'>;

export interface JobSchedulerSpec<Data> {
  /** The scheduler's id: one scheduler by this id in the cluster, whoever upserts it. */
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  template: { name: string; data: Data; opts?: JobSchedulerTemplateOptions };
}

/**
 * A BullMQ job scheduler kept registered. Schedulers live only in Redis: one restarted without
 * persistence comes back without them, and nothing would add the scheduled jobs again until the
 * API restarted. So a marker key, in the queue's own key space, is set with the scheduler, and a
 * check every JOB_SCHEDULER_CHECK_SECONDS that finds it gone (the queue's keys are gone) upserts
 * the scheduler again. An upsert by id is idempotent, so every replica may keep the same
 * scheduler; a scheduler removed on purpose leaves its marker and is not put back.
 */
export class KeptJobScheduler {
  private timer?: NodeJS.Timeout;
  /** False until an upsert succeeded (then the marker tells whether the scheduler is still there). */
  private upserted = false;
  private checking = false;

  constructor(
    private readonly queue: SchedulerQueue,
    private readonly spec: JobSchedulerSpec<unknown>,
    private readonly logger: Logger,
  ) {}

  /** The marker's key: under the queue's prefix, so it goes when the queue's keys go. */
  get markerKey(): string {
    return this.queue.toKey(`kept-scheduler:${this.spec.id}`);
  }

  /** Upserts the scheduler now, then checks for it every `checkEveryMs`. */
  async start(checkEveryMs: number): Promise<void> {
    await this.upsert();
    this.timer = setInterval(() => void this.check().catch((error: unknown) => this.logger.error(error, `job scheduler ${this.spec.id}: check failed`)), checkEveryMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Upserts the scheduler again when its marker is gone (or no upsert succeeded yet); true when it did. */
  async check(): Promise<boolean> {
    if (this.checking) return false;
    this.checking = true;
    try {
      if (this.upserted && (await (await this.queue.client).get(this.markerKey)) !== null) return false;
      if (this.upserted) this.logger.warn(`job scheduler ${this.spec.id} is gone from Redis (Redis lost its data?); registering it again`);
      await this.upsert();
      return true;
    } finally {
      this.checking = false;
    }
  }

  private async upsert(): Promise<void> {
    this.upserted = false;
    // The marker first: Redis emptied between the two leaves the marker gone, so the next check upserts again.
    await (await this.queue.client).set(this.markerKey, new Date().toISOString());
    await this.queue.upsertJobScheduler(this.spec.id, this.spec.repeat, this.spec.template);
    this.upserted = true;
  }
}
