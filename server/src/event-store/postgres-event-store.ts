import type { GlobalPosition } from '@playquid/contracts';
import { EventEmitter } from 'node:events';
import { NO_PARALLEL_QUERY } from '@playquid/read-db';
import pg from 'pg';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { AppendSignal } from './postgres-append-signal';
import { PostgresAppender, RecentTails } from './postgres-appender';
import { PostgresReader } from './postgres-reader';
import { ensureEventStoreSchema } from './postgres-schema';
import { subscribeToLog } from './postgres-subscription';

/**
 * The default event store: one append-only table (`events`, which the store creates on first use:
 * postgres-schema.ts). Each row is stamped with its transaction id; the global order is (transaction id,
 * sequence) and readers only see transactions older than the oldest append still running, so a
 * follower never skips an append that commits late, and a long transaction elsewhere (a projection
 * applying a large range) does not hold the log back. Its parts: the appender
 * (postgres-appender.ts), the reader (postgres-reader.ts) and the subscription
 * (postgres-subscription.ts), sharing one pool and the cache of stream tails. Its followers hear
 * its own appends at once and other processes' through AppendSignal (postgres-append-signal.ts).
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly appended = new EventEmitter();
  private readonly appender: PostgresAppender;
  private readonly reader: PostgresReader;
  private readonly signal: AppendSignal;
  private schema: Promise<void> | undefined;

  constructor(poolOrUrl: pg.Pool | string) {
    this.ownsPool = typeof poolOrUrl === 'string';
    this.pool =
      typeof poolOrUrl === 'string' ? new pg.Pool({ connectionString: poolOrUrl, max: 20, options: NO_PARALLEL_QUERY }) : poolOrUrl;
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    if (this.ownsPool) this.pool.on('error', (error) => console.error(`event store: idle connection lost: ${error.message}`));
    const tails = new RecentTails();
    this.signal = new AppendSignal(this.pool, () => this.appended.emit('appended'));
    this.appender = new PostgresAppender(this.pool, tails, () => {
      this.appended.emit('appended');
      void this.signal.appended();
    });
    this.reader = new PostgresReader(this.pool, tails);
  }

  /** Creates the `events` table if this database has none yet (once per store; retried after a failure). */
  ensureSchema(): Promise<void> {
    this.schema ??= ensureEventStoreSchema(this.pool).catch((error: unknown) => {
      this.schema = undefined;
      throw error;
    });
    return this.schema;
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    await this.ensureSchema();
    return this.appender.appendToStream(streamId, events, options);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    await this.ensureSchema();
    return this.reader.readStream(streamId, options);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    await this.ensureSchema();
    return this.reader.readStreams(streamIds);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    await this.ensureSchema();
    return this.reader.readAll(options);
  }

  async readHead(): Promise<GlobalPosition> {
    await this.ensureSchema();
    return this.reader.readHead();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    void this.signal.listen();
    return subscribeToLog((page) => this.readAll(page), this.appended, options);
  }

  async close(): Promise<void> {
    await this.signal.close();
    if (this.ownsPool) await this.pool.end();
  }
}
