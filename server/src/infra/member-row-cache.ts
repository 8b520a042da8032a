import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ALL_MEMBERS, CHECKPOINTS_CHANNEL, MEMBER_ROWS_CHANNEL } from '@playquid/read-db';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Members whose rows are kept at once (the most recently read). */
const MEMBERS_KEPT = 50_000;
const RELISTEN_AFTER_MS = 1_000;

/** The rows kept per member, by the name the reader gives them (undefined: the table has no row). */
type MemberRows = Map<string, unknown>;

/**
 * Read-through cache of the read-model rows every member call reads (the guard's role and ban, the
 * balance), dropped the moment a projection commits a change to them: the tables notify
 * MEMBER_ROWS_CHANNEL on commit (migration MemberRowNotifications) and this service listens. A
 * cached read is therefore never staler than a database read that raced the same commit.
 *
 * A row read while a change to it was being announced is not kept: every notification moves an
 * epoch, each dropped member remembers it, and a read stores its row only when no drop of that
 * member happened after the read began. While the listening connection is down nothing is kept.
 */
@Injectable()
export class MemberRowCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MemberRowCache');
  private readonly rows = new LRUCache<string, MemberRows>({ max: MEMBERS_KEPT });
  /** The epoch of each member's latest drop (bounded; a forgotten one raises `droppedFloor`). */
  private readonly droppedAt = new LRUCache<string, number>({
    max: MEMBERS_KEPT,
    dispose: (epoch, _uid, reason) => {
      if (reason === 'evict') this.droppedFloor = Math.max(this.droppedFloor, epoch);
    },
  });
  private droppedFloor = 0;
  private epoch = 0;
  private listener?: pg.Client;
  private listening = false;
  private closed = false;
  private relistenTimer?: NodeJS.Timeout;
  private readonly dropListeners = new Set<(uids: readonly string[] | typeof ALL_MEMBERS) => void>();
  private readonly checkpointListeners = new Set<() => void>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    this.stopKeeping();
    await listener?.end().catch(() => undefined);
  }

  /** The member's row `name`, from the cache or from `read` (whose result is kept when that is safe). */
  async get<T>(uid: string, name: string, read: () => Promise<T>): Promise<T> {
    const kept = this.rows.get(uid);
    if (kept?.has(name)) return kept.get(name) as T;
    const began = this.epoch;
    const row = await read();
    if (this.listening && Math.max(this.droppedFloor, this.droppedAt.get(uid) ?? 0) <= began) {
      const entry = this.rows.get(uid) ?? new Map<string, unknown>();
      entry.set(name, row);
      this.rows.set(uid, entry);
    }
    return row;
  }

  /**
   * Calls `listener` with the members whose rows a projection just committed a change to (or
   * ALL_MEMBERS), on the one listening connection of this process. Returns the unsubscribe.
   */
  onChange(listener: (uids: readonly string[] | typeof ALL_MEMBERS) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /**
   * Calls `listener` whenever a projection commit moved checkpoints (CHECKPOINTS_CHANNEL, on the
   * same listening connection), and once more whenever listening (re)starts. Returns the unsubscribe.
   */
  onCheckpointsMoved(listener: () => void): () => void {
    this.checkpointListeners.add(listener);
    return () => this.checkpointListeners.delete(listener);
  }

  /** Whether checkpoint moves are being heard (else a waiter must look for itself). */
  get hearsCheckpoints(): boolean {
    return this.listening;
  }

  private checkpointsMoved(): void {
    for (const listener of this.checkpointListeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error(error, 'checkpoint listener failed');
      }
    }
  }

  /** Drops what is kept of these members (or of everyone) because their rows changed. */
  drop(uids: readonly string[] | typeof ALL_MEMBERS): void {
    this.forget(uids);
    for (const listener of this.dropListeners) {
      try {
        listener(uids);
      } catch (error) {
        this.logger.error(error, 'member row change listener failed');
      }
    }
  }

  private forget(uids: readonly string[] | typeof ALL_MEMBERS): void {
    this.epoch++;
    if (uids === ALL_MEMBERS) {
      this.droppedFloor = this.epoch;
      this.droppedAt.clear();
      this.rows.clear();
      return;
    }
    for (const uid of uids) {
      this.droppedAt.set(uid, this.epoch);
      this.rows.delete(uid);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    this.listener = client;
    const lost = (error?: Error) => {
      if (client !== this.listener) return;
      this.listener = undefined;
      this.stopKeeping();
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`listening for member row changes stopped (${error?.message ?? 'connection ended'}); retrying`);
      this.relistenTimer = setTimeout(() => void this.listen(), RELISTEN_AFTER_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', ({ channel, payload }) => {
      if (channel === MEMBER_ROWS_CHANNEL) this.drop(payload === ALL_MEMBERS || !payload ? ALL_MEMBERS : (JSON.parse(payload) as string[]));
      else if (channel === CHECKPOINTS_CHANNEL) this.checkpointsMoved();
    });
    try {
      await client.connect();
      await client.query(`listen ${MEMBER_ROWS_CHANNEL}; listen ${CHECKPOINTS_CHANNEL}`);
      // Whatever changed while nobody listened is unknown: start empty (and tell the listeners).
      this.drop(ALL_MEMBERS);
      this.listening = true;
      this.checkpointsMoved();
    } catch (error) {
      lost(error as Error);
    }
  }

  private stopKeeping(): void {
    this.listening = false;
    this.forget(ALL_MEMBERS);
  }
}
