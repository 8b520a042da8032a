import { LeaseLostError } from './lease-lost.error';

/**
 * The forwarder's holdings of its lease, one after another. Starting, standing down and a recovery
 * from lost jobs run one at a time (`exclusive`), and work begun under a holding that has ended
 * stops at its next `check`: when Redis comes back empty the lease goes with the jobs, so a
 * recovery begun under the old holding would otherwise follow the log a second time beside the new
 * holding's start (two subscriptions chaining each other's pages wrongly).
 */
export class ForwarderHoldings {
  private current = 0;
  private running: Promise<unknown> = Promise.resolve();

  /** The holding in force now (a number that changes when it ends). */
  get now(): number {
    return this.current;
  }

  /** Ends the holding in force: work begun under it stops at its next check. */
  end(): void {
    this.current++;
  }

  /** Throws LeaseLostError once `holding` has ended. */
  check(holding: number): void {
    if (holding !== this.current) throw new LeaseLostError();
  }

  /** Runs `step` once every step given before it has finished (or failed). */
  exclusive<T>(step: () => Promise<T>): Promise<T> {
    const run = this.running.then(step, step);
    this.running = run.catch(() => undefined);
    return run;
  }
}
