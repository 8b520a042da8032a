import { streams } from '@playquid/contracts';
import { walletDecider } from '@playquid/domain';
import { deepFreeze, earningCredited } from '@playquid/domain/testing';
import { describe, expect, it, vi } from 'vitest';
import { handleCommand } from '../cqrs/command-handler';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { WalletFoldCache } from './wallet-fold-cache';

const credit = (uid: string, i: number) => earningCredited({ uid, earningId: `e${i}`, amountPence: 25 });
const bonus = (uid: string) => ({ type: 'GrantWelcomeBonus' as const, uid, earningId: `bonus-${uid}`, now: '2026-11-27T10:00:00.000Z' });

describe('WalletFoldCache', () => {
  it('folds a wallet from its stream once and hands out the kept fold after that', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(streams.wallet('m1'), [credit('m1', 1), credit('m1', 2)]);
    const cache = new WalletFoldCache(store);
    const read = await cache.source('m1').load();
    expect([read.revision, read.state.availablePence, read.readNow]).toEqual([1n, 50, true]);
    const kept = await cache.source('m1').load();
    expect(kept).toEqual({ ...read, readNow: false });
    expect(kept.state).toBe(read.state);
  });

  it('brings a known fold up to the stream by reading only what was appended after it', async () => {
    const store = new InMemoryEventStore();
    const cache = new WalletFoldCache(store);
    const empty = await cache.source('m2').load();
    expect(empty).toEqual({ state: walletDecider.initialState(), revision: 'no_stream', readNow: true });
    await store.appendToStream(streams.wallet('m2'), [credit('m2', 1)]);
    const reads = vi.spyOn(store, 'readStream');
    const after = await cache.source('m2').catchUp(empty);
    expect(reads).toHaveBeenCalledWith(streams.wallet('m2'), { fromRevision: 0n });
    expect([after.revision, after.state.availablePence]).toEqual([0n, 25]);
    expect(await cache.source('m2').catchUp(after)).toEqual(after);
    expect(await cache.source('m2').load()).toEqual({ ...after, readNow: false });
  });

  it('keeps the state a decision appended and forgets the member on a conflict, deciding again on the stream read anew', async () => {
    const store = new InMemoryEventStore();
    const uid = 'm3';
    const cache = new WalletFoldCache(store);
    // Kept before another process appended a credit: the bonus is decided on a fold now behind the stream.
    const before = deepFreeze((await cache.source(uid).load()).state);
    await store.appendToStream(streams.wallet(uid), [credit(uid, 1)]);
    const result = await handleCommand(store, streams.wallet(uid), walletDecider, bonus(uid), { stateSource: cache.source(uid) });
    expect(result.events.map((e) => e.type)).toEqual(['WelcomeBonusGranted']);
    expect((await store.readStream(streams.wallet(uid))).map((e) => e.type)).toEqual(['EarningCredited', 'WelcomeBonusGranted']);
    expect(await cache.source(uid).load()).toEqual({ state: result.state, revision: 1n, readNow: false });
    // Decided again on the wallet read anew: the other process's credit is in the state.
    expect(Object.keys(result.state.earnings)).toEqual(['e1', `bonus-${uid}`]);
    // The fold handed out before the decision is what it was.
    expect(before).toEqual(walletDecider.initialState());
  });
});
