import { InjectQueue } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  comparePositions,
  formatPosition,
  type GlobalPosition,
  parsePosition,
  QUEUES,
  START_POSITION,
  type StoredEventMessage,
} from '@playquid/contracts';
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
/** Pages read ahead of the reactions at most: the reader then waits for them. */
const PAGES_AHEAD = 8;

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
  private subscription?: Subscription;
  /** The projections queue and every queue a reaction feeds, by name. */
  private readonly queues: ReadonlyMap<string, Queue>;
  /** The last event whose reactions are queued: reading resumes after it. */
  private last: GlobalPosition = START_POSITION;
  /** The last event read (at or after `last`): the next page's messages continue it. */
  private read: GlobalPosition = START_POSITION;
  /** Pages read whose reactions are not queued yet, in log order. */
  private unreacted: StoredEventMessage[][] = [];
  /** Queuing the reactions of `unreacted`, while it runs (it never rejects). */
  private reacting?: Promise<void>;
  /** Reading or reacting failed: the log is followed again shortly. */
  private restarting = false;
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
    // Nothing more is queued: the new holder queues these reactions itself.
    this.unreacted = [];
    return this.holdings.exclusive(async () => {
      const subscription = this.subscription;
      this.subscription = undefined;
      await subscription?.close().catch(() => undefined);
      await this.reacting;
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
      this.restarting = false;
      // A job that failed for good would block its id forever; the replay below re-sends it.
      await this.queue(QUEUES.projections).clean(0, 10_000, 'failed');
      this.last = this.read = this.lastSaved = await this.checkpoints.resumePosition();
      this.ranges.restartAt(this.last);
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
    // A resumption scheduled after a failure is not needed: the log is followed anew below.
    this.restarting = false;
    await this.subscription?.close();
    this.subscription = undefined;
    // Everything after the checkpoints is queued again below and by following the log anew.
    this.unreacted = [];
    await this.reacting;
    await this.ranges.discard();
    this.last = this.read = await this.checkpoints.resumePosition();
    this.ranges.restartAt(this.last);
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

  /**
   * Subscribes after the last event whose reactions are queued (nothing read is waiting for its
   * reactions then); after a failure (Redis or Postgres away) it resumes there.
   */
  private follow(): void {
    this.read = this.last;
    this.subscription = this.store.subscribeToAll({
      after: this.last,
      maxCount: RANGE_SIZE,
      // Redis jobs carry personal fields as stored (ciphertext): the projection worker decrypts them,
      // and a shredded key leaves nothing readable in a job kept after it ran.
      personalData: 'encrypted',
      onEvents: (events) => this.forward(events),
      onError: (error) => {
        if (this.stopped) return;
        this.logger.error(error, 'event subscription stopped');
        this.followAgainLater();
      },
    });
  }

  /**
   * Follows the log again a moment after reading or queuing reactions failed: the subscription stops
   * at once (pages it still hands over are dropped), then, once the reactions under way have
   * settled, it starts after the last event whose reactions are queued (the range batcher leaves
   * out what it already took).
   */
  private followAgainLater(): void {
    if (this.stopped || this.restarting) return;
    this.restarting = true;
    const subscription = this.subscription;
    this.subscription = undefined;
    const closed = subscription?.close().catch(() => undefined);
    const holding = this.holdings.now;
    this.resumeTimer = setTimeout(
      () =>
        void this.holdings
          .exclusive(async () => {
            await closed;
            await this.reacting;
            this.holdings.check(holding);
            this.restarting = false;
            // A recovery meanwhile follows the log itself.
            if (this.subscription) return;
            this.logger.log(`resuming after ${formatPosition(this.last)}`);
            this.follow();
          })
          .catch(() => undefined),
      RESUME_AFTER_MS,
    );
  }

  async stop(): Promise<void> {
    this.holdings.end();
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    await this.subscription?.close();
    // Still the holder: the reactions of what was read are queued before the checkpoint is saved.
    await this.reactToUnreacted();
    await this.ranges.flush().catch((e) => this.logger.error(e));
    await this.saveCheckpoint().catch((e) => this.logger.error(e));
  }

  /**
   * One page of the log: it joins the range held for the projections at once (which goes out when
   * the worker is free or the range is full) and waits with the pages before it for its reactions
   * to be queued. The reader goes on meanwhile, up to PAGES_AHEAD pages ahead of the reactions.
   */
  private async forward(events: RecordedEvent[]): Promise<void> {
    let previous = this.read;
    const page = events.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
    if (this.stopped) throw new LeaseLostError();
    // Read again once the log is followed anew.
    if (this.restarting) return;
    this.read = previous;
    // Not waited for: the batcher sends its ranges one at a time, in order, and retries a failed send itself.
    void this.ranges.hold(page);
    this.unreacted.push(page);
    const reacting = this.reactToUnreacted();
    if (this.unreacted.length >= PAGES_AHEAD) await reacting;
  }

  /**
   * Queues the reactions of the pages read so far, those read meanwhile together after them. That a
   * lot's reactions are queued is said in Redis with the next lot's fenced write (one round trip for
   * both), or on its own once nothing more waits.
   */
  private reactToUnreacted(): Promise<void> {
    this.reacting ??= (async () => {
      try {
        let unsaid: GlobalPosition | undefined;
        for (;;) {
          if (this.unreacted.length > 0) {
            const pages = this.unreacted;
            this.unreacted = [];
            unsaid = await this.react(pages.flat(), unsaid);
          } else if (unsaid) {
            await this.sayReacted(unsaid);
            unsaid = undefined;
          } else break;
        }
      } catch (error) {
        // Left to be read again: the log is followed anew after the last page whose reactions are queued.
        this.unreacted = [];
        if (!(error instanceof LeaseLostError) && !this.stopped) {
          this.logger.error(error, 'queuing reactions failed');
          this.followAgainLater();
        }
      } finally {
        this.reacting = undefined;
      }
    })();
    return this.reacting;
  }

  /**
   * Queues what REACTIONS say the messages (consecutive pages) ask of other queues, each queue's jobs
   * in one round trip. `unsaid`: the end of the lot before, whose reactions are queued but not yet
   * said to be. Answers the end of this lot if its reactions are queued and not yet said to be.
   */
  private async react(messages: StoredEventMessage[], unsaid: GlobalPosition | undefined): Promise<GlobalPosition | undefined> {
    const end = parsePosition(messages[messages.length - 1].position);
    // After a takeover, what the previous holder already queued is not queued again.
    const reactedUpTo = this.reactedUpTo;
    const toReact = await this.takeover.notQueuedBefore(
      reactedUpTo ? messages.filter((m) => comparePositions(parsePosition(m.position), reactedUpTo) > 0) : messages,
    );
    const reactions = reactionsTo(toReact);
    if (reactions.length === 0) {
      this.last = end;
      return unsaid;
    }
    // The fenced write is the fence: it is made only while the lease is ours. Said before the
    // enqueue: a holder killed between the two leaves its standby these pages to check.
    await this.fencedSet({ ...(unsaid && { [this.keys.reacted]: formatPosition(unsaid) }), [this.keys.reacting]: formatPosition(end) });
    if (unsaid) this.reactedUpTo = unsaid;
    await Promise.all(reactions.map((reaction) => this.queue(reaction.queue).addBulk(reaction.jobs(toReact))));
    this.last = end;
    return end;
  }

  /** Says in Redis that the reactions up to `position` are queued (a standby taking over need not check them). */
  private async sayReacted(position: GlobalPosition): Promise<void> {
    await this.fencedSet({ [this.keys.reacted]: formatPosition(position) });
    this.reactedUpTo = position;
  }

  private async fencedSet(values: Record<string, string>): Promise<void> {
    if (this.lease && !(await this.lease.fencedSet(values))) throw new LeaseLostError();
  }

  private async saveCheckpoint(): Promise<void> {
    // Never past an event that is not yet in a projections job, nor one whose reactions are not queued.
    const sent = this.ranges.sentUpTo;
    const position = comparePositions(sent, this.last) < 0 ? sent : this.last;
    if (comparePositions(position, this.lastSaved) === 0) return;
    // A stale holder must not move the checkpoint (the new holder owns it now).
    if (this.lease && !this.lease.holds()) return;
    await this.checkpoints.save(position);
    this.lastSaved = position;
  }
}
