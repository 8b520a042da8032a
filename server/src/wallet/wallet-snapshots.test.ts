import { streams } from '@playquid/contracts';
import { fold, WALLET_SNAPSHOT_EVERY, walletDecider, walletStateToJson } from '@playquid/domain';
import { earningCredited } from '@playquid/domain/testing';
import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDomainEvent } from '../cqrs/command-handler';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { checkWalletSnapshots, foldWallet } from './wallet-snapshots';

/**
 * Wallet snapshots are a cache of the fold: a fold from a snapshot equals the fold of the whole
 * stream, a snapshot the stream no longer matches is not used, and `verify`'s check reports a
 * snapshot whose state is wrong.
 */
let database: TestDatabase;
let db: Kysely<DB>;
const START = Date.UTC(2026, 0, 1);
let clock = START;
/** Each event is stored one second after the one before. */
const store = new InMemoryEventStore({ now: () => new Date((clock += 1000)) });
const UID = 'heavy-member';

const credit = (i: number) =>
  earningCredited({
    uid: UID,
    earningId: `e${i}`,
    callbackId: `c${i}`,
    transactionId: `t${i}`,
    offerId: 'o1',
    taskId: null,
    taskName: null,
    amountPence: 10 + (i % 7),
    status: i % 3 === 0 ? 'pending' : 'approved',
    creditedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  });
const appendCredits = (from: number, count: number) =>
  store.appendToStream(
    streams.wallet(UID),
    Array.from({ length: count }, (_, i) => credit(from + i)),
  );
const wholeFold = async () =>
  walletStateToJson(fold(walletDecider, (await store.readStream(streams.wallet(UID))).map(toDomainEvent) as never));

beforeAll(async () => {
  database = await createTestDatabase('walletsnapshots', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('wallet snapshots', () => {
  it('are taken after a long fold, and a later fold from one folds only the tail to the same state', async () => {
    await appendCredits(0, WALLET_SNAPSHOT_EVERY + 50);
    const first = await foldWallet(db, store, UID);
    expect(first.fromSnapshot).toBe(false);
    const snapshot = await db.selectFrom('wallet_snapshots').selectAll().where('uid', '=', UID).executeTakeFirstOrThrow();
    expect(Number(snapshot.revision)).toBe(WALLET_SNAPSHOT_EVERY + 49);

    await appendCredits(WALLET_SNAPSHOT_EVERY + 50, 30);
    const second = await foldWallet(db, store, UID);
    expect(second).toMatchObject({ fromSnapshot: true, revision: BigInt(WALLET_SNAPSHOT_EVERY + 79) });
    expect(second.tail).toHaveLength(30);
    expect(walletStateToJson(second.state)).toBe(await wholeFold());
    expect(await checkWalletSnapshots(db, store)).toEqual([]);
  });

  it('folds the whole stream for a moment before the snapshot, and the same figures as the whole fold after it', async () => {
    const early = await foldWallet(db, store, UID, new Date(START + 11_500));
    expect(early.fromSnapshot).toBe(false);
    expect(early.tail).toHaveLength(11);
    const late = await foldWallet(db, store, UID, new Date(clock + 1000));
    expect(late.fromSnapshot).toBe(true);
    expect(walletStateToJson(late.state)).toBe(await wholeFold());
  });

  it('are never trusted when wrong: a state that differs is reported by verify, a hash that differs is not used', async () => {
    const good = await db.selectFrom('wallet_snapshots').selectAll().where('uid', '=', UID).executeTakeFirstOrThrow();
    const tampered = good.state.replace('"availablePence":', '"availablePence":1000000+').replace('1000000+', '1000');
    await db.updateTable('wallet_snapshots').set({ state: tampered }).where('uid', '=', UID).execute();
    expect(await checkWalletSnapshots(db, store)).toEqual([expect.stringMatching(/heavy-member: state at revision \d+ differs/)]);

    await db.updateTable('wallet_snapshots').set({ state: good.state, event_hash: 'not-the-hash' }).where('uid', '=', UID).execute();
    expect(await checkWalletSnapshots(db, store)).toEqual([expect.stringMatching(/is not in the stream/)]);
    const fold = await foldWallet(db, store, UID);
    expect(fold.fromSnapshot).toBe(false);
    expect(walletStateToJson(fold.state)).toBe(await wholeFold());
  });
});
