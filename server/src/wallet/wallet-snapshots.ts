import { streams, type WalletEvent } from '@playquid/contracts';
import {
  fold,
  WALLET_SNAPSHOT_EVERY,
  WALLET_SNAPSHOT_VERSION,
  walletDecider,
  type WalletState,
  walletStateFromJson,
  walletStateToJson,
} from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { toDomainEvent } from '../cqrs/command-handler';
import type { EventStore, RecordedEvent } from '../event-store/event-store';

/** A fold of a member's wallet: the state after `revision` ('no_stream': nothing yet) and the events read for it. */
export interface WalletFold {
  /** A new state nobody else holds (the caller may keep it as its own draft, as WalletFoldCache does). */
  state: WalletState;
  revision: bigint | 'no_stream';
  /** The events folded after the snapshot (all of them without one), up to `asOf` when given. */
  tail: RecordedEvent[];
  /** Whether a snapshot was the starting point. */
  fromSnapshot: boolean;
}

/** `state` and the events after it: a new state (the fold copies `state` once; it never changes it). */
const evolveAll = (state: WalletState, events: readonly RecordedEvent[]) => fold(walletDecider, events.map(toDomainEvent) as WalletEvent[], state);

/**
 * The member's wallet folded from their latest snapshot (read model table `wallet_snapshots`, a
 * cache) and the events after it; the whole stream when there is none, when it was taken after
 * `asOf`, when its version is not the current one, or when the stream's event at its revision no
 * longer has the hash it was taken after. Without `asOf`, a fold that went through
 * WALLET_SNAPSHOT_EVERY events or more leaves a snapshot of where it ended.
 */
export async function foldWallet(db: Kysely<DB> | undefined, store: EventStore, uid: string, asOf?: Date): Promise<WalletFold> {
  const stream = streams.wallet(uid);
  const snapshot = db
    ? await db.selectFrom('wallet_snapshots').selectAll().where('uid', '=', uid).where('version', '=', WALLET_SNAPSHOT_VERSION).executeTakeFirst()
    : undefined;
  const until = (events: RecordedEvent[]) => {
    if (!asOf) return events;
    const cut = events.findIndex((e) => e.createdAt.getTime() > asOf.getTime());
    return cut === -1 ? events : events.slice(0, cut);
  };
  if (snapshot && (!asOf || new Date(snapshot.at).getTime() <= asOf.getTime())) {
    const revision = BigInt(snapshot.revision);
    const read = await store.readStream(stream, { fromRevision: revision });
    if (read[0]?.revision === revision && read[0].hash === snapshot.event_hash) {
      const tail = until(read.slice(1));
      const state = evolveAll(walletStateFromJson(snapshot.state), tail);
      const fold: WalletFold = { state, revision: tail.at(-1)?.revision ?? revision, tail, fromSnapshot: true };
      if (!asOf && db) await keepSnapshot(db, uid, fold);
      return fold;
    }
  }
  const tail = until(await store.readStream(stream));
  const fold: WalletFold = { state: evolveAll(walletDecider.initialState(), tail), revision: tail.at(-1)?.revision ?? 'no_stream', tail, fromSnapshot: false };
  if (!asOf && db) await keepSnapshot(db, uid, fold);
  return fold;
}

/** Writes a snapshot of the fold's end when it went through enough events; never replaces a later one. */
async function keepSnapshot(db: Kysely<DB>, uid: string, fold: WalletFold): Promise<void> {
  const last = fold.tail.at(-1);
  if (!last || fold.tail.length < WALLET_SNAPSHOT_EVERY) return;
  await db
    .insertInto('wallet_snapshots')
    .values({
      uid,
      revision: last.revision.toString(),
      event_hash: last.hash,
      at: last.createdAt,
      version: WALLET_SNAPSHOT_VERSION,
      state: walletStateToJson(fold.state),
    })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet((eb) => ({
        revision: eb.ref('excluded.revision'),
        event_hash: eb.ref('excluded.event_hash'),
        at: eb.ref('excluded.at'),
        version: eb.ref('excluded.version'),
        state: eb.ref('excluded.state'),
      })).where((eb) => eb.or([eb('wallet_snapshots.revision', '<', eb.ref('excluded.revision')), eb('wallet_snapshots.version', '<>', eb.ref('excluded.version'))])),
    )
    .execute();
}

/**
 * Every snapshot checked against the log (`verify`): the stream folded again up to the snapshot's
 * revision must give the same state, and its event there the same hash. Returns one line per
 * snapshot that differs (a wrong snapshot is never trusted silently).
 */
export async function checkWalletSnapshots(db: Kysely<DB>, store: EventStore): Promise<string[]> {
  const problems: string[] = [];
  const snapshots = await db.selectFrom('wallet_snapshots').selectAll().orderBy('uid').execute();
  for (const snapshot of snapshots) {
    const revision = BigInt(snapshot.revision);
    const events = (await store.readStream(streams.wallet(snapshot.uid))).filter((e) => e.revision <= revision);
    const at = events.at(-1);
    if (snapshot.version !== WALLET_SNAPSHOT_VERSION) continue;
    if (!at || at.revision !== revision || at.hash !== snapshot.event_hash) {
      problems.push(`wallet_snapshots ${snapshot.uid}: revision ${revision} is not in the stream with hash ${snapshot.event_hash}`);
      continue;
    }
    // Key order counts (decisions may follow the lookup tables' order): the texts must be equal.
    if (walletStateToJson(evolveAll(walletDecider.initialState(), events)) !== snapshot.state) problems.push(`wallet_snapshots ${snapshot.uid}: state at revision ${revision} differs from the fold of the stream`);
  }
  return problems;
}
