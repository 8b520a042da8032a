import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { NO_PARALLEL_QUERY } from '@playquid/read-db';
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
import { GroupCommit } from '../common/group-commit';
import { canonicalJson, computeCanonicalEventHash } from './hash-chain';
import { metadataToStore, upcastRecorded } from './upcasting';
import { assertPersonalDataEncrypted } from './encrypting-event-store';

const BATCH = 500;
const POLL_MS = 50;
const UNIQUE_VIOLATION = '23505';
const MAX_ANY_ATTEMPTS = 5;
const TAIL_CACHE_SIZE = 10_000;
/**
 * Single-event appends share an INSERT (group commit): one statement in flight, the appends made
 * meanwhile go together in the next. Concurrent INSERTs into the log only contend for the same
 * index pages and commits, so more in flight means smaller groups and fewer appends per second.
 */
const GROUPED_INSERTS_IN_FLIGHT = 1;
const GROUPED_INSERT_MAX_EVENTS = 200;
/** readStreams calls made at the same moment share a query too: queries in flight at once, calls per query. */
const GROUPED_READS_IN_FLIGHT = 2;
const GROUPED_READS_MAX_CALLS = 100;
const COLUMNS_PER_EVENT = 8;
const valuesLists: string[] = [];
/** `($1, …, $8), ($9, …, $16), …` for this many events (built once per count). */
const valuesList = (events: number) =>
  (valuesLists[events] ??= Array.from(
    { length: events },
    (_, e) => `(${Array.from({ length: COLUMNS_PER_EVENT }, (_, c) => `$${e * COLUMNS_PER_EVENT + c + 1}`).join(', ')})`,
  ).join(', '));

/**
 * Where the log is readable up to, in one statement: `completed` is one past the latest transaction
 * id completed when the statement's snapshot was taken (every id below it had been handed out),
 * `appending` the (32-bit) ids of the transactions writing to the log right now, read after that
 * snapshot: the sessions holding RowExclusiveLock on `events` (an INSERT takes it before its
 * transaction gets an id, and keeps it to the end) and their current transaction ids. Only these
 * can still add events below `completed`; any other transaction, however long (a projection
 * applying a large range, a report), does not hold the log back. (A session shows its
 * transaction id to sessions of the same role; every process of the app uses one role.)
 */
const READABLE_BELOW_SQL = `
  with writers as materialized (
    select distinct pid from pg_locks
     where locktype = 'relation' and relation = 'events'::regclass and mode = 'RowExclusiveLock' and granted
       and database = (select oid from pg_database where datname = current_database())
  )
  select pg_snapshot_xmax(pg_current_snapshot())::text as completed,
    array(select activity.backend_xid::text from pg_stat_activity activity join writers using (pid) where activity.backend_xid is not null) as appending`;
const XID_EPOCH = 1n << 32n;

/** The full (epoch-qualified) id of a 32-bit transaction id in use now, near `reference`. */
function fullTransactionId(xid: bigint, reference: bigint): bigint {
  const full = (reference / XID_EPOCH) * XID_EPOCH + xid;
  if (full > reference + XID_EPOCH / 2n) return full - XID_EPOCH;
  if (full < reference - XID_EPOCH / 2n) return full + XID_EPOCH;
  return full;
}

interface Tail {
  revision: bigint;
  hash: string;
}

/**
 * The last known (revision, hash) of the streams used lately: two generations of at most
 * TAIL_CACHE_SIZE streams; when the young one is full, the old one is dropped whole and the young
 * one ages. Cheaper per append than a strict LRU, and a stream in use stays young.
 */
class RecentTails {
  private young = new Map<string, Tail>();
  private old = new Map<string, Tail>();

  get(streamId: string): Tail | undefined {
    const tail = this.young.get(streamId);
    if (tail) return tail;
    const aged = this.old.get(streamId);
    if (aged) this.set(streamId, aged);
    return aged;
  }

  set(streamId: string, tail: Tail): void {
    if (this.young.size >= TAIL_CACHE_SIZE) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(streamId, tail);
  }

  delete(streamId: string): void {
    this.young.delete(streamId);
    this.old.delete(streamId);
  }
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

const toRecorded = (row: EventRow): RecordedEvent =>
  upcastRecorded({
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
 * The default event store: one append-only table (`events`, created by the read-db migrations, which
 * must have run). Each row is stamped with its transaction id; the global order is (transaction id,
 * sequence) and readers only see transactions older than the oldest append still running, so a
 * follower never skips an append that commits late, and a long transaction elsewhere (a projection
 * applying a large range) does not hold the log back.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly tails = new RecentTails();
  private readonly appended = new EventEmitter();
  private readonly singleAppends = new GroupCommit((rows: unknown[][]) => this.insertSingles(rows), {
    concurrency: GROUPED_INSERTS_IN_FLIGHT,
    maxItems: GROUPED_INSERT_MAX_EVENTS,
  });
  private readonly streamReads = new GroupCommit((calls: Array<readonly string[]>) => this.readStreamsOf(calls), {
    concurrency: GROUPED_READS_IN_FLIGHT,
    maxItems: GROUPED_READS_MAX_CALLS,
  });

  constructor(poolOrUrl: pg.Pool | string) {
    this.ownsPool = typeof poolOrUrl === 'string';
    this.pool =
      typeof poolOrUrl === 'string' ? new pg.Pool({ connectionString: poolOrUrl, max: 20, options: NO_PARALLEL_QUERY }) : poolOrUrl;
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    if (this.ownsPool) this.pool.on('error', (error) => console.error(`event store: idle connection lost: ${error.message}`));
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    if (events.length === 1 && expected !== 'any') return this.appendOne(streamId, events[0], expected);
    for (let attempt = 1; ; attempt++) {
      const tail = await this.tailFor(streamId, expected);
      const { values, last } = this.rows(streamId, events, tail);
      try {
        // One autocommit statement, one round trip. The unique (stream_id, revision) constraint is
        // the concurrency check: of two appends expecting the same revision, the second fails.
        // No NOTIFY here: it takes a global lock at commit and would serialise every append.
        const inserted = await this.pool.query<{ sequence: string; transaction_id: string }>(
          `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash)
           values ${valuesList(events.length)} returning sequence, transaction_id`,
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

  /**
   * One event at a known place in its stream (a new stream, or right after a revision): it goes into
   * the INSERT shared with the single-event appends made at the same moment. `on conflict do
   * nothing` leaves out exactly the events whose place another append took first, each a wrong
   * expected revision, and never touches the others.
   */
  private async appendOne(streamId: string, event: NewEvent, expected: 'no_stream' | bigint): Promise<AppendResult> {
    const tail = await this.tailFor(streamId, expected);
    const { values, last } = this.rows(streamId, [event], tail);
    const position = await this.singleAppends.submit(values);
    if (!position) {
      this.tails.delete(streamId);
      throw new WrongExpectedRevisionError(streamId, expected, tail ? tail.revision + 1n : 0n);
    }
    this.remember(streamId, last);
    this.appended.emit('appended');
    return { nextExpectedRevision: last.revision, position };
  }

  /** The position of each event inserted, null for one whose place was taken. */
  private async insertSingles(rows: unknown[][]): Promise<Array<GlobalPosition | null>> {
    const inserted = await this.pool.query<{ event_id: string; sequence: string; transaction_id: string }>(
      `insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash)
       values ${valuesList(rows.length)} on conflict (stream_id, revision) do nothing returning event_id, sequence, transaction_id`,
      rows.flat(),
    );
    const positions = new Map(inserted.rows.map((row) => [row.event_id, { commit: BigInt(row.transaction_id), prepare: BigInt(row.sequence) }]));
    // Postgres answers a uuid in lower case, whatever case the caller gave it in.
    return rows.map((row) => positions.get(String(row[2]).toLowerCase()) ?? null);
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
    assertPersonalDataEncrypted(events);
    let previousHash = tail?.hash ?? null;
    let revision = tail ? tail.revision + 1n : 0n;
    const values: unknown[] = [];
    for (const event of events) {
      const id = event.id ?? randomUUID();
      const metadata = metadataToStore(event.type, event.metadata);
      // The canonical JSON is valid JSON for jsonb too: serialised once, for the hash and the row.
      const data = canonicalJson(event.data);
      const metadataJson = canonicalJson(metadata);
      const hash = computeCanonicalEventHash(previousHash, { streamId, revision, id, type: event.type }, data, metadataJson);
      values.push(streamId, revision.toString(), id, event.type, data, metadataJson, hash, previousHash);
      previousHash = hash;
      revision += 1n;
    }
    return { values, last: { revision: revision - 1n, hash: previousHash! } };
  }

  /** Events never change, so a known (revision, hash) stays true; the cache only saves a read. */
  private remember(streamId: string, tail: Tail): void {
    this.tails.set(streamId, tail);
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

  /** One query for all of them, shared with the readStreams calls made at the same moment. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return this.streamReads.submit(streamIds);
  }

  private async readStreamsOf(calls: Array<readonly string[]>): Promise<Array<Map<string, RecordedEvent[]>>> {
    const streamIds = [...new Set(calls.flat())];
    const result = await this.pool.query<EventRow>('select * from events where stream_id = any($1::text[]) order by stream_id, revision', [streamIds]);
    const streams = new Map(streamIds.map((streamId) => [streamId, [] as RecordedEvent[]]));
    for (const row of result.rows) streams.get(row.stream_id)!.push(toRecorded(row));
    for (const [streamId, events] of streams) {
      const last = events[events.length - 1];
      if (last) this.remember(streamId, { revision: last.revision, hash: last.hash });
    }
    return calls.map((call) => new Map(call.map((streamId) => [streamId, streams.get(streamId)!])));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START_POSITION;
    const below = await this.readableBelow();
    const result = await this.pool.query<EventRow>(
      `select * from events
        where transaction_id < $1::text::xid8
          and (transaction_id, sequence) > ($2::text::xid8, $3::bigint)
        order by transaction_id, sequence
        limit $4`,
      [below.toString(), after.commit.toString(), after.prepare.toString(), options.maxCount ?? 1000],
    );
    return result.rows.map(toRecorded);
  }

  /**
   * The transaction id below which the log can no longer change: the oldest transaction appending
   * now, or else one past the latest completed. Read before the events, in a statement of its own,
   * so every append below it has committed by the time they are read and none is skipped. Appends
   * are transactions of their own (a single INSERT here), so a transaction takes its lock on the
   * log before it has an id.
   */
  private async readableBelow(): Promise<bigint> {
    const { rows } = await this.pool.query<{ completed: string; appending: string[] }>(READABLE_BELOW_SQL);
    const completed = BigInt(rows[0].completed);
    return rows[0].appending.reduce((lowest, xid) => {
      const full = fullTransactionId(BigInt(xid), completed);
      return full < lowest ? full : lowest;
    }, completed);
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
        const maxCount = options.maxCount ?? BATCH;
        while (!closed) {
          const page = await this.readAll({ after: position, maxCount });
          if (closed) return;
          if (page.length > 0) {
            await options.onEvents(page);
            position = page[page.length - 1].position;
          }
          if (page.length === maxCount || closed) continue;
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
