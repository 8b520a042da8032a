import type { Logger } from '@nestjs/common';
import { formatPosition, type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store';
import type { ForwarderHoldings } from './forwarder-holdings';
import { toMessage } from './forwarder-reactions';
import { LeaseLostError } from './lease-lost.error';
import { RANGE_SIZE, type RangeBatcher } from './range-batcher';
import type { ReactionLots } from './reaction-lots';

const RESUME_AFTER_MS = 1_000;

export interface LogFollowerOptions {
  store: EventStore;
  holdings: ForwarderHoldings;
  ranges: RangeBatcher;
  reactions: ReactionLots;
  /** The forwarder stopped or lost its lease: nothing more is handed on. */
  stopped(): boolean;
  logger: Logger;
}

/**
 * The forwarder's reading of the log: each page joins the range held for the projections at once
 * and the reactions after the pages before it; the reading goes on meanwhile (a few pages ahead of
 * the reactions at most). After a failure (Postgres or Redis away, reactions refused) the reading
 * stops at once and starts again a moment later after the last event whose reactions are queued;
 * the range batcher leaves out what it already took.
 */
export class LogFollower {
  private subscription?: Subscription;
  /** The last event read: the next page's messages continue it. */
  private read: GlobalPosition = START_POSITION;
  /** Reading or reacting failed: the log is followed again shortly. */
  private restarting = false;
  private resumeTimer?: NodeJS.Timeout;

  constructor(private readonly options: LogFollowerOptions) {}

  /** Subscribes after the last event whose reactions are queued (nothing read waits for its reactions then). */
  follow(): void {
    this.restarting = false;
    this.read = this.options.reactions.queuedUpTo;
    this.subscription = this.options.store.subscribeToAll({
      after: this.read,
      maxCount: RANGE_SIZE,
      // Redis jobs carry personal fields as stored (ciphertext): the projection worker decrypts them,
      // and a shredded key leaves nothing readable in a job kept after it ran.
      personalData: 'encrypted',
      onEvents: (events) => this.forward(events),
      onError: (error) => {
        if (this.options.stopped()) return;
        this.options.logger.error(error, 'event subscription stopped');
        this.followAgainLater();
      },
    });
  }

  /** Stops reading (and any resumption scheduled after a failure). */
  async close(): Promise<void> {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.restarting = false;
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
  }

  /**
   * Follows the log again a moment after reading or queuing reactions failed: the subscription stops
   * at once (pages it still hands over are dropped), then, once the reactions under way have
   * settled, it starts after the last event whose reactions are queued.
   */
  followAgainLater(): void {
    if (this.options.stopped() || this.restarting) return;
    this.restarting = true;
    const subscription = this.subscription;
    this.subscription = undefined;
    const closed = subscription?.close().catch(() => undefined);
    const { holdings, reactions, logger } = this.options;
    const holding = holdings.now;
    this.resumeTimer = setTimeout(
      () =>
        void holdings
          .exclusive(async () => {
            this.resumeTimer = undefined;
            await closed;
            await reactions.settled();
            holdings.check(holding);
            // A recovery meanwhile follows the log itself.
            if (this.subscription || !this.restarting) return;
            logger.log(`resuming after ${formatPosition(reactions.queuedUpTo)}`);
            this.follow();
          })
          .catch(() => undefined),
      RESUME_AFTER_MS,
    );
  }

  private async forward(events: RecordedEvent[]): Promise<void> {
    let previous = this.read;
    const page = events.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
    if (this.options.stopped()) throw new LeaseLostError();
    // Read again once the log is followed anew.
    if (this.restarting) return;
    this.read = previous;
    // Not waited for: the batcher sends its ranges one at a time, in order, and retries a failed send itself.
    void this.options.ranges.hold(page);
    await this.options.reactions.add(page);
  }
}
