import { InjectQueue } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  comparePositions,
  FORWARDER_CHECKPOINT,
  formatPosition,
  type GlobalPosition,
  parsePosition,
  type PlayQuidEventType,
  type ProjectionRangeJob,
  projectionRangeJobId,
  QUEUES,
  START_POSITION,
  type StoredEventMessage,
} from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { callbackProcessingJobs, callbacksIn } from '../callbacks/callback-jobs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { RedisLease } from '../infra/redis-lease';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { approvedPayoutsIn, rewardOrderJobs } from '../rewards/reward-order.jobs';
import { referralSettlementJobs } from '../wallet/referral-settlement.jobs';

const CHECKPOINT_EVERY_MS = 1_000;
const RESUME_AFTER_MS = 1_000;
/**
 * Events per projections job at most: one page of the log. A backlog drains in a few large
 * batches (fewer transactions and statements per event); a quiet log sends each event at once.
 */
const RANGE_SIZE = 2_500;
/**
 * While the projection worker has not yet taken the last range sent, new events are held back from
 * the projections (not from the reactions) for up to this long, so what the log gains meanwhile
 * goes out as one larger range instead of many small ones: each range costs a transaction per
 * projection, whatever its size. A full range (RANGE_SIZE) is sent at once.
 */
const HOLD_WHILE_WAITING_MS = 250;
const HOLD_POLL_MS = 5;
/** Redis key whose absence tells the forwarder that Redis lost its data (restarted without persistence). */
const ALIVE_KEY = 'forwarder:alive';
/** The lease that makes one forwarder run at a time across every replica. */
const LEASE_KEY = 'forwarder:lease';
/**
 * The last event whose reactions (callback processing, reward orders) were queued, written only by
 * the lease holder: a standby taking over re-sends the projections from their checkpoint (harmless)
 * but queues reactions only after this, so no callback is queued twice when the holder dies.
 */
const REACTED_KEY = 'forwarder:reacted';
/** The end of the page whose reactions are being queued: set before the enqueue, so a standby knows what may already be queued. */
const REACTING_KEY = 'forwarder:reacting';
/** Newest callback-processing jobs a takeover looks through for callbacks the previous holder queued. */
const TAKEOVER_JOB_SCAN = 5_000;

/** The lease was lost while a page was being forwarded: nothing more is sent by this process. */
class LeaseLostError extends Error {
  constructor() {
    super('the forwarder lease was lost; another replica forwards from here');
  }
}

const PROJECTION_JOB = {
  attempts: 1_000,
  backoff: { type: 'fixed', delay: 200 },
  // A range can hold megabytes of events: keep only the latest few once applied (a range sent
  // again after that is applied again, and skipped by every checkpoint).
  removeOnComplete: { age: 3_600, count: 20 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;

type BulkJobs = Parameters<Queue['addBulk']>[0];

interface Reaction {
  queue: string;
  /** The jobs a page of the log asks for (the page holds at least one event of the reaction's type). */
  jobs(page: readonly StoredEventMessage[]): BulkJobs;
}

/** What an event asks for besides the projections: event type -> the queue it feeds and the jobs. */
const REACTIONS: { readonly [T in PlayQuidEventType]?: Reaction } = {
  CallbackReceived: { queue: QUEUES.callbackProcessing, jobs: (page) => callbackProcessingJobs(callbacksIn(page)) },
  PayoutApproved: { queue: QUEUES.rewardOrders, jobs: (page) => rewardOrderJobs(approvedPayoutsIn(page)) },
  PayoutRewardResendRequested: { queue: QUEUES.rewardOrders, jobs: (page) => rewardOrderJobs(approvedPayoutsIn(page)) },
  MemberQualified: { queue: QUEUES.referralSettlements, jobs: (page) => referralSettlementJobs(page) },
  MemberQualificationLost: { queue: QUEUES.referralSettlements, jobs: (page) => referralSettlementJobs(page) },
};

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
  /** Events after `sentUpTo`, up to `last`, not yet in a projections job. */
  private held: StoredEventMessage[] = [];
  private heldSince = 0;
  /** The last event in a projections job: the forwarder's checkpoint. */
  private sentUpTo: GlobalPosition = START_POSITION;
  private lastSaved: GlobalPosition = START_POSITION;
  /** Sends of held events run one at a time, in log order. */
  private sending: Promise<void> = Promise.resolve();
  private sendTimer?: NodeJS.Timeout;
  private stopped = false;
  private saveTimer?: NodeJS.Timeout;
  private resumeTimer?: NodeJS.Timeout;
  /** A tick waits on Redis, which may be away for a while: never run two at once. */
  private ticking = false;
  private lease?: RedisLease;
  /** Reactions were queued up to here (by this or an earlier holder): not queued again. */
  private reactedUpTo?: GlobalPosition;
  /**
   * After a takeover: the end of the page the previous holder was queuing when it stopped (it may
   * have queued it, or not). Callbacks up to here are queued again only when no job names them yet.
   */
  private mayBeQueuedUpTo?: GlobalPosition;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.projections) projections: Queue,
    @InjectQueue(QUEUES.callbackProcessing) callbackProcessing: Queue,
    @InjectQueue(QUEUES.rewardOrders) rewardOrders: Queue,
    @InjectQueue(QUEUES.referralSettlements) referralSettlements: Queue,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.queues = new Map([projections, callbackProcessing, rewardOrders, referralSettlements].map((queue) => [queue.name, queue]));
  }

  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.lease = new RedisLease({
      redis: this.redis,
      key: `${this.config.bullPrefix}:${LEASE_KEY}`,
      onAcquired: () =>
        this.start().catch(async (error: unknown) => {
          // Could not start (Postgres or Redis away): let a standby (or this process, later) try.
          this.logger.error(error, 'forwarder did not start; giving the lease up');
          await this.standDown();
          await this.lease?.stop();
          this.lease?.start();
        }),
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
  private async standDown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    clearTimeout(this.sendTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => undefined);
    await this.sending.catch(() => undefined);
    this.held = [];
  }

  private reactedKey(): string {
    return `${this.config.bullPrefix}:${REACTED_KEY}`;
  }

  private reactingKey(): string {
    return `${this.config.bullPrefix}:${REACTING_KEY}`;
  }

  /** Before a send only the holder may do: throws when the lease is gone (by local reckoning or in Redis). */
  private async fence(): Promise<void> {
    if (this.lease && !(await this.lease.fence())) throw new LeaseLostError();
  }

  async start(): Promise<void> {
    this.stopped = false;
    // A job that failed for good would block its id forever; the replay below re-sends it.
    await this.queue(QUEUES.projections).clean(0, 10_000, 'failed');
    this.last = this.sentUpTo = this.lastSaved = await this.resumePosition();
    const [reacted, reacting] = await Promise.all([this.redis.get(this.reactedKey()), this.redis.get(this.reactingKey())]);
    this.reactedUpTo = reacted ? parsePosition(reacted) : undefined;
    this.mayBeQueuedUpTo =
      reacting && (!this.reactedUpTo || comparePositions(parsePosition(reacting), this.reactedUpTo) > 0) ? parsePosition(reacting) : undefined;
    // Redis lost its data while no forwarder ran (the lease went with it): re-queue unfinished work.
    if (!(await this.redisStillHasOurData())) await this.requeueUnfinished();
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
    return { client: await this.queue(QUEUES.projections).client, key: `${this.config.bullPrefix}:${ALIVE_KEY}` };
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
    clearTimeout(this.sendTimer);
    await this.sending.catch(() => undefined);
    this.held = [];
    this.last = this.sentUpTo = await this.resumePosition();
    this.reactedUpTo = undefined;
    this.mayBeQueuedUpTo = undefined;
    this.logger.warn(`Redis lost its queued jobs; re-sending the log after ${formatPosition(this.last)} and unfinished work`);
    await this.requeueUnfinished();
    await this.markRedisAlive();
    this.follow();
  }

  /** Queues again the callbacks and reward orders the read model shows as unfinished (every job is idempotent). */
  private async requeueUnfinished(): Promise<void> {
    const [callbacks, payouts] = await Promise.all([
      this.db
        .selectFrom('callbacks')
        .select(['id', 'transaction_id', 'user_id'])
        .where('accepted', '=', true)
        .where('is_processed', '=', false)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('payouts')
        .select(['id', 'uid'])
        .where('status', '=', 'approved')
        .where('reward_order_id', 'is', null)
        .where('reward_status', '!=', 'order_failed')
        .execute(),
    ]);
    await this.fence();
    await Promise.all([
      this.queue(QUEUES.callbackProcessing).addBulk(
        callbackProcessingJobs(
          callbacks.flatMap((c) =>
            c.transaction_id && c.user_id ? [{ userId: c.user_id, transactionId: c.transaction_id, callbackId: c.id }] : [],
          ),
        ),
      ),
      this.queue(QUEUES.rewardOrders).addBulk(rewardOrderJobs(payouts.map((p) => ({ uid: p.uid, payoutId: p.id })))),
    ]);
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
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearInterval(this.saveTimer);
    await this.subscription?.close();
    clearTimeout(this.sendTimer);
    await this.sendHeld(true).catch((e) => this.logger.error(e));
    await this.saveCheckpoint().catch((e) => this.logger.error(e));
  }

  /**
   * One page of the log: its reactions' jobs are queued at once; its events join the range held
   * for the projections, which goes out at once when the worker is free or the range is full.
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
    const toReact = await this.notQueuedBefore(reactedUpTo ? page.filter((m) => comparePositions(parsePosition(m.position), reactedUpTo) > 0) : page);
    const types = new Set(toReact.map((m) => m.type));
    const reactions = Object.entries(REACTIONS).filter(([type]) => types.has(type));
    if (reactions.length > 0) {
      await this.fence();
      // Said before the enqueue: a holder killed between the two leaves its standby this page to check.
      if (this.lease && !(await this.lease.fencedSet(this.reactingKey(), formatPosition(previous)))) throw new LeaseLostError();
      await Promise.all(reactions.map(([, reaction]) => this.queue(reaction.queue).addBulk(reaction.jobs(toReact))));
      if (this.lease && !(await this.lease.fencedSet(this.reactedKey(), formatPosition(previous)))) throw new LeaseLostError();
      this.reactedUpTo = previous;
    }
    this.last = previous;
    if (this.held.length === 0) this.heldSince = Date.now();
    this.held.push(...page);
    // The reactions are out and `last` moved on: a failed send is retried here, not by re-reading the log.
    await this.sendHeld(false).catch((error) => this.retrySendHeld(error));
  }

  /**
   * After a takeover, the page the previous holder may have queued before it stopped: its callbacks
   * that a job already names are left out (a callback job's id depends on how the page was cut, so
   * its id alone would not catch it). Other reactions' job ids are their own keys (payout, friend and
   * change), so a second send of them is queued once anyway.
   */
  private async notQueuedBefore(messages: StoredEventMessage[]): Promise<StoredEventMessage[]> {
    const until = this.mayBeQueuedUpTo;
    if (!until) return messages;
    const inDoubt = messages.filter((m) => m.type === 'CallbackReceived' && comparePositions(parsePosition(m.position), until) <= 0);
    if (messages.length > 0 && comparePositions(parsePosition(messages[messages.length - 1].position), until) >= 0) this.mayBeQueuedUpTo = undefined;
    if (inDoubt.length === 0) return messages;
    const jobs = await this.queue(QUEUES.callbackProcessing).getJobs(
      ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'],
      0,
      TAKEOVER_JOB_SCAN - 1,
      false,
    );
    const queued = new Set(jobs.flatMap((job) => ((job?.data as { callbacks?: Array<{ callbackId: string }> } | undefined)?.callbacks ?? []).map((c) => c.callbackId)));
    const skipped = inDoubt.filter((m) => queued.has((m.data as { callbackId: string }).callbackId));
    if (skipped.length > 0) this.logger.log({ skipped: skipped.length }, 'took over: callbacks the previous holder had queued are not queued again');
    const skip = new Set(skipped);
    return messages.filter((m) => !skip.has(m));
  }

  /**
   * Sends the held events as projections jobs of at most RANGE_SIZE (job id = the range, so a range
   * sent again is queued once): all of them when `force`d, when the worker has taken every range
   * sent or when they have waited HOLD_WHILE_WAITING_MS; else it looks again shortly.
   */
  private sendHeld(force: boolean): Promise<void> {
    const send = async () => {
      clearTimeout(this.sendTimer);
      const projections = this.queue(QUEUES.projections);
      while (this.held.length > 0) {
        const ready =
          force ||
          this.held.length >= RANGE_SIZE ||
          Date.now() - this.heldSince >= HOLD_WHILE_WAITING_MS ||
          (await projections.getWaitingCount()) === 0;
        if (!ready) {
          this.sendHeldLater(HOLD_POLL_MS);
          return;
        }
        const range = this.held.slice(0, RANGE_SIZE);
        const job: ProjectionRangeJob = { events: range };
        await this.fence();
        await projections.add('range', job, { jobId: projectionRangeJobId(range), ...PROJECTION_JOB });
        this.held = this.held.slice(range.length);
        this.heldSince = Date.now();
        this.sentUpTo = parsePosition(range[range.length - 1].position);
      }
    };
    this.sending = this.sending.then(send, send);
    return this.sending;
  }

  /** Held events must not wait for the next page of the log: a send that fails is tried again. */
  private sendHeldLater(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.sendTimer);
    this.sendTimer = setTimeout(() => void this.sendHeld(false).catch((error) => this.retrySendHeld(error)), delayMs);
  }

  private retrySendHeld(error: unknown): void {
    if (this.stopped || error instanceof LeaseLostError) return;
    this.logger.error(error, `sending held events to the projections failed; trying again in ${RESUME_AFTER_MS} ms`);
    this.sendHeldLater(RESUME_AFTER_MS);
  }

  private async resumePosition(): Promise<GlobalPosition> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
    const positions = rows.map((r) => ({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }));
    if (!rows.some((r) => r.projection === FORWARDER_CHECKPOINT)) return START_POSITION;
    return positions.reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  }

  private async saveCheckpoint(): Promise<void> {
    const position = this.sentUpTo;
    if (comparePositions(position, this.lastSaved) === 0) return;
    // A stale holder must not move the checkpoint (the new holder owns it now).
    if (this.lease && !this.lease.holds()) return;
    await this.db
      .insertInto('projection_checkpoints')
      .values({
        projection: FORWARDER_CHECKPOINT,
        commit_position: position.commit.toString(),
        prepare_position: position.prepare.toString(),
      })
      .onConflict((oc) =>
        oc.column('projection').doUpdateSet({
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          updated_at: new Date(),
        }),
      )
      .execute();
    this.lastSaved = position;
  }
}
