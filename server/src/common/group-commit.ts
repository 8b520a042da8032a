interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** Runs in flight at once; a submission that finds them all busy waits for the next run. */
  concurrency: number;
  /** Items per run at most. */
  maxItems: number;
  /** Called whenever the last run in flight ends with nothing waiting. */
  onIdle?: () => void;
}

/**
 * Group commit: concurrent submissions share one run (one statement, one round trip, one commit)
 * instead of each paying for its own. A submission starts a run at once while fewer than
 * `concurrency` are in flight, so a quiet system waits for nothing; under load the submissions that
 * arrive during the runs in flight go together in the next one. `run` answers each item in order.
 * When a run of several items fails, each is run alone, so an error reaches only its own item.
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: Array<Waiting<Item, Result>> = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.options.concurrency && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.options.maxItems);
      this.inFlight += 1;
      void this.commit(group).finally(() => {
        this.inFlight -= 1;
        this.next();
        if (this.inFlight === 0 && this.waiting.length === 0) this.options.onIdle?.();
      });
    }
  }

  private async commit(group: Array<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await this.run(group.map((w) => w.item));
      group.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      if (group.length === 1) group[0].reject(error);
      else await Promise.all(group.map((w) => this.commit([w])));
    }
  }
}
