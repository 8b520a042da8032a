import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A run the test finishes by hand, recording the groups it was given. */
function manualRuns() {
  const runs: Array<{ items: number[]; finish(): void; fail(error: Error): void }> = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      runs.push({ items, finish: () => resolve(items.map((i) => `done ${i}`)), fail: reject });
    });
  return { runs, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('starts a run at once while there is room, then groups what arrives during the runs in flight', async () => {
    const { runs, run } = manualRuns();
    let idle = 0;
    const commit = new GroupCommit(run, { concurrency: 2, maxItems: 3, onIdle: () => (idle += 1) });
    const results = [1, 2, 3, 4, 5, 6, 7].map((i) => commit.submit(i));
    expect(runs.map((r) => r.items)).toEqual([[1], [2]]);
    runs[0].finish();
    await tick();
    expect(runs.map((r) => r.items)).toEqual([[1], [2], [3, 4, 5]]);
    runs[1].finish();
    await tick();
    expect(runs.map((r) => r.items)).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    runs[2].finish();
    runs[3].finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `done ${i}`));
    await tick();
    expect(idle).toBe(1);
  });

  it('runs each item of a failed group alone, so only the culprit sees the error', async () => {
    const commit = new GroupCommit(
      async (items: number[]) => {
        if (items.includes(13)) throw new Error(`refused ${items.join(',')}`);
        return items.map((i) => i * 2);
      },
      { concurrency: 1, maxItems: 10 },
    );
    const first = commit.submit(1);
    const rest = [12, 13, 14].map((i) => commit.submit(i));
    expect(await first).toBe(2);
    const settled = await Promise.allSettled(rest);
    expect(settled).toEqual([
      { status: 'fulfilled', value: 24 },
      { status: 'rejected', reason: new Error('refused 13') },
      { status: 'fulfilled', value: 28 },
    ]);
  });
});
