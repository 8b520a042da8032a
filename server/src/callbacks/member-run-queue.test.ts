import { eventually } from '@playquid/domain/testing';
import { describe, expect, it } from 'vitest';
import { MemberRunQueue } from './member-run-queue';

/** A run that waits until released, recording what it was given. */
function gatedRuns() {
  const runs: Array<{ uid: string; items: number[] }> = [];
  const gates: Array<() => void> = [];
  const queue = new MemberRunQueue(async (uid: string, items: number[]) => {
    runs.push({ uid, items: [...items] });
    await new Promise<void>((resolve) => gates.push(resolve));
    return items.map((item) => `${uid}:${item}`);
  }, 3);
  return { queue, runs, release: () => gates.shift()?.() };
}

describe('MemberRunQueue', () => {
  it("runs one member's submissions one run at a time, those that wait going together into the next run", async () => {
    const { queue, runs, release } = gatedRuns();
    const first = queue.submit('a', 1);
    const waiting = [2, 3, 4, 5].map((n) => queue.submit('a', n));
    expect(runs).toEqual([{ uid: 'a', items: [1] }]);
    release();
    expect(await first).toBe('a:1');
    await eventually(() => runs.length === 2);
    expect(runs.at(-1)).toEqual({ uid: 'a', items: [2, 3, 4] });
    release();
    await eventually(() => runs.length === 3);
    release();
    expect(await Promise.all(waiting)).toEqual(['a:2', 'a:3', 'a:4', 'a:5']);
    expect(runs.map((run) => run.items)).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('runs different members at the same time, and forgets a member once nothing of theirs is left', async () => {
    const { queue, runs, release } = gatedRuns();
    const results = [queue.submit('a', 1), queue.submit('b', 1)];
    expect(runs.map((run) => run.uid)).toEqual(['a', 'b']);
    expect(queue.busyMembers).toBe(2);
    release();
    release();
    expect(await Promise.all(results)).toEqual(['a:1', 'b:1']);
    await eventually(() => queue.busyMembers === 0);
  });
});
