import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store';
import { computeEventHash } from './hash-chain';

const BATCH = 500;
const POLL_MS = 50;
const UNIQUE_VIOLATION = '23505';
const MAX_ANY_ATTEMPTS = 5;
const TAIL_CACHE_SIZE = 10_000;

interface Tail {
  revision: bigint;
  hash: string;
}

const isRevisionConflict = (error: unknown) =>
  (error as { code?: string }).code === UNIQUE_VIOLATION && (error as { constraint?: string }).constraint === 'events_stream_id_revision_key';

interface EventRow {
  sequence: string;
  transaction_id: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  hash: string;
  previous_hash: string | null;
  created_at: Date;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  revision: BigInt(row.revision),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.sequence) },
  createdAt: row.created_at,
  hash: row.hash,
  previousHash: row.previous_hash,
});

/**
 * The default event store: one append-only table. Each row is stamped with its transaction id; the
 * global order is (transaction id, sequence) and readers only see transactions older than the
 * oldest one still running, so a follower never skips an append that commits late.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly tails = new Map<string, Tail>();
  private readonly appended = new EventEmitter();

  constructor(poolOrUrl: pg.Pool | string) {
    this.ownsPool = typeof poolOrUrl === 'string';
    this.pool = typeof poolOrUrl === 'string' ? new pg.Pool({ connectionString: poolOrUrl, max: 20 }) : poolOrUrl;
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    if (this.ownsPool) this.pool.on('error', (error) => console.error(`event store: idle connection lost: ${error.message}`));
  }

  async migrate(): Promise<void> {
    await this.pool.query(`
      create table if not exists events (
        sequence bigserial primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        revision bigint not null,
        event_id uuid not null unique,
        type text not null,
        data jsonb not null,
        metadata jsonb not null default '{}'::jsonb,
        hash text not null,
        previous_hash text,
        created_at timestamptz not null default now(),
        unique (stream_id, revision)
      );
      create index if not exists events_global_order_idx on events (transaction_id, sequence);
    `);
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 1; ; attempt++) {
      const tail = await this.tailFor(streamId, expected);
      const { values, tuples, last } = this.rows(streamId, events, tail);
      try {
        // One autocommit statement, one round trip. The unique (stream_id, revision) constraint is
        // the concurrency check: of two appends expecting the same revision, the second fails.
        // No NOTIFY here: it takes a global lock at commit and would serialise every append.
        const inserted = await this.pool.query<{ sequence: string; transaction_id: string }>(
          `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash)
           values ${tuples.join(', ')} returning sequence, transaction_id`,
          values,
        );
        this.remember(streamId, last);
        this.appended.emit('appended');
        const row = inserted.rows[inserted.rows.length - 1];
        return { nextExpectedRevision: last.revision, position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.sequence) } };
      } catch (error) {
        if (!isRevisionConflict(error)) throw error;
        this.tails.delete(streamId);
        if (expected !== 'any' || attempt >= MAX_ANY_ATTEMPTS) {
          throw new WrongExpectedRevisionError(streamId, expected, tail ? tail.revision + 1n : 0n);
        }
      }
    }
  }

  /** The event the new ones follow, checked against the expectation (null for a new stream). */
  private async tailFor(streamId: string, expected: ExpectedRevision): Promise<Tail | null> {
    if (expected === 'no_stream') return null;
    const cached = this.tails.get(streamId);
    if (typeof expected === 'bigint' && cached?.revision === expected) return cached;
    const result = await this.pool.query<{ revision: string; hash: string }>(
      'select revision, hash from events where stream_id = $1 order by revision desc limit 1',
      [streamId],
    );
    const tail = result.rows[0] ? { revision: BigInt(result.rows[0].revision), hash: result.rows[0].hash } : null;
    if (typeof expected === 'bigint' && tail?.revision !== expected) {
      throw new WrongExpectedRevisionError(streamId, expected, tail?.revision ?? 'no_stream');
    }
    return tail;
  }

  private rows(streamId: string, events: NewEvent[], tail: Tail | null) {
    let previousHash = tail?.hash ?? null;
    let revision = tail ? tail.revision + 1n : 0n;
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const event of events) {
      const id = event.id ?? randomUUID();
      const metadata = { schemaVersion: 1, ...event.metadata };
      const hash = computeEventHash(previousHash, { streamId, revision, id, type: event.type, data: event.data, metadata });
      const n = values.length;
      tuples.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8})`);
      values.push(streamId, revision.toString(), id, event.type, JSON.stringify(event.data), JSON.stringify(metadata), hash, previousHash);
      previousHash = hash;
      revision += 1n;
    }
    return { values, tuples, last: { revision: revision - 1n, hash: previousHash! } };
  }

  /** Events never change, so a known (revision, hash) stays true; the cache only saves a read. */
  private remember(streamId: string, tail: Tail): void {
    this.tails.delete(streamId);
    this.tails.set(streamId, tail);
    if (this.tails.size > TAIL_CACHE_SIZE) this.tails.delete(this.tails.keys().next().value!);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(
      `select * from events where stream_id = $1 and revision >= $2 order by revision limit $3`,
      [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    );
    const events = result.rows.map(toRecorded);
    const last = events[events.length - 1];
    if (last) this.remember(streamId, { revision: last.revision, hash: last.hash });
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START_POSITION;
    const result = await this.pool.query<EventRow>(
      `select * from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          and (transaction_id, sequence) > ($1::text::xid8, $2::bigint)
        order by transaction_id, sequence
        limit $3`,
      [after.commit.toString(), after.prepare.toString(), options.maxCount ?? 1000],
    );
    return result.rows.map(toRecorded);
  }

  async readHead(): Promise<GlobalPosition> {
    // No xmin filter: the plain snapshot sees exactly the committed events.
    const result = await this.pool.query<{ transaction_id: string; sequence: string }>(
      'select transaction_id, sequence from events order by transaction_id desc, sequence desc limit 1',
    );
    const row = result.rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.sequence) } : START_POSITION;
  }

  /**
   * Catch-up, then live: appends made through this store wake the follower at once; appends from
   * other processes are found by a short poll. An event only becomes readable once every older
   * transaction has finished, which the poll also covers.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    let position: GlobalPosition = options.after ?? START_POSITION;
    let closed = false;
    let wake: (() => void) | undefined;
    const onAppended = () => wake?.();
    this.appended.on('appended', onAppended);

    const loop = (async () => {
      try {
        while (!closed) {
          const batch = await this.readAll({ after: position, maxCount: BATCH });
          for (const event of batch) {
            if (closed) return;
            await options.onEvent(event);
            position = event.position;
          }
          if (batch.length === BATCH || closed) continue;
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, POLL_MS);
          });
          wake = undefined;
        }
      } catch (error) {
        if (!closed) (options.onError ?? console.error)(error);
      }
    })();

    return {
      close: async () => {
        closed = true;
        this.appended.off('appended', onAppended);
        wake?.();
        await loop;
      },
    };
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
