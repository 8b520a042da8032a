import { streams } from '@playquid/contracts';
import type { CallbackCommand } from '@playquid/domain';
import { callbackData } from '@playquid/domain/testing';
import { PersonalDataVault } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { recordCallbackOutcomes, type StoredOnStream, storedOnStream } from './callback-outcomes';

const now = '2026-01-01T00:00:00.000Z';

async function givenStored(store: EncryptingEventStore, callbackIds: string[]) {
  const transactionId = `t-${callbackIds.join('-')}`;
  await store.appendToStream(
    streams.callback(transactionId),
    callbackIds.map((callbackId) => ({ type: 'CallbackReceived', data: callbackData({ callbackId, transactionId, userId: 'm1' }) })),
  );
  const recorded = await store.readStream(streams.callback(transactionId));
  return callbackIds.map((callbackId) => storedOnStream({ transactionId, callbackId }, recorded));
}

const processedBy = (entry: StoredOnStream): CallbackCommand => ({
  type: 'RecordCallbackProcessed',
  callbackId: entry.callbackId,
  uid: 'm1',
  earningId: `e-${entry.callbackId}`,
  outcome: 'credited_approved',
  now,
});

describe('recordCallbackOutcomes', () => {
  it("records each callback's outcome on its stream, after the revision it was read at", async () => {
    const store = new EncryptingEventStore(new InMemoryEventStore(), PersonalDataVault.inMemory());
    const [a, b] = await givenStored(store, ['a1', 'a2']);
    expect(a.callback?.processed).toBe(false);
    await recordCallbackOutcomes(store, new Map([[a, processedBy(a)], [b, processedBy(b)]]));
    const after = await store.readStream(a.streamId);
    expect(after.map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackReceived', 'CallbackProcessed', 'CallbackProcessed']);
  });

  it('decides again on a stream that moved on since it was read, recording each outcome once', async () => {
    const store = new EncryptingEventStore(new InMemoryEventStore(), PersonalDataVault.inMemory());
    const [stale] = await givenStored(store, ['b1']);
    // Another process recorded the outcome meanwhile.
    await recordCallbackOutcomes(store, new Map([[stale, processedBy(stale)]]));
    await recordCallbackOutcomes(store, new Map([[stale, processedBy(stale)]]));
    const after = await store.readStream(stale.streamId);
    expect(after.map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackProcessed']);
  });
});
