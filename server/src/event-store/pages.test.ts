import { describe, expect, it } from 'vitest';
import { pagesOf } from './pages';

/** Items pushed by the test, as a subscription delivers events. */
function feed<T>() {
  const items: T[] = [];
  const waiting: Array<(result: IteratorResult<T>) => void> = [];
  let ended = false;
  const source: AsyncIterable<T> = {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        new Promise<IteratorResult<T>>((resolve) => {
          if (items.length > 0) resolve({ value: items.shift()!, done: false });
          else if (ended) resolve({ value: undefined, done: true });
          else waiting.push(resolve);
        }),
    }),
  };
  return {
    source,
    push(...values: T[]) {
      for (const value of values) {
        const resolve = waiting.shift();
        if (resolve) resolve({ value, done: false });
        else items.push(value);
      }
    },
    end() {
      ended = true;
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    },
  };
}

describe('pagesOf', () => {
  it('pages what is already waiting, up to maxCount, and delivers a lone item at once', async () => {
    const { source, push, end } = feed<number>();
    const pages = pagesOf(source, 3)[Symbol.asyncIterator]();
    push(1, 2, 3, 4, 5);
    expect((await pages.next()).value).toEqual([1, 2, 3]);
    expect((await pages.next()).value).toEqual([4, 5]);
    const later = pages.next();
    setTimeout(() => push(6), 20);
    expect((await later).value).toEqual([6]);
    push(7);
    end();
    expect((await pages.next()).value).toEqual([7]);
    expect((await pages.next()).done).toBe(true);
  });
});
