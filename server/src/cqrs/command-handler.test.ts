import type { DomainEvent } from '@playquid/contracts';
import type { Decider } from '@playquid/domain';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { type FoldedStream, handleCommand, type StateSource, streamStateSource } from './command-handler';

/** A counter: adds `add` while the total is below `below` (always, without it). */
type Counted = DomainEvent<'Counted', { by: number }>;
type Counter = { total: number };
const counter: Decider<Counter, { add: number; below?: number }, Counted> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => (command.below !== undefined && state.total >= command.below ? [] : [{ type: 'Counted', data: { by: command.add } }]),
};

const STREAM = 'counter-1';
const counted = (...by: number[]) => by.map((n) => ({ type: 'Counted', data: { by: n } }));

/** A state source keeping one fold (as the callback path's wallet cache does), recording how it is used. */
function keptSource(store: InMemoryEventStore, kept?: Omit<FoldedStream<Counter>, 'readNow'>) {
  const fromStore = streamStateSource(store, STREAM, counter);
  const calls: string[] = [];
  const source: StateSource<Counter, Counted> = {
    load: async () => {
      calls.push('load');
      return kept ? { ...kept, readNow: false } : (kept = await fromStore.load());
    },
    catchUp: async (known) => {
      calls.push(known ? `catchUp from ${known.revision}` : 'catchUp');
      return (kept = await fromStore.catchUp(known));
    },
    appended: (known, events, revision) => {
      calls.push(`appended ${events.length} at ${revision}`);
      kept = { state: fromStore.appended(known, events, revision), revision };
      return kept.state;
    },
    invalidate: () => {
      calls.push('invalidate');
      kept = undefined;
    },
  };
  return { source, calls, kept: () => kept };
}

describe('handleCommand with a state source', () => {
  it('decides on the kept fold without reading the stream and keeps the state after the append', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(STREAM, counted(1, 2));
    const { source, calls, kept } = keptSource(store, { state: { total: 3 }, revision: 1n });
    const reads = vi.spyOn(store, 'readStream');
    const result = await handleCommand(store, STREAM, counter, { add: 5 }, { stateSource: source });
    expect(result).toEqual({ events: counted(5), state: { total: 8 } });
    expect(calls).toEqual(['load', 'appended 1 at 2']);
    expect(reads).not.toHaveBeenCalled();
    expect(kept()).toEqual({ state: { total: 8 }, revision: 2n });
  });

  it('on a conflict invalidates the kept fold, reads the stream anew and decides again on what it holds', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(STREAM, counted(1));
    // The fold kept at revision 0; another writer has appended since.
    const { source, calls, kept } = keptSource(store, { state: { total: 1 }, revision: 0n });
    await store.appendToStream(STREAM, counted(2));
    const result = await handleCommand(store, STREAM, counter, { add: 5, below: 3 }, { stateSource: source });
    // Decided on the stale fold it would add; on the stream as it stands (3) there is nothing to do.
    expect(result).toEqual({ events: [], state: { total: 3 } });
    expect(calls).toEqual(['load', 'invalidate', 'catchUp']);
    expect(kept()).toEqual({ state: { total: 3 }, revision: 1n, readNow: true });
    expect(await store.readStream(STREAM)).toHaveLength(2);
  });

  it('appends after a conflict with the revision read anew', async () => {
    const store = new InMemoryEventStore();
    const { source, calls } = keptSource(store, { state: { total: 0 }, revision: 'no_stream' });
    await store.appendToStream(STREAM, counted(4));
    const result = await handleCommand(store, STREAM, counter, { add: 5 }, { stateSource: source });
    expect(result.state).toEqual({ total: 9 });
    expect(calls).toEqual(['load', 'invalidate', 'catchUp', 'appended 1 at 1']);
    expect((await store.readStream(STREAM)).map((e) => e.data)).toEqual([{ by: 4 }, { by: 5 }]);
  });

  it('trusts a kept fold that decides nothing only once the stream shows nothing after it', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(STREAM, counted(3));
    const unchanged = keptSource(store, { state: { total: 3 }, revision: 0n });
    expect(await handleCommand(store, STREAM, counter, { add: 5, below: 3 }, { stateSource: unchanged.source })).toEqual({ events: [], state: { total: 3 } });
    expect(unchanged.calls).toEqual(['load', 'catchUp from 0']);

    // Another writer took the total back below 3 after the fold was kept: the command is decided again and appends.
    await store.appendToStream(STREAM, counted(-2));
    const behind = keptSource(store, { state: { total: 3 }, revision: 0n });
    const result = await handleCommand(store, STREAM, counter, { add: 5, below: 3 }, { stateSource: behind.source });
    expect(result).toEqual({ events: counted(5), state: { total: 6 } });
    expect(behind.calls).toEqual(['load', 'catchUp from 0', 'appended 1 at 2']);
  });

  it('forgets the kept fold when the append fails for another reason, and throws', async () => {
    const store = new InMemoryEventStore();
    const { source, calls, kept } = keptSource(store, { state: { total: 0 }, revision: 'no_stream' });
    vi.spyOn(store, 'appendToStream').mockRejectedValueOnce(new Error('connection lost'));
    await expect(handleCommand(store, STREAM, counter, { add: 1 }, { stateSource: source })).rejects.toThrow('connection lost');
    expect(calls).toEqual(['load', 'invalidate']);
    expect(kept()).toBeUndefined();
  });

  it('without a source reads and folds the stream for each attempt, as before', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(STREAM, counted(2, 2));
    expect(await handleCommand(store, STREAM, counter, { add: 1, below: 5 })).toEqual({ events: counted(1), state: { total: 5 } });
    expect(await handleCommand(store, STREAM, counter, { add: 1, below: 5 })).toEqual({ events: [], state: { total: 5 } });
  });
});
