import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CallbackProcessingJob,
  type CallbackReceived,
  comparePositions,
  FORWARDER_CHECKPOINT,
  formatPosition,
  type GlobalPosition,
  type PayoutApproved,
  QUEUES,
  type RewardOrderJob,
  START_POSITION,
  type StoredEventMessage,
} from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type ConnectionOptions, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { READ_DB, REDIS_CONNECTION } from '../infra/tokens';

const CHECKPOINT_EVERY_MS = 1_000;
const RESUME_AFTER_MS = 1_000;
/** Redis key whose absence tells the forwarder that Redis lost its data (restarted without persistence). */
const ALIVE_KEY = 'forwarder:alive';

const PROCESSING_JOB = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3_600 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;
// Exponential backoff over ~40 minutes rides out a Tremendous outage; the last attempt records a failure.
const REWARD_ORDER_JOB = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3_600 },
  removeOnFail: { age: 30 * 24 * 3_600 },
} as const;

export function toMessage(event: RecordedEvent, previous: GlobalPosition): StoredEventMessage {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    position: formatPosition(event.position),
    previousPosition: formatPosition(previous),
    createdAt: event.createdAt.toISOString(),
  };
}

/**
 * Follows the global log and feeds BullMQ: every event to the projections queue (jobId = position,
 * so a replay adds nothing twice) and each CallbackReceived to the processing queue. It resumes from
 * the lowest of its own and the projections' checkpoints, so jobs lost with Redis are re-sent.
 * Each PayoutApproved becomes a reward-order job (jobId = payout id).
 *
 * Redis holds only jobs, never facts: when it comes back empty (a restart without persistence), the
 * forwarder notices its marker key is gone, rewinds to the lowest checkpoint and re-queues the
 * callbacks and reward orders the read model shows as unfinished. Every job is idempotent, so
 * sending one twice changes nothing.
 */
@Injectable()
export class ForwarderService {
  private readonly logger = new Logger('Forwarder');
  private subscription?: Subscription;
  private projectionsQueue?: Queue;
  private processingQueue?: Queue;
  private rewardOrdersQueue?: Queue;
  private last: GlobalPosition = START_POSITION;
  private lastSaved: GlobalPosition = START_POSITION;
  private saveTimer?: NodeJS.Timeout;
  private resumeTimer?: NodeJS.Timeout;
  /** A tick waits on Redis, which may be away for a while: never run two at once. */
  private ticking = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(REDIS_CONNECTION) private readonly connection: ConnectionOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(): Promise<void> {
    const prefix = this.config.bullPrefix;
    this.projectionsQueue = new Queue(QUEUES.projections, { connection: this.connection, prefix });
    this.processingQueue = new Queue(QUEUES.callbackProcessing, { connection: this.connection, prefix });
    this.rewardOrdersQueue = new Queue(QUEUES.rewardOrders, { connection: this.connection, prefix });
    // A job that failed for good would block its id forever; the replay below re-sends it.
    await this.projectionsQueue.clean(0, 10_000, 'failed');
    this.last = this.lastSaved = await this.resumePosition();
    await this.markRedisAlive();
    this.logger.log(`following the event log after ${formatPosition(this.last)}`);
    this.follow();
    this.saveTimer = setInterval(() => void this.tick().catch((e) => this.logger.error(e)), CHECKPOINT_EVERY_MS);
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.saveCheckpoint();
      if (!(await this.redisStillHasOurData())) await this.recoverLostJobs();
    } finally {
      this.ticking = false;
    }
  }

  private async aliveKey(): Promise<{ client: Awaited<Queue['client']>; key: string }> {
    return { client: await this.projectionsQueue!.client, key: `${this.config.bullPrefix}:${ALIVE_KEY}` };
  }

  private async markRedisAlive(): Promise<void> {
    const { client, key } = await this.aliveKey();
    await client.set(key, new Date().toISOString());
  }

  private async redisStillHasOurData(): Promise<boolean> {
    const { client, key } = await this.aliveKey();
    return (await client.get(key)) !== null;
  }

  /** Redis came back without its jobs: send again everything that may have been lost with it. */
  async recoverLostJobs(): Promise<void> {
    clearTimeout(this.resumeTimer);
    await this.subscription?.close();
    this.subscription = undefined;
    this.last = await this.resumePosition();
    this.logger.warn(`Redis lost its queued jobs; re-sending the log after ${formatPosition(this.last)} and unfinished work`);
    const [callbacks, payouts] = await Promise.all([
      this.db
        .selectFrom('callbacks')
        .select(['id', 'transaction_id'])
        .where('accepted', '=', true)
        .where('is_processed', '=', false)
        .execute(),
      this.db
        .selectFrom('payouts')
        .select(['id', 'uid'])
        .where('status', '=', 'approved')
        .where('reward_order_id', 'is', null)
        .where('reward_status', '!=', 'order_failed')
        .execute(),
    ]);
    for (const c of callbacks) if (c.transaction_id) await this.queueProcessing({ transactionId: c.transaction_id, callbackId: c.id });
    for (const p of payouts) await this.queueRewardOrder({ uid: p.uid, payoutId: p.id });
    await this.markRedisAlive();
    this.follow();
  }

  private queueProcessing(job: CallbackProcessingJob) {
    return this.processingQueue!.add('process', job, { jobId: job.callbackId, ...PROCESSING_JOB });
  }

  private queueRewardOrder(job: RewardOrderJob) {
    return this.rewardOrdersQueue!.add('order', job, { jobId: job.payoutId, ...REWARD_ORDER_JOB });
  }

  /** Subscribes after the last forwarded event; after a failure (Redis or Postgres away) it resumes there. */
  private follow(): void {
    this.subscription = this.store.subscribeToAll({
      after: this.last,
      onEvent: (event) => this.forward(event),
      onError: (error) => {
        this.logger.error(error, `event subscription stopped; resuming after ${formatPosition(this.last)} in ${RESUME_AFTER_MS} ms`);
        this.resumeTimer = setTimeout(() => this.follow(), RESUME_AFTER_MS);
      },
    });
  }

  async stop(): Promise<void> {
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    await this.subscription?.close();
    await this.saveCheckpoint().catch((e) => this.logger.error(e));
    await Promise.all([this.projectionsQueue?.close(), this.processingQueue?.close(), this.rewardOrdersQueue?.close()]);
  }

  private async forward(event: RecordedEvent): Promise<void> {
    const message = toMessage(event, this.last);
    await this.projectionsQueue!.add(event.type, message, {
      jobId: message.position,
      attempts: 1_000,
      backoff: { type: 'fixed', delay: 200 },
      removeOnComplete: { age: 3_600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    });
    if (event.type === 'CallbackReceived') {
      const data = (event as RecordedEvent<'CallbackReceived', CallbackReceived['data']>).data;
      await this.queueProcessing({ transactionId: data.transactionId, callbackId: data.callbackId });
    }
    if (event.type === 'PayoutApproved') {
      const { uid, payoutId } = event.data as PayoutApproved['data'];
      await this.queueRewardOrder({ uid, payoutId });
    }
    this.last = event.position;
  }

  private async resumePosition(): Promise<GlobalPosition> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
    const positions = rows.map((r) => ({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }));
    if (!rows.some((r) => r.projection === FORWARDER_CHECKPOINT)) return START_POSITION;
    return positions.reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  }

  private async saveCheckpoint(): Promise<void> {
    const position = this.last;
    if (comparePositions(position, this.lastSaved) === 0) return;
    await this.db
      .insertInto('projection_checkpoints')
      .values({
        projection: FORWARDER_CHECKPOINT,
        commit_position: position.commit.toString(),
        prepare_position: position.prepare.toString(),
      })
      .onConflict((oc) =>
        oc
          .column('projection')
          .doUpdateSet({
            commit_position: position.commit.toString(),
            prepare_position: position.prepare.toString(),
            updated_at: new Date(),
          }),
      )
      .execute();
    this.lastSaved = position;
  }
}
