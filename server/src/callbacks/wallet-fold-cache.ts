import { streams, type WalletEvent } from '@playquid/contracts';
import { walletFold, type WalletState } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type FoldedStream, type StateSource, toDomainEvent } from '../cqrs/command-handler';
import type { EventStore } from '../event-store/event-store';
import { foldWallet as foldWalletFromSnapshot } from '../wallet/wallet-snapshots';

/** Members whose folded wallet is kept between jobs (the most recently used). */
const WALLET_CACHE_SIZE = 1_000;

export interface CachedWallet {
  state: WalletState;
  revision: bigint | 'no_stream';
}

/**
 * Members' folded wallets kept between callback runs (least recently used dropped), as the state
 * source handleCommand decides a member's callbacks on.
 *
 * The cache owns its folds: each is a private draft, made once when the wallet is read (a fold of
 * the snapshot and the tail, or of the whole stream, is a new state nobody else holds) and from
 * then on advanced in place (`walletFold.apply`, the in-place step `draftFold` uses) by the events
 * an accepted append added and by the tail a catch-up read, so a decision on a large wallet copies
 * nothing. A failed append (a conflict or any error), or a fold that fails, forgets the member's
 * draft, and the retry reads the wallet anew (snapshot and tail).
 *
 * Handing the draft out is safe because of one invariant: **a member's source is used by one
 * command at a time, and nothing keeps the draft after that command.** The only user is
 * ProcessMemberCallbacksHandler, whose MemberRunQueue runs one run at a time per member in this
 * process; within a run, handleCommand gives the draft to `decide` (callbackBatch/decideCallbacks
 * only read it: they fold the batch's own events on a layer over it, and keep only the decisions)
 * and returns it as `HandleResult.state`, which the handler does not use. Snapshot writes happen
 * inside the read (foldWallet serialises the state before it returns), before any change. Anyone
 * who needs a wallet that stays as it is must fold their own (`foldWallet`), never take one from here.
 */
export class WalletFoldCache {
  private readonly wallets = new LRUCache<string, CachedWallet>({ max: WALLET_CACHE_SIZE });
  /** Every draft this cache made: only these are ever changed in place. */
  private readonly drafts = new WeakSet<WalletState>();

  constructor(
    private readonly store: EventStore,
    /** The read model, for wallet snapshots (absent: every fold reads the whole stream). */
    private readonly readDb?: Kysely<DB>,
  ) {}

  /** The state source for one member's wallet stream. */
  source(uid: string): StateSource<WalletState, WalletEvent> {
    return {
      load: async () => {
        const kept = this.wallets.get(uid);
        return kept ? { ...kept, readNow: false } : this.read(uid);
      },
      catchUp: (known) => {
        if (known) return this.readAfter(uid, known);
        this.wallets.delete(uid);
        return this.read(uid);
      },
      appended: (known, events, revision) => this.advance(uid, known.state, events, revision).state,
      invalidate: () => this.wallets.delete(uid),
    };
  }

  /** The whole wallet: the member's snapshot (checked against the stream's hash) and the tail after it. Kept. */
  private async read(uid: string): Promise<FoldedStream<WalletState>> {
    const { state, revision } = await foldWalletFromSnapshot(this.readDb, this.store, uid);
    this.drafts.add(state);
    this.wallets.set(uid, { state, revision });
    return { state, revision, readNow: true };
  }

  /** `known` and what was appended after it, reading only those events. Kept. */
  private async readAfter(uid: string, known: FoldedStream<WalletState>): Promise<FoldedStream<WalletState>> {
    const fromRevision = known.revision !== 'no_stream' ? known.revision + 1n : 0n;
    const recorded = await this.store.readStream(streams.wallet(uid), { fromRevision });
    const revision = recorded.at(-1)?.revision ?? known.revision;
    return { ...this.advance(uid, known.state, recorded.map(toDomainEvent) as WalletEvent[], revision), readNow: true };
  }

  /**
   * `state` (a fold this cache gave) with `events` folded on, at `revision`: in place on the
   * cache's own draft; a state it did not make (a new stream's initial state) is copied first.
   */
  private advance(uid: string, state: WalletState, events: readonly WalletEvent[], revision: bigint | 'no_stream'): CachedWallet {
    let draft = state;
    try {
      if (events.length > 0 && !this.drafts.has(draft)) this.drafts.add((draft = walletFold.copy(draft)));
      for (const event of events) walletFold.apply(draft, event);
    } catch (error) {
      // A half-folded draft is never kept.
      this.wallets.delete(uid);
      throw error;
    }
    const kept = { state: draft, revision };
    this.wallets.set(uid, kept);
    return kept;
  }
}

