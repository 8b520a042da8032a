import { streams } from '@playquid/contracts';
import { callbackBatch, walletDecider, type WalletState, walletStateToJson } from '@playquid/domain';
import { callbackData, deepFreeze, earningCredited } from '@playquid/domain/testing';
import { describe, expect, it, vi } from 'vitest';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
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

  it('advances its own draft in place decision after decision, ending where a fold of the stream from scratch ends', async () => {
    const store = new InMemoryEventStore();
    const uid = 'm4';
    await store.appendToStream(streams.wallet(uid), [credit(uid, 0)]);
    const cache = new WalletFoldCache(store);
    const now = '2026-11-27T10:00:00.000Z';
    const draft = (await cache.source(uid).load()).state;
    const run = async (run: number, size: number) => {
      const callbacks = Array.from({ length: size }, (_, j) => ({
        // Every third callback completes the pending credit of the run before; the others are new credits.
        callback: callbackData({ callbackId: `cb-${run}-${j}`, transactionId: j % 3 === 2 ? `t-${run - 1}-0` : `t-${run}-${j}`, userId: uid, state: j % 3 === 2 ? 'COMPLETED' : 'PENDING', rewardPence: 30, userRewardRaw: '0.30' }),
        earningId: `n-${run}-${j}`,
      }));
      const batch = callbackBatch(uid, { now });
      return handleCommand(store, streams.wallet(uid), batch.decider, callbacks, { stateSource: cache.source(uid) });
    };
    const kept: WalletState[] = [];
    for (let i = 1; i <= 6; i++) {
      const result = await run(i, i % 2 === 0 ? 4 : 1);
      expect(result.events.length).toBeGreaterThan(0);
      kept.push(result.state);
    }
    // One draft all along: handed out for each decision and advanced in place, never copied.
    expect(kept.every((state) => state === draft)).toBe(true);
    const fresh = (await aggregateStream(store, streams.wallet(uid), walletDecider)).state;
    expect(walletStateToJson(draft)).toBe(walletStateToJson(fresh));
    expect(draft).toEqual(fresh);
    expect(await cache.source(uid).load()).toEqual({ state: draft, revision: BigInt((await store.readStream(streams.wallet(uid))).length - 1), readNow: false });

    // Another writer appends: the conflict forgets the draft (left as it was) and a new one is read and advanced.
    await store.appendToStream(streams.wallet(uid), [credit(uid, 99)]);
    const before = walletStateToJson(draft);
    const after = await run(7, 3);
    expect(after.state).not.toBe(draft);
    expect(walletStateToJson(draft)).toBe(before);
    expect(walletStateToJson(after.state)).toBe(walletStateToJson((await aggregateStream(store, streams.wallet(uid), walletDecider)).state));
  });
});
