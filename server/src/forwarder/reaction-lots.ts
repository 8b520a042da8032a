import type { Logger } from '@nestjs/common';
import {
  comparePositions,
  formatPosition,
  type GlobalPosition,
  parsePosition,
  START_POSITION,
  type StoredEventMessage,
} from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { reactionsTo } from './forwarder-reactions';
import { LeaseLostError } from './lease-lost.error';
import { TakeoverDedupe } from './takeover-dedupe';

/** Pages read ahead of the reactions at most: the reader then waits for them. */
const PAGES_AHEAD = 8;

export interface ReactionLotsOptions {
  queue(name: string): Queue;
  callbackProcessing: Queue;
  /** Writes the keys only while the lease is ours; throws LeaseLostError otherwise. */
  fencedSet(values: Record<string, string>): Promise<void>;
  /** Redis keys: where the holder says what it is queuing and what it has queued. */
  keys: { reacting: string; reacted: string };
  /** Queuing failed (not a lost lease): what was read but not queued is dropped; the log is to be read again after `queuedUpTo`. */
  onFailed(error: unknown): void;
  logger: Logger;
}

/**
 * The forwarder's reactions (what REACTIONS say the events ask of other queues), queued in log order
 * while the log is read on: the pages read while one lot is being queued go out together as the
 * next, each queue's jobs in one round trip. Before a lot's jobs, the holder says in Redis (a write
 * fenced by the lease) up to where it is queuing; that a lot is queued is said with the next lot's
 * fenced write, or on its own once nothing more waits. A standby that takes over checks what lies
 * between the two (TakeoverDedupe), so no callback is queued twice.
 */
export class ReactionLots {
  /** The last event whose reactions are queued. */
  queuedUpTo: GlobalPosition = START_POSITION;
  /** Pages read whose reactions are not queued yet, in log order. */
  private unreacted: StoredEventMessage[][] = [];
  /** Queuing `unreacted`, while it runs (it never rejects). */
  private running?: Promise<void>;
  /** Reactions were queued up to here (by this or an earlier holder), as said in Redis: not queued again. */
  private reactedUpTo?: GlobalPosition;
  private readonly takeover: TakeoverDedupe;

  constructor(private readonly options: ReactionLotsOptions) {
    this.takeover = new TakeoverDedupe(options.callbackProcessing, options.logger);
  }

  /** On taking the lease: the log is read from after `position`; `reacting`/`reacted` as found in Redis. */
  start(position: GlobalPosition, reacting: string | null, reacted: string | null): void {
    this.queuedUpTo = position;
    this.reactedUpTo = reacted ? parsePosition(reacted) : undefined;
    this.takeover.resume(reacting, this.reactedUpTo);
  }

  /** Redis lost every job: the log is read again from `position` and everything after it queued again. */
  restartAt(position: GlobalPosition): void {
    this.queuedUpTo = position;
    this.reactedUpTo = undefined;
    this.takeover.forget();
  }

  /** A page read: its reactions are queued after those before it. Resolves at once unless the reading is too far ahead. */
  add(page: StoredEventMessage[]): Promise<void> {
    this.unreacted.push(page);
    const running = this.drain();
    return this.unreacted.length >= PAGES_AHEAD ? running : Promise.resolve();
  }

  /** Queues what was read (and what is read meanwhile); resolves once nothing waits, or queuing failed. */
  drain(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  /** Nothing read is queued any more (the lease was lost, or Redis lost the jobs); waits for a lot under way. */
  async drop(): Promise<void> {
    this.unreacted = [];
    await this.running;
  }

  /** Waits for a lot under way, if any. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async run(): Promise<void> {
    // Begins once `running` is set, and clears it in the same step as it finds nothing more to queue,
    // so a page added after that starts a new run.
    await undefined;
    try {
      let unsaid: GlobalPosition | undefined;
      for (;;) {
        if (this.unreacted.length > 0) {
          const pages = this.unreacted;
          this.unreacted = [];
          unsaid = await this.queueLot(pages.flat(), unsaid);
        } else if (unsaid) {
          await this.options.fencedSet({ [this.options.keys.reacted]: formatPosition(unsaid) });
          this.reactedUpTo = unsaid;
          unsaid = undefined;
        } else return;
      }
    } catch (error) {
      this.unreacted = [];
      if (!(error instanceof LeaseLostError)) this.options.onFailed(error);
    } finally {
      this.running = undefined;
    }
  }

  /**
   * One lot (consecutive pages). `unsaid`: the end of the lot before, queued but not yet said to be.
   * Answers the end of this lot if it queued anything not yet said to be.
   */
  private async queueLot(messages: StoredEventMessage[], unsaid: GlobalPosition | undefined): Promise<GlobalPosition | undefined> {
    const end = parsePosition(messages[messages.length - 1].position);
    // After a takeover, what the previous holder already queued is not queued again.
    const reactedUpTo = this.reactedUpTo;
    const toReact = await this.takeover.notQueuedBefore(
      reactedUpTo ? messages.filter((m) => comparePositions(parsePosition(m.position), reactedUpTo) > 0) : messages,
    );
    const reactions = reactionsTo(toReact);
    if (reactions.length === 0) {
      this.queuedUpTo = end;
      return unsaid;
    }
    const { keys } = this.options;
    // The fenced write is the fence: it is made only while the lease is ours. Said before the
    // enqueue: a holder killed between the two leaves its standby these pages to check.
    await this.options.fencedSet({ ...(unsaid && { [keys.reacted]: formatPosition(unsaid) }), [keys.reacting]: formatPosition(end) });
    if (unsaid) this.reactedUpTo = unsaid;
    await Promise.all(reactions.map((reaction) => this.options.queue(reaction.queue).addBulk(reaction.jobs(toReact))));
    this.queuedUpTo = end;
    return end;
  }
}
