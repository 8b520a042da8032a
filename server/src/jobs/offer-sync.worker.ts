import { Inject, Injectable, Logger } from '@nestjs/common';
import { type OffersDebugData, type OfferSyncJob, type OfferSyncSummary, QUEUES } from '@playquid/contracts';
import { type ConnectionOptions, type Job, Queue, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS_CONNECTION } from '../infra/tokens';
import { OfferSyncService } from '../offers/offer-sync.service';
import { OfferRepository } from '../repositories/offer.repository';

const SCHEDULER_ID = 'offer-sync-schedule';
// A failed run is not retried: the next scheduled run is the retry. Recent runs stay for /offers/debug.
const JOB_OPTIONS = { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } };

type LastRun = OffersDebugData['sync']['last_run'];

/**
 * The BitLabs catalogue sync as a BullMQ job: a scheduler adds one every OFFER_SYNC_INTERVAL_MINUTES
 * (BullMQ runs the first at once), and an empty catalogue gets one more at startup. One run at a
 * time per process; runs in several processes are safe (see OfferSyncService).
 */
@Injectable()
export class OfferSyncWorker {
  private readonly logger = new Logger('OfferSyncWorker');
  private queue?: Queue<OfferSyncJob, OfferSyncSummary>;
  private worker?: Worker<OfferSyncJob, OfferSyncSummary>;

  constructor(
    private readonly sync: OfferSyncService,
    private readonly offers: OfferRepository,
    @Inject(REDIS_CONNECTION) private readonly connection: ConnectionOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get enabled(): boolean {
    return this.config.offers.syncEnabled;
  }

  private queueOf(): Queue<OfferSyncJob, OfferSyncSummary> {
    this.queue ??= new Queue<OfferSyncJob, OfferSyncSummary>(QUEUES.offerSync, { connection: this.connection, prefix: this.config.bullPrefix });
    return this.queue;
  }

  async start(): Promise<void> {
    if (!this.enabled) {
      this.logger.log('BitLabs offer sync is off (OFFER_SYNC=false, or no BITLABS_API_URL/BITLABS_API_TOKEN)');
      return;
    }
    const queue = this.queueOf();
    this.worker = new Worker<OfferSyncJob, OfferSyncSummary>(QUEUES.offerSync, () => this.sync.syncOnce(), {
      connection: this.connection,
      prefix: this.config.bullPrefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) => this.logger.error({ jobId: job?.id, trigger: job?.data.trigger, error: error.message }, 'offer sync failed'));
    await queue.upsertJobScheduler(SCHEDULER_ID, { every: this.config.offers.syncIntervalMs }, { name: 'sync', data: { trigger: 'schedule' }, opts: JOB_OPTIONS });
    if ((await this.offers.count()) === 0) await queue.add('sync', { trigger: 'startup' }, JOB_OPTIONS);
  }

  /** Runs a sync now (admin or tests); resolves with its summary. */
  runNow(): Promise<OfferSyncSummary> {
    return this.sync.syncOnce();
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** The sync part of GET /offers/debug: configuration and the newest finished run. */
  async status(): Promise<OffersDebugData['sync']> {
    const { syncIntervalMs, apiUrl } = this.config.offers;
    return {
      enabled: this.enabled,
      interval_minutes: syncIntervalMs / 60_000,
      source_url: `${apiUrl}/v2/publishers/offers`,
      last_run: this.enabled ? await this.lastRun() : null,
    };
  }

  private async lastRun(): Promise<LastRun> {
    const queue = this.queueOf();
    const [[completed], [failed]] = await Promise.all([queue.getJobs(['completed'], 0, 0, false), queue.getJobs(['failed'], 0, 0, false)]);
    const newest = [completed, failed].filter((job): job is Job<OfferSyncJob, OfferSyncSummary> => Boolean(job?.finishedOn)).sort((a, b) => b.finishedOn! - a.finishedOn!)[0];
    if (!newest) return null;
    const succeeded = newest === completed;
    return {
      finished_at: new Date(newest.finishedOn!).toISOString(),
      outcome: succeeded ? 'succeeded' : 'failed',
      trigger: newest.data?.trigger ?? null,
      summary: succeeded ? newest.returnvalue : null,
      error: succeeded ? null : newest.failedReason,
    };
  }
}
