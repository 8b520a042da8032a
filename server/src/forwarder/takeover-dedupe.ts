import type { Logger } from '@nestjs/common';
import { comparePositions, type GlobalPosition, parsePosition, type StoredEventMessage } from '@playquid/contracts';
import type { Queue } from 'bullmq';

/** Newest callback-processing jobs a takeover looks through for callbacks the previous holder queued. */
const TAKEOVER_JOB_SCAN = 5_000;

/**
 * After a takeover, the page the previous holder may have queued before it stopped: its callbacks
 * that a job already names are left out (a callback job's id depends on how the page was cut, so
 * its id alone would not catch it). Other reactions' job ids are their own keys (payout, friend and
 * change), so a second send of them is queued once anyway.
 */
export class TakeoverDedupe {
  /**
   * The end of the page the previous holder was queuing when it stopped (it may have queued it, or
   * not). Callbacks up to here are queued again only when no job names them yet.
   */
  private mayBeQueuedUpTo?: GlobalPosition;

  constructor(
    private readonly callbackProcessing: Queue,
    private readonly logger: Logger,
  ) {}

  /** On taking the lease: what the previous holder said it was queuing (`reacting`) and had queued (`reactedUpTo`). */
  resume(reacting: string | null, reactedUpTo: GlobalPosition | undefined): void {
    this.mayBeQueuedUpTo =
      reacting && (!reactedUpTo || comparePositions(parsePosition(reacting), reactedUpTo) > 0) ? parsePosition(reacting) : undefined;
  }

  /** Nothing is in doubt any more (Redis lost every job: everything is queued again). */
  forget(): void {
    this.mayBeQueuedUpTo = undefined;
  }

  async notQueuedBefore(messages: StoredEventMessage[]): Promise<StoredEventMessage[]> {
    const until = this.mayBeQueuedUpTo;
    if (!until) return messages;
    const inDoubt = messages.filter((m) => m.type === 'CallbackReceived' && comparePositions(parsePosition(m.position), until) <= 0);
    if (messages.length > 0 && comparePositions(parsePosition(messages[messages.length - 1].position), until) >= 0) this.mayBeQueuedUpTo = undefined;
    if (inDoubt.length === 0) return messages;
    const jobs = await this.callbackProcessing.getJobs(
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
}
