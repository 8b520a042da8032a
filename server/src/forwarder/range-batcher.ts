import type { Logger } from '@nestjs/common';
import {
  comparePositions,
  type GlobalPosition,
  type ProjectionRangeJob,
  parsePosition,
  projectionRangeJobId,
  START_POSITION,
  type StoredEventMessage,
} from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { LeaseLostError } from './lease-lost.error';

const RESUME_AFTER_MS = 1_000;
/**
 * Events per projections job at most: one page of the log. A backlog drains in a few large
 * batches (fewer transactions and statements per event); a quiet log sends each event at once.
 */
export const RANGE_SIZE = 2_500;
/**
 * While the projection worker has not yet taken the last range sent, new events are held back from
 * the projections (not from the reactions) for up to this long, so what the log gains meanwhile
 * goes out as one larger range instead of many small ones: each range costs a transaction per
 * projection, whatever its size. A full range (RANGE_SIZE) is sent at once.
 */
const HOLD_WHILE_WAITING_MS = 250;
const HOLD_POLL_MS = 5;

const PROJECTION_JOB = {
  attempts: 1_000,
  backoff: { type: 'fixed', delay: 200 },
  // A range can hold megabytes of events: keep only the latest few once applied (a range sent
  // again after that is applied again, and skipped by every checkpoint).
  removeOnComplete: { age: 3_600, count: 20 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;

/**
 * The forwarder's events on their way to the projections: held, then sent as ranges of at most
 * RANGE_SIZE (job id = the range, so a range sent again is queued once). `sentUpTo`, the last event
 * in a projections job, bounds the forwarder's checkpoint. Pages must come in log order; events it
 * already took (the log read again after a failure) are left out. `fence` runs before every send; a
 * send is never tried again once `stopped` says so.
 */
export class RangeBatcher {
  /** Events after `sentUpTo` not yet in a projections job. */
  private held: StoredEventMessage[] = [];
  private heldSince = 0;
  /** The last event in a projections job. */
  sentUpTo: GlobalPosition = START_POSITION;
  /** The last event taken (held or sent). */
  private takenUpTo: GlobalPosition = START_POSITION;
  /** Sends of held events run one at a time, in log order. */
  private sending: Promise<void> = Promise.resolve();
  private sendTimer?: NodeJS.Timeout;

  constructor(
    private readonly projections: Queue,
    private readonly fence: () => Promise<void>,
    private readonly stopped: () => boolean,
    private readonly logger: Logger,
  ) {}

  /** A page joins the held range, which goes out at once when the worker is free or the range is full. */
  async hold(page: StoredEventMessage[]): Promise<void> {
    const taken = this.takenUpTo;
    const fresh = page.filter((message) => comparePositions(parsePosition(message.position), taken) > 0);
    if (fresh.length === 0) return;
    if (this.held.length === 0) this.heldSince = Date.now();
    this.held.push(...fresh);
    this.takenUpTo = parsePosition(fresh[fresh.length - 1].position);
    // The forwarder reads on: a failed send is retried here, not by re-reading the log.
    await this.send(false).catch((error) => this.retrySend(error));
  }

  /** Everything held goes out now (on stop). */
  flush(): Promise<void> {
    clearTimeout(this.sendTimer);
    return this.send(true);
  }

  /** No send is scheduled any more (one in flight goes on). */
  cancelScheduledSend(): void {
    clearTimeout(this.sendTimer);
  }

  /** Nothing held is sent (the lease was lost, or Redis lost the jobs): waits for a send in flight. */
  async discard(): Promise<void> {
    clearTimeout(this.sendTimer);
    await this.sending.catch(() => undefined);
    this.held = [];
    this.takenUpTo = this.sentUpTo;
  }

  /** Takes the log from after `position` again (a start, or jobs lost with Redis), with nothing held. */
  restartAt(position: GlobalPosition): void {
    this.held = [];
    this.sentUpTo = this.takenUpTo = position;
  }

  /**
   * Sends the held events as projections jobs of at most RANGE_SIZE: all of them when `force`d,
   * when the worker has taken every range sent or when they have waited HOLD_WHILE_WAITING_MS;
   * else it looks again shortly.
   */
  private send(force: boolean): Promise<void> {
    const send = async () => {
      clearTimeout(this.sendTimer);
      while (this.held.length > 0) {
        const ready =
          force ||
          this.held.length >= RANGE_SIZE ||
          Date.now() - this.heldSince >= HOLD_WHILE_WAITING_MS ||
          (await this.projections.getWaitingCount()) === 0;
        if (!ready) {
          this.sendLater(HOLD_POLL_MS);
          return;
        }
        const range = this.held.slice(0, RANGE_SIZE);
        const job: ProjectionRangeJob = { events: range };
        await this.fence();
        await this.projections.add('range', job, { jobId: projectionRangeJobId(range), ...PROJECTION_JOB });
        this.held = this.held.slice(range.length);
        this.heldSince = Date.now();
        this.sentUpTo = parsePosition(range[range.length - 1].position);
      }
    };
    this.sending = this.sending.then(send, send);
    return this.sending;
  }

  /** Held events must not wait for the next page of the log: a send that fails is tried again. */
  private sendLater(delayMs: number): void {
    if (this.stopped()) return;
    clearTimeout(this.sendTimer);
    this.sendTimer = setTimeout(() => void this.send(false).catch((error) => this.retrySend(error)), delayMs);
  }

  private retrySend(error: unknown): void {
    if (this.stopped() || error instanceof LeaseLostError) return;
    this.logger.error(error, `sending held events to the projections failed; trying again in ${RESUME_AFTER_MS} ms`);
    this.sendLater(RESUME_AFTER_MS);
  }
}
