import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import { describe, expect, it, vi } from 'vitest';
import { cancelRead, checkConnectionString, type EsdbEvent, ourEvent, toRecorded } from './eventstoredb-records';

const at = (n: number) => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });
const esdbEvent = (n: number, over: Partial<EsdbEvent> = {}): EsdbEvent => ({
  streamId: 'wallet-u1',
  id: `u${n}`,
  revision: BigInt(n),
  type: 'Thing',
  created: new Date('2026-11-22T10:00:00.000Z'),
  data: { n },
  metadata: { actor: 'u1', $hash: `h${n}`, $previousHash: n > 0 ? `h${n - 1}` : null },
  position: at(n),
  ...over,
});
const resolved = (event: EsdbEvent) => ({ event }) as unknown as AllStreamResolvedEvent;

describe('EventStoreDB records', () => {
  it('reads the hash chain out of the metadata, leaving the caller only its own keys', () => {
    const recorded = toRecorded(esdbEvent(1));
    expect(recorded).toMatchObject({ id: 'u1', streamId: 'wallet-u1', revision: 1n, hash: 'h1', previousHash: 'h0', metadata: { actor: 'u1' }, position: at(1) });
    expect(recorded.metadata).not.toHaveProperty('$hash');
    expect(toRecorded(esdbEvent(0, { metadata: null, position: undefined }))).toMatchObject({ hash: '', previousHash: null, position: { commit: 0n, prepare: 0n } });
  });

  it('keeps only our own events from $all, strictly after the position given', () => {
    expect(ourEvent(resolved(esdbEvent(1, { type: '$statsCollected' })))).toBeUndefined();
    expect(ourEvent(resolved(esdbEvent(1, { streamId: '$stats-127.0.0.1:2113' })))).toBeUndefined();
    expect(ourEvent({ event: undefined } as unknown as AllStreamResolvedEvent)).toBeUndefined();
    expect(ourEvent(resolved(esdbEvent(2)), at(2))).toBeUndefined();
    expect(ourEvent(resolved(esdbEvent(3)), at(2))?.id).toBe('u3');
  });

  it('refuses a connection string that would make a conflicting append look stored', () => {
    expect(() => checkConnectionString('esdb://localhost:2113?tls=false&throwOnAppendFailure=false')).toThrow(/throwOnAppendFailure=false is not supported/);
    expect(() => checkConnectionString('esdb://localhost:2113?tls=false')).not.toThrow();
  });

  it('cancels a read left before its end, and ignores a read that cannot be cancelled', async () => {
    const read = { cancel: vi.fn(async () => undefined) };
    await cancelRead(read);
    expect(read.cancel).toHaveBeenCalledOnce();
    await expect(cancelRead({ cancel: async () => Promise.reject(new Error('gone')) })).resolves.toBeUndefined();
    await expect(cancelRead({})).resolves.toBeUndefined();
  });
});
