import { streams, type WalletEvent } from '@playquid/contracts';
import { fold, walletDecider, type WalletState } from '@playquid/domain';
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
 * source handleCommand decides a member's callbacks on. A kept fold is handed out as it is: states
 * are never changed once returned (the wallet's evolve is pure), so a decision cannot alter what is
 * kept. A fold is kept when it is read and after an append the store accepted; a failed append
 * forgets the member's fold, and the retry reads the wallet anew (snapshot and tail).
 */
export class WalletFoldCache {
  private readonly wallets = new LRUCache<string, CachedWallet>({ max: WALLET_CACHE_SIZE });

  constructor(
    private readonly store: EventStore,
    /** The read model, for wallet snapshots (absent: every fold reads the whole stream). */
    private readonly readDb?: Kysely<DB>,
  ) {}

  /** The state source for one member's wallet stream. */
  source(uid: string): StateSource<WalletState> {
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
      keep: (folded) => this.keep(uid, folded),
      invalidate: () => this.wallets.delete(uid),
    };
  }

  private keep(uid: string, wallet: CachedWallet): FoldedStream<WalletState> {
    this.wallets.set(uid, wallet);
    return { ...wallet, readNow: true };
  }

  /** The whole wallet: the member's snapshot (checked against the stream's hash) and the tail after it. Kept. */
  private async read(uid: string): Promise<FoldedStream<WalletState>> {
    const { state, revision } = await foldWalletFromSnapshot(this.readDb, this.store, uid);
    return this.keep(uid, { state, revision });
  }

  /** `known` and what was appended after it, reading only those events. Kept. */
  private async readAfter(uid: string, known: CachedWallet): Promise<FoldedStream<WalletState>> {
    const fromRevision = known.revision !== 'no_stream' ? known.revision + 1n : 0n;
    const recorded = await this.store.readStream(streams.wallet(uid), { fromRevision });
    if (recorded.length === 0) return this.keep(uid, { state: known.state, revision: known.revision });
    const state = fold(walletDecider, recorded.map(toDomainEvent) as WalletEvent[], known.state);
    return this.keep(uid, { state, revision: recorded[recorded.length - 1].revision });
  }
}
