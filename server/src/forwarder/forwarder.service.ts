import { InjectQueue } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { comparePositions, formatPosition, type GlobalPosition, parsePosition, QUEUES, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { RedisLease } from '../infra/redis-lease';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { ForwarderCheckpointRepository } from './forwarder-checkpoint.repository';
import { ForwarderHoldings } from './forwarder-holdings';
import { forwarderKeys } from './forwarder-keys';
import { reactionsTo, toMessage } from './forwarder-reactions';
import { LeaseLostError } from './lease-lost.error';
import { RANGE_SIZE, RangeBatcher } from './range-batcher';
import { RedisLossRecovery } from './redis-loss-recovery';
import { TakeoverDedupe } from './takeover-dedupe';
import { UnfinishedWorkRepository } from './unfinished-work.repository';

const CHECKPOINT_EVERY_MS = 1_000;
const RESUME_AFTER_MS = 1_000;

/**
 * Follows the global log in pages and feeds BullMQ: each page is one projections job (a
 * ProjectionRangeJob, jobId = its first..last positions, so the same range sent again is queued
 * once), and whatever REACTIONS say its events ask of other queues (callback processing, reward
 * orders); a page's jobs are added together, one round trip per queue. It resumes from the lowest
 * of its own and the projections' checkpoints, so jobs lost with Redis are re-sent.
 *
 * Redis holds only jobs, never facts: when it comes back empty (a restart without persistence), the
 * forwarder notices its marker key is gone, rewinds to the lowest checkpoint and re-queues the
 * callbacks and reward orders the read model shows as unfinished. Every job is idempotent, so
 * sending one twice changes nothing.
 *
 * It runs where RUN_WORKERS allows, in one process at a time across every replica (a Redis lease
 * with a fencing check before every send; a standby takes over within a few seconds of the holder's
 * death), and stops before the queues and stores close.
 */
@Injectable()
export class ForwarderService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Forwarder');
  private subscription?: Subscription;
  /** The projections queue and every queue a reaction feeds, by name. */
  private readonly queues: ReadonlyMap<string, Queue>;
  /** The last event forwarded to the reactions. */
  private last: GlobalPosition = START_POSITION;
  /** Events after the last projections job, up to `last`, held for the next one. */
  private readonly ranges: RangeBatcher;
  private readonly checkpoints: ForwarderCheckpointRepository;
  private readonly recovery: RedisLossRecovery;
  private lastSaved: GlobalPosition = START_POSITION;
  private stopped = false;
  private saveTimer?: NodeJS.Timeout;
  private resumeTimer?: NodeJS.Timeout;
  /** A tick waits on Redis, which may be away for a while: never run two at once. */
  private ticking = false;
  /** Start, standing down and a recovery run one at a time; a recovery begun under an ended holding stops. */
  private readonly holdings = new ForwarderHoldings();
  private lease?: RedisLease;
  /** Reactions were queued up to here (by this or an earlier holder): not queued again. */
  private reactedUpTo?: GlobalPosition;
  /** After a takeover: the callbacks the previous holder may have queued are not queued again. */
  private readonly takeover: TakeoverDedupe;
  private readonly keys: ReturnType<typeof forwarderKeys>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) db: Kysely<DB>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.projections) projections: Queue,
    @InjectQueue(QUEUES.callbackProcessing) callbackProcessing: Queue,
    @InjectQueue(QUEUES.rewardOrders) rewardOrders: Queue,
    @InjectQueue(QUEUES.referralSettlements) referralSettlements: Queue,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.queues = new Map([projections, callbackProcessing, rewardOrders, referralSettlements].map((queue) => [queue.name, queue]));
    this.keys = forwarderKeys(config.bullPrefix);
    this.checkpoints = new ForwarderCheckpointRepository(db);
    this.ranges = new RangeBatcher(projections, () => this.fence(), () => this.stopped, this.logger);
    this.takeover = new TakeoverDedupe(callbackProcessing, this.logger);
    this.recovery = new RedisLossRecovery(projections, config.bullPrefix, new UnfinishedWorkRepository(db), callbackProcessing, rewardOrders);
  }

  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.lease = new RedisLease({
      redis: this.redis,
      key: this.keys.lease,
      // A start that fails (Postgres or Redis away) gives the lease up: onLost stands down, and a
      // standby (or this process, a TTL later) tries again.
      onAcquired: () => this.start(),
      onLost: () => this.standDown(),
    });
    this.lease.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    // Still the holder: what is held goes out and the checkpoint is saved, then the lease is given up.
    if (this.lease?.holds()) await this.stop();
    await this.lease?.stop();
  }

  /** True while this process holds the forwarder lease (a standby answers false). */
  get leading(): boolean {
    return this.lease?.holds() ?? false;
  }

  /** The lease was lost: stop at once and send nothing more (the new holder re-sends from the checkpoints). */
  private standDown(): Promise<void> {
    this.holdings.end();
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    this.ranges.cancelScheduledSend();
    return this.holdings.exclusive(async () => {
      const subscription = this.subscription;
      this.subscription = undefined;
      await subscription?.close().catch(() => undefined);
      await this.ranges.discard();
    });
  }

  /** Before a send only the holder may do: throws when the lease is gone (by local reckoning or in Redis). */
  private async fence(): Promise<void> {
    if (this.lease && !(await this.lease.fence())) throw new LeaseLostError();
  }

  /** Starts following the log (on taking the lease), after any stand-down or recovery still running. */
  start(): Promise<void> {
    return this.holdings.exclusive(async () => {
      this.stopped = false;
      // A job that failed for good would block its id forever; the replay below re-sends it.
      await this.queue(QUEUES.projections).clean(0, 10_000, 'failed');
      this.last = this.ranges.sentUpTo = this.lastSaved = await this.checkpoints.resumePosition();
      const [reacted, reacting] = await Promise.all([this.redis.get(this.keys.reacted), this.redis.get(this.keys.reacting)]);
      this.reactedUpTo = reacted ? parsePosition(reacted) : undefined;
      this.takeover.resume(reacting, this.reactedUpTo);
      // Redis lost its data while no forwarder ran (the lease went with it): re-queue unfinished work.
      await this.recovery.requeueIfLost(() => this.fence());
      this.logger.log(`following the event log after ${formatPosition(this.last)}`);
      this.follow();
      this.saveTimer = setInterval(() => void this.tick().catch((e) => e instanceof LeaseLostError || this.logger.error(e)), CHECKPOINT_EVERY_MS);
    });
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    const holding = this.holdings.now;
    try {
      await this.saveCheckpoint();
      if (!(await this.recovery.redisStillHasOurData())) await this.holdings.exclusive(() => this.recoverLostJobs(holding));
    } finally {
      this.ticking = false;
    }
  }

  /** Redis came back without its jobs (and the lease: a holding ended meanwhile leaves this to its successor's start). */
  private async recoverLostJobs(holding: number): Promise<void> {
    this.holdings.check(holding);
    clearTimeout(this.resumeTimer);
    await this.subscription?.close();
    this.subscription = undefined;
    await this.ranges.discard();
    this.last = this.ranges.sentUpTo = await this.checkpoints.resumePosition();
    this.reactedUpTo = undefined;
    this.takeover.forget();
    this.logger.warn(`Redis lost its queued jobs; re-sending the log after ${formatPosition(this.last)} and unfinished work`);
    await this.recovery.requeueUnfinished(() => this.fence().then(() => this.holdings.check(holding)));
    await this.recovery.markRedisAlive();
    this.holdings.check(holding);
    this.follow();
  }

  private queue(name: string): Queue {
    return this.queues.get(name)!;
  }

  /** Subscribes after the last forwarded event; after a failure (Redis or Postgres away) it resumes there. */
  private follow(): void {
    this.subscription = this.store.subscribeToAll({
      after: this.last,
      maxCount: RANGE_SIZE,
      // Redis jobs carry personal fields as stored (ciphertext): the projection worker decrypts them,
      // and a shredded key leaves nothing readable in a job kept after it ran.
      personalData: 'encrypted',
      onEvents: (events) => this.forward(events),
      onError: (error) => {
        if (this.stopped) return;
        this.logger.error(error, `event subscription stopped; resuming after ${formatPosition(this.last)} in ${RESUME_AFTER_MS} ms`);
        this.resumeTimer = setTimeout(() => this.follow(), RESUME_AFTER_MS);
      },
    });
  }

  async stop(): Promise<void> {
    this.holdings.end();
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    await this.subscription?.close();
    await this.ranges.flush().catch((e) => this.logger.error(e));
    await this.saveCheckpoint().catch((e) => this.logger.error(e));
  }

  /**
   * One page of the log: its reactions' jobs are queued at once; then its events join the range
   * held for the projections, which goes out at once when the worker is free or the range is full.
   */
  private async forward(events: RecordedEvent[]): Promise<void> {
    let previous = this.last;
    const page = events.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
    if (this.stopped) throw new LeaseLostError();
    // After a takeover, what the previous holder already queued is not queued again.
    const reactedUpTo = this.reactedUpTo;
    const toReact = await this.takeover.notQueuedBefore(reactedUpTo ? page.filter((m) => comparePositions(parsePosition(m.position), reactedUpTo) > 0) : page);
    const reactions = reactionsTo(toReact);
    if (reactions.length > 0) {
      // The fenced write is the fence: it is made only while the lease is ours.
      // Said before the enqueue: a holder killed between the two leaves its standby this page to check.
      if (this.lease && !(await this.lease.fencedSet(this.keys.reacting, formatPosition(previous)))) throw new LeaseLostError();
      await Promise.all(reactions.map((reaction) => this.queue(reaction.queue).addBulk(reaction.jobs(toReact))));
      if (this.lease && !(await this.lease.fencedSet(this.keys.reacted, formatPosition(previous)))) throw new LeaseLostError();
      this.reactedUpTo = previous;
    }
    this.last = previous;
    // Not waited for: the next page is read while this one's range goes out (the batcher sends its
    // ranges one at a time, in order, and retries a failed send itself).
    void this.ranges.hold(page);
  }

  private async saveCheckpoint(): Promise<void> {
    const position = this.ranges.sentUpTo;
    if (comparePositions(position, this.lastSaved) === 0) return;
    // A stale holder must not move the checkpoint (the new holder owns it now).
    if (this.lease && !this.lease.holds()) return;
    await this.checkpoints.save(position);
    this.lastSaved = position;
  }
}
