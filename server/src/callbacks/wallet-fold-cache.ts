import { streams, type WalletEvent } from '@playquid/contracts';
import { walletDecider, type WalletState } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { toDomainEvent } from '../cqrs/command-handler';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { foldWallet as foldWalletFromSnapshot } from '../wallet/wallet-snapshots';

/** Members whose folded wallet is kept between jobs (the most recently used). */
const WALLET_CACHE_SIZE = 1_000;

export interface CachedWallet {
  state: WalletState;
  revision: bigint | 'no_stream';
}

const foldWallet = (state: WalletState, recorded: RecordedEvent[]) =>
  recorded.map(toDomainEvent).reduce((s, e) => walletDecider.evolve(s, e as WalletEvent), state);

/**
 * Members' folded wallets kept between callback runs (least recently used dropped). Deciding
 * advances a fold in place, so a fold is handed out by `take`, which removes it: the cache never
 * holds a state a decide is changing, and a fold is kept again only once it is known to match the
 * stream (`keep`, or `read`, which keeps what it read).
 */
export class WalletFoldCache {
  private readonly wallets = new LRUCache<string, CachedWallet>({ max: WALLET_CACHE_SIZE });

  constructor(
    private readonly store: EventStore,
    /** The read model, for wallet snapshots (absent: every fold reads the whole stream). */
    private readonly readDb?: Kysely<DB>,
  ) {}

  /** The kept fold, now owned by the caller (no longer in the cache). */
  take(uid: string): CachedWallet | undefined {
    const wallet = this.wallets.get(uid);
    this.wallets.delete(uid);
    return wallet;
  }

  keep(uid: string, wallet: CachedWallet): CachedWallet {
    this.wallets.set(uid, wallet);
    return wallet;
  }

  /**
   * The wallet up to its last event: `known` (a fold the decisions have not advanced) plus what was
   * appended after it, or a fold of the whole stream. Kept for the next job.
   */
  async read(uid: string, known: CachedWallet | null): Promise<CachedWallet> {
    if (!known) {
      // No fold kept: start from the member's wallet snapshot (checked against the stream's hash) and fold the tail.
      const fold = await foldWalletFromSnapshot(this.readDb, this.store, uid);
      return this.keep(uid, { state: fold.state, revision: fold.revision });
    }
    const fromRevision = known.revision !== 'no_stream' ? known.revision + 1n : 0n;
    const recorded = await this.store.readStream(streams.wallet(uid), { fromRevision });
    const wallet = recorded.length === 0 ? known : { state: foldWallet(known.state, recorded), revision: recorded[recorded.length - 1].revision };
    return this.keep(uid, wallet);
  }
}
