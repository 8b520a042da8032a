import { streams } from '@playquid/contracts';
import { walletDecider } from '@playquid/domain';
import { earningCredited } from '@playquid/domain/testing';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { WalletFoldCache } from './wallet-fold-cache';

const credit = (uid: string, i: number) => earningCredited({ uid, earningId: `e${i}`, amountPence: 25 });

describe('WalletFoldCache', () => {
  it('folds a wallet from its stream and keeps it; taking it hands it over and leaves nothing kept', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(streams.wallet('m1'), [credit('m1', 1), credit('m1', 2)]);
    const cache = new WalletFoldCache(store);
    const read = await cache.read('m1', null);
    expect(read.revision).toBe(1n);
    expect(read.state.availablePence).toBe(50);
    expect(cache.take('m1')).toBe(read);
    expect(cache.take('m1')).toBeUndefined();
  });

  it('brings a known fold up to the stream by reading only what was appended after it', async () => {
    const store = new InMemoryEventStore();
    const cache = new WalletFoldCache(store);
    const empty = await cache.read('m2', null);
    expect(empty).toEqual({ state: walletDecider.initialState(), revision: 'no_stream' });
    await store.appendToStream(streams.wallet('m2'), [credit('m2', 1)]);
    const after = await cache.read('m2', cache.take('m2')!);
    expect(after.revision).toBe(0n);
    expect(after.state.availablePence).toBe(25);
    expect(await cache.read('m2', after)).toBe(after);
    expect(cache.take('m2')).toBe(after);
  });
});
