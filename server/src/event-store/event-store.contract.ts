import { comparePositions } from '@playquid/contracts';
import { callbackData } from '@playquid/domain/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { verifyStreamChain } from './hash-chain';
import { EncryptingEventStore, UnencryptedPersonalDataError } from './encrypting-event-store';
import { ENCRYPTED_PREFIX, ERASED } from '@playquid/contracts';
import { PersonalDataVault } from '@playquid/read-db';

export interface ContractSubject {
  store: EventStore;
  cleanup(): Promise<void>;
}

const unique = (name: string) => `${name}-${randomUUID()}`;
const event = (n: number, extra: Record<string, unknown> = {}) => ({ type: 'Tested', data: { n, ...extra } });

/** The behaviour every EventStore adapter must show; each adapter's test file runs it. */
export function describeEventStoreContract(name: string, factory: () => Promise<ContractSubject>) {
  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(() => subject?.cleanup());

    it('appends and reads a stream in revision order, 0-based, with metadata', async () => {
      const stream = unique('s');
      const result = await store.appendToStream(stream, [event(1), { ...event(2), metadata: { actor: 'test' } }]);
      expect(result.nextExpectedRevision).toBe(1n);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0n, 'Tested', { n: 1 }],
        [1n, 'Tested', { n: 2 }],
      ]);
      expect(read[1].metadata).toMatchObject({ actor: 'test', schemaVersion: 1 });
      expect(read[1]).not.toHaveProperty('recordedData');
      expect(read[0].createdAt).toBeInstanceOf(Date);
      expect(comparePositions(read[1].position, result.position)).toBe(0);
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(unique('missing'))).toEqual([]);
    });

    it('reads several streams at once, each as readStream does', async () => {
      const [one, two, missing] = [unique('one'), unique('two'), unique('missing')];
      await store.appendToStream(one, [event(1), event(2)]);
      await store.appendToStream(two, [event(3)]);
      const read = await store.readStreams([two, missing, one]);
      expect([...read.keys()]).toEqual([two, missing, one]);
      expect(read.get(one)).toEqual(await store.readStream(one));
      expect(read.get(two)).toEqual(await store.readStream(two));
      expect(read.get(missing)).toEqual([]);
    });

    it('honours no_stream, exact and any expected revisions', async () => {
      const stream = unique('rev');
      await store.appendToStream(stream, [event(1)], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream, [event(2)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(stream, [event(2)], { expectedRevision: 5n })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.appendToStream(stream, [event(2)], { expectedRevision: 0n });
      await store.appendToStream(stream, [event(3)], { expectedRevision: 'any' });
      expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
    });

    it('lets exactly one of many concurrent appends with the same expected revision win', async () => {
      const stream = unique('race');
      await store.appendToStream(stream, [event(0)]);
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.appendToStream(stream, [event(i + 1)], { expectedRevision: 0n })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads the global log in order across streams, paging with after', async () => {
      const a = unique('a');
      const b = unique('b');
      await store.appendToStream(a, [event(1, { tag: a })]);
      await store.appendToStream(b, [event(2, { tag: a })]);
      await store.appendToStream(a, [event(3, { tag: a })]);
      // An empty page means "nothing readable yet", not "the end": an older transaction anywhere in
      // the cluster holds newer events back. Page on until our three events have been seen.
      const all: RecordedEvent[] = [];
      let after;
      const deadline = Date.now() + 10_000;
      while (all.filter((e) => (e.data as { tag?: string }).tag === a).length < 3 && Date.now() < deadline) {
        const page = await store.readAll({ after, maxCount: 2 });
        if (page.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        all.push(...page);
        after = page[page.length - 1].position;
      }
      const mine = all.filter((e) => (e.data as { tag?: string }).tag === a);
      expect(mine.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1].position, all[i].position)).toBe(-1);
    });

    it('reports the newest committed event as the head of the log', async () => {
      await store.appendToStream(unique('head'), [event(1)]);
      const last = await store.appendToStream(unique('head'), [event(2), event(3)]);
      expect(comparePositions(await store.readHead(), last.position)).toBe(0);
    });

    it('delivers catch-up then live events to a subscriber, in order', async () => {
      const tag = unique('sub');
      await store.appendToStream(unique('sub'), [event(1, { tag })]);
      const seen: number[] = [];
      const subscription = store.subscribeToAll({
        onEvents: async (page) => {
          for (const e of page) if ((e.data as { tag?: string }).tag === tag) seen.push((e.data as { n: number }).n);
        },
      });
      await store.appendToStream(unique('sub'), [event(2, { tag })]);
      await store.appendToStream(unique('sub'), [event(3, { tag })]);
      const deadline = Date.now() + 5_000;
      while (seen.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await subscription.close();
      expect(seen).toEqual([1, 2, 3]);
    });

    it('delivers the log in pages of at most maxCount events, in order', async () => {
      const tag = unique('pages');
      const after = await store.readHead();
      await store.appendToStream(unique('pages'), [1, 2, 3, 4, 5].map((n) => event(n, { tag })));
      const pages: RecordedEvent[][] = [];
      const subscription = store.subscribeToAll({ after, maxCount: 2, onEvents: async (page) => void pages.push(page) });
      const mine = () => pages.flat().filter((e) => (e.data as { tag?: string }).tag === tag);
      const deadline = Date.now() + 5_000;
      while (mine().length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await subscription.close();
      expect(mine().map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
      expect(pages.every((page) => page.length >= 1 && page.length <= 2)).toBe(true);
    });

    it('chains each event to the previous one of its stream, and detects tampering', async () => {
      const stream = unique('chain');
      await store.appendToStream(stream, [event(1), event(2)]);
      await store.appendToStream(stream, [event(3)]);
      const read = await store.readStream(stream);
      expect(read[0].previousHash).toBeNull();
      expect(read[1].previousHash).toBe(read[0].hash);
      expect(read[2].previousHash).toBe(read[1].hash);
      expect(read[0].hash).toMatch(/^[0-9a-f]{64}$/);
      expect(verifyStreamChain(read)).toEqual({ ok: true });
      const tampered = read.map((e, i) => (i === 1 ? { ...e, data: { n: 200 } } : e));
      expect(verifyStreamChain(tampered)).toEqual({ ok: false, brokenAt: 1n, reason: 'hash does not match the event' });
    });

    it('refuses an event whose personal fields are not encrypted, and stores nothing', async () => {
      const stream = unique('callback');
      await expect(store.appendToStream(stream, [{ type: 'CallbackReceived', data: callbackData({ transactionId: stream }) }])).rejects.toBeInstanceOf(
        UnencryptedPersonalDataError,
      );
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('stores personal fields as ciphertext the chain covers, reads them decrypted, and as erased once the key is shredded', async () => {
      const vault = PersonalDataVault.inMemory();
      const encrypting = new EncryptingEventStore(store, vault);
      const stream = unique('callback');
      const data = callbackData({ transactionId: stream, userId: 'shred-me', sourceIp: '203.0.113.77' });
      await encrypting.appendToStream(stream, [{ type: 'CallbackReceived', data }]);
      const [stored] = await store.readStream(stream);
      expect(String((stored.data as { sourceIp: string }).sourceIp).startsWith(ENCRYPTED_PREFIX)).toBe(true);
      expect(JSON.stringify(stored.data)).not.toContain('203.0.113.77');
      const [read] = await encrypting.readStream(stream);
      expect(read.data).toEqual(data);
      expect(verifyStreamChain([read])).toEqual({ ok: true });

      await vault.shred('shred-me', ['technical']);
      const [erased] = await encrypting.readStream(stream);
      expect(erased.data).toEqual({ ...data, sourceIp: ERASED, rawParameters: {} });
      expect(erased.erased).toEqual(['sourceIp', 'rawParameters']);
      expect(verifyStreamChain([erased])).toEqual({ ok: true });
    });

    it('reads an event recorded at an older schema version in the current shape, everywhere, with its chain intact', async () => {
      const store = new EncryptingEventStore(subject.store, PersonalDataVault.inMemory());
      const stream = unique('callback');
      const { triggeredBy: _, ...recordedAtV1 } = callbackData({ transactionId: stream });
      await store.appendToStream(stream, [
        { type: 'CallbackReceived', data: recordedAtV1, metadata: { schemaVersion: 1 } },
        { type: 'CallbackReceived', data: callbackData({ transactionId: stream, state: 'PENDING', triggeredBy: 'admin@playquid.test' }) },
      ]);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.metadata.schemaVersion, (e.data as { triggeredBy?: unknown }).triggeredBy])).toEqual([
        [1, null],
        [2, 'admin@playquid.test'],
      ]);
      expect(read[0].data).toEqual({ ...recordedAtV1, triggeredBy: null });
      // As recorded: at v1 (no triggeredBy), personal fields as the ciphertext the hash covers.
      expect(read[0].recordedData).toMatchObject({ ...recordedAtV1, sourceIp: expect.stringMatching(/^pqe1\./), rawParameters: expect.stringMatching(/^pqe1\./) });
      expect(read[0].recordedData).not.toHaveProperty('triggeredBy');
      expect(verifyStreamChain(read)).toEqual({ ok: true });

      const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId === stream).map((e) => e.data);
      const all: RecordedEvent[] = [];
      const subscribed: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ onEvents: async (page) => void subscribed.push(...page) });
      let after;
      const deadline = Date.now() + 10_000;
      while ((mine(all).length < 2 || mine(subscribed).length < 2) && Date.now() < deadline) {
        const page = await store.readAll({ after });
        all.push(...page);
        after = page.at(-1)?.position ?? after;
        await new Promise((r) => setTimeout(r, 20));
      }
      await subscription.close();
      expect(mine(all)).toEqual(read.map((e) => e.data));
      expect(mine(subscribed)).toEqual(read.map((e) => e.data));
    });

    it('round-trips unicode and large payloads', async () => {
      const stream = unique('payload');
      const data = { text: 'Pokémon £1.25 🎮 ✓', big: 'x'.repeat(200_000), nested: { list: [1, 2, 3], flag: true, none: null } };
      await store.appendToStream(stream, [{ type: 'Tested', data }]);
      expect((await store.readStream(stream))[0].data).toEqual(data);
    });
  });
}
