import { GroupCommit } from '../common/group-commit';

/**
 * One run at a time per member: what is submitted for a member while one of their runs is in
 * flight goes together into their next run (group commit), at most `maxPerRun` submissions; each
 * submission is answered with its own result. A member with nothing in flight holds no memory.
 */
export class MemberRunQueue<Item, Result> {
  private readonly runs = new Map<string, GroupCommit<Item, Result>>();

  constructor(
    private readonly run: (uid: string, items: Item[]) => Promise<Result[]>,
    private readonly maxPerRun: number,
  ) {}

  submit(uid: string, item: Item): Promise<Result> {
    let runs = this.runs.get(uid);
    if (!runs) {
      const created = new GroupCommit((items: Item[]) => this.run(uid, items), {
        concurrency: 1,
        maxItems: this.maxPerRun,
        onIdle: () => this.runs.get(uid) === created && this.runs.delete(uid),
      });
      this.runs.set(uid, (runs = created));
    }
    return runs.submit(item);
  }

  /** Members with a run in flight or waiting. */
  get busyMembers(): number {
    return this.runs.size;
  }
}
