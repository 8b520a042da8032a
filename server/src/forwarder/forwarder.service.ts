import { InjectQueue } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { comparePositions, formatPosition, type GlobalPosition, QUEUES, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { RedisLease } from '../infra/redis-lease';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { ForwarderCheckpointRepository } from './forwarder-checkpoint.repository';
import { ForwarderHoldings } from './forwarder-holdings';
import { forwarderKeys } from './forwarder-keys';
import { LeaseLostError } from './lease-lost.error';
import { LogFollower } from './log-follower';
import { RangeBatcher } from './range-batcher';
import { ReactionLots } from './reaction-lots';
import { RedisLossRecovery } from './redis-loss-recovery';
import { UnfinishedWorkRepository } from './unfinished-work.repository';

const CHECKPOINT_EVERY_MS = 1_000;

/**
 * Follows the global log in pages and feeds BullMQ: each page joins the range held for the
 * projections (a ProjectionRangeJob, jobId = its first..last positions, so the same range sent again
 * is queued once) as soon as it is read, and whatever REACTIONS say its events ask of other queues
 * (callback processing, reward orders) is queued beside it, in log order: the pages read while one
 * lot of reactions is being queued go out together next, one round trip per queue. So neither the
 * reading nor a member's wallet waits on the reactions to other members' callbacks. It resumes from
 * the lowest of its own and the projections' checkpoints (its own never passes an event whose
 * reactions are not queued), so jobs lost with Redis are re-sent.
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
  /** The projections queue and every queue a reaction feeds, by name. */
  private readonly queues: ReadonlyMap<string, Queue>;
  /** The reactions of what is read, queued in log order; reading resumes after the last event whose reactions are queued. */
  private readonly reactions: ReactionLots;
  private readonly follower: LogFollower;
  /** Events read after the last projections job, held for the next one. */
  private readonly ranges: RangeBatcher;
  private readonly checkpoints: ForwarderCheckpointRepository;
  private readonly recovery: RedisLossRecovery;
  private lastSaved: GlobalPosition = START_POSITION;
  private stopped = false;
  private saveTimer?: NodeJS.Timeout;
  /** A tick waits on Redis, which may be away for a while: never run two at once. */
  private ticking = false;
  /** Start, standing down and a recovery run one at a time; a recovery begun under an ended holding stops. */
  private readonly holdings = new ForwarderHoldings();
  private lease?: RedisLease;
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
    this.reactions = new ReactionLots({
      queue: (name) => this.queue(name),
      callbackProcessing,
      fencedSet: async (values) => {
        if (this.lease && !(await this.lease.fencedSet(values))) throw new LeaseLostError();
      },
      keys: this.keys,
      onFailed: (error) => {
        if (this.stopped) return;
        this.logger.error(error, 'queuing reactions failed');
        this.follower.followAgainLater();
      },
      logger: this.logger,
    });
    const { holdings, ranges, reactions, logger } = this;
    this.follower = new LogFollower({ store: this.store, holdings, ranges, reactions, stopped: () => this.stopped, logger });
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
    clearInterval(this.saveTimer);
    this.ranges.cancelScheduledSend();
    // Nothing more is read or queued: the new holder reads and queues it itself.
    const closed = this.follower.close().catch(() => undefined);
    const dropped = this.reactions.drop();
    return this.holdings.exclusive(async () => {
      await closed;
      await dropped;
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
      const position = (this.lastSaved = await this.checkpoints.resumePosition());
      this.ranges.restartAt(position);
      const [reacted, reacting] = await Promise.all([this.redis.get(this.keys.reacted), this.redis.get(this.keys.reacting)]);
      this.reactions.start(position, reacting, reacted);
      // Redis lost its data while no forwarder ran (the lease went with it): re-queue unfinished work.
      await this.recovery.requeueIfLost(() => this.fence());
      this.logger.log(`following the event log after ${formatPosition(position)}`);
      this.follower.follow();
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
    // A resumption scheduled after a failure is not needed: the log is followed anew below.
    await this.follower.close();
    // Everything after the checkpoints is queued again below and by following the log anew.
    await this.reactions.drop();
    await this.ranges.discard();
    const position = await this.checkpoints.resumePosition();
    this.ranges.restartAt(position);
    this.reactions.restartAt(position);
    this.logger.warn(`Redis lost its queued jobs; re-sending the log after ${formatPosition(position)} and unfinished work`);
    await this.recovery.requeueUnfinished(() => this.fence().then(() => this.holdings.check(holding)));
    await this.recovery.markRedisAlive();
    this.holdings.check(holding);
    this.follower.follow();
  }

  private queue(name: string): Queue {
    return this.queues.get(name)!;
  }

  async stop(): Promise<void> {
    this.holdings.end();
    this.stopped = true;
    clearInterval(this.saveTimer);
    await this.follower.close();
    // Still the holder: the reactions of what was read are queued before the checkpoint is saved.
    await this.reactions.drain();
    await this.ranges.flush().catch((e) => this.logger.error(e));
    await this.saveCheckpoint().catch((e) => this.logger.error(e));
  }

  private async saveCheckpoint(): Promise<void> {
    // Never past an event that is not yet in a projections job, nor one whose reactions are not queued.
    const sent = this.ranges.sentUpTo;
    const queued = this.reactions.queuedUpTo;
    const position = comparePositions(sent, queued) < 0 ? sent : queued;
    if (comparePositions(position, this.lastSaved) === 0) return;
    // A stale holder must not move the checkpoint (the new holder owns it now).
    if (this.lease && !this.lease.holds()) return;
    await this.checkpoints.save(position);
    this.lastSaved = position;
  }
}
