/**
 * Groups what an async source already holds into pages: a page ends at maxCount, or where the next
 * item is not waiting yet (checked once pending I/O has been handled), so a busy subscription
 * delivers large pages and a quiet one delivers each event at once.
 */
export async function* pagesOf<T>(source: AsyncIterable<T>, maxCount: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  // The next item is read ahead while the caller handles a page: if it fails meanwhile, nothing
  // awaits it yet, so it gets a handler at once (the failure still reaches the caller's next await).
  const ahead = (promise: Promise<IteratorResult<T>>) => {
    promise.catch(() => undefined);
    return promise;
  };
  let next = ahead(iterator.next());
  for (;;) {
    const first = await next;
    if (first.done) return;
    const page = [first.value];
    next = ahead(iterator.next());
    let ended = false;
    while (page.length < maxCount) {
      const ready = await Promise.race([next, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
      if (ready === undefined) break;
      if (ready.done) {
        ended = true;
        break;
      }
      page.push(ready.value);
      next = ahead(iterator.next());
    }
    yield page;
    if (ended) return;
  }
}
