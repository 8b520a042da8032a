import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { comparePositions, FORWARDER_CHECKPOINT, type GlobalPosition, LOG_POSITION_WAIT_MS, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { MemberRowCache } from './member-row-cache';
import { READ_DB } from './tokens';

/** How often a waiter looks at the checkpoints itself while commits are not being heard. */
const POLL_WITHOUT_LISTEN_MS = 100;

interface Waiter {
  position: GlobalPosition;
  done(reached: boolean): void;
}

/**
 * Waits until every projection has applied the log up to a position (read-your-writes). The
 * checkpoints are read again only when a projection commit is announced (CHECKPOINTS_CHANNEL, heard
 * on MemberRowCache's one LISTEN connection) and someone is waiting; one read at a time serves every
 * waiter. A position already known to be passed costs nothing.
 */
@Injectable()
export class LogPositionWaiter implements OnModuleDestroy {
  private readonly logger = new Logger('LogPositionWaiter');
  /** Every projection has applied the log up to here (the lowest checkpoint last read). */
  private passed: GlobalPosition = START_POSITION;
  private readonly waiters = new Set<Waiter>();
  private reading = false;
  private readAgain = false;
  private readonly unsubscribe: () => void;

  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly rows: MemberRowCache,
  ) {
    this.unsubscribe = rows.onCheckpointsMoved(() => this.refresh());
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    for (const waiter of [...this.waiters]) waiter.done(false);
  }

  /** True once the projections have passed `position`; false when `timeoutMs` ran out first. */
  waitFor(position: GlobalPosition, timeoutMs = LOG_POSITION_WAIT_MS): Promise<boolean> {
    if (comparePositions(position, this.passed) <= 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      const poll = this.rows.hearsCheckpoints ? undefined : setInterval(() => this.refresh(), POLL_WITHOUT_LISTEN_MS);
      const waiter: Waiter = {
        position,
        done: (reached) => {
          clearTimeout(timer);
          clearInterval(poll);
          if (this.waiters.delete(waiter)) resolve(reached);
        },
      };
      this.waiters.add(waiter);
      // The commit may have been announced before this waiter came: look once now.
      this.refresh();
    });
  }

  private refresh(): void {
    if (this.waiters.size === 0) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    void this.read()
      .catch((error: unknown) => this.logger.warn(`reading the checkpoints failed: ${(error as Error).message}`))
      .finally(() => {
        this.reading = false;
        if (this.readAgain) {
          this.readAgain = false;
          this.refresh();
        }
      });
  }

  private async read(): Promise<void> {
    const rows = await this.db
      .selectFrom('projection_checkpoints')
      .select(['commit_position', 'prepare_position'])
      .where('projection', '!=', FORWARDER_CHECKPOINT)
      .execute();
    if (rows.length === 0) return;
    const lowest = rows
      .map((r) => ({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }))
      .reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
    if (comparePositions(lowest, this.passed) > 0) this.passed = lowest;
    for (const waiter of [...this.waiters]) if (comparePositions(waiter.position, this.passed) <= 0) waiter.done(true);
  }
}
