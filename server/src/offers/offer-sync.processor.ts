import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { type OffersDebugData, type OfferSyncJob, type OfferSyncSummary, QUEUES } from '@playquid/contracts';
import type { Job, Queue } from 'bullmq';
import { MemberLocks } from '../infra/member-locks';
import { QueueWorker } from '../infra/queue-worker';
import { OfferRepository } from './offer.repository';
import { OfferSyncService } from './offer-sync.service';

const SCHEDULER_ID = 'offer-sync-schedule';
/** One sync at a time across every replica. */
const SYNC_LOCK = 'singleton:offer-sync';
// A failed run is not retried: the next scheduled run is the retry. Recent runs stay for /offers/debug.
const JOB_OPTIONS = { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } };

type LastRun = OffersDebugData['sync']['last_run'];

/**
 * The BitLabs catalogue sync as a BullMQ job: a scheduler adds one every OFFER_SYNC_INTERVAL_MINUTES
 * (BullMQ runs the first at once), and an empty catalogue gets one more at startup. Across replicas:
 * the scheduler is one (upserted by id, registered again if Redis loses it), the startup run is queued once (deduplicated while it
 * waits or runs), and a run holds a Redis lock, so one sync runs at a time in the whole cluster
 * (a second one waits, then finds nothing to do; overlapping runs would be safe anyway, see
 * OfferSyncService).
 */
@Processor(QUEUES.offerSync, { concurrency: 1, autorun: false })
export class OfferSyncProcessor extends QueueWorker<OfferSyncJob, OfferSyncSummary> {
  constructor(
    private readonly sync: OfferSyncService,
    private readonly offers: OfferRepository,
    private readonly locks: MemberLocks,
    @InjectQueue(QUEUES.offerSync) private readonly queue: Queue<OfferSyncJob, OfferSyncSummary>,
  ) {
    super('OfferSyncWorker');
  }

  private get enabled(): boolean {
    return this.config.offers.syncEnabled;
  }

  override async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    if (!this.enabled) {
      this.logger.log('BitLabs offer sync is off (OFFER_SYNC=false, or no BITLABS_API_URL/BITLABS_API_TOKEN)');
      return;
    }
    this.run();
    await this.keepScheduler(this.queue, { id: SCHEDULER_ID, repeat: { every: this.config.offers.syncIntervalMs }, template: { name: 'sync', data: { trigger: 'schedule' }, opts: JOB_OPTIONS } });
    if ((await this.offers.count()) === 0)
      await this.queue.add('sync', { trigger: 'startup' }, { ...JOB_OPTIONS, deduplication: { id: 'offer-sync-startup' } });
  }

  process(): Promise<OfferSyncSummary> {
    return this.locks.with(SYNC_LOCK, () => this.sync.syncOnce());
  }

  @OnWorkerEvent('failed')
  failed(job: Job<OfferSyncJob> | undefined, error: Error): void {
    this.logger.error({ jobId: job?.id, trigger: job?.data.trigger, error: error.message }, 'offer sync failed');
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
    const [[completed], [failed]] = await Promise.all([this.queue.getJobs(['completed'], 0, 0, false), this.queue.getJobs(['failed'], 0, 0, false)]);
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
