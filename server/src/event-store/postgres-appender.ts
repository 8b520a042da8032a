import type { GlobalPosition } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { type AppendResult, type ExpectedRevision, type NewEvent, WrongExpectedRevisionError } from './event-store';
import { GroupCommit } from '../common/group-commit';
import { canonicalJson, computeCanonicalEventHash } from './hash-chain';
import { metadataToStore } from './upcasting';
import { assertPersonalDataEncrypted } from './encrypting-event-store';

const TAIL_CACHE_SIZE = 10_000;
const UNIQUE_VIOLATION = '23505';
const MAX_ANY_ATTEMPTS = 5;
/**
 * Single-event appends share an INSERT (group commit): one statement in flight, the appends made
 * meanwhile go together in the next. Concurrent INSERTs into the log only contend for the same
 * index pages and commits, so more in flight means smaller groups and fewer appends per second.
 */
const GROUPED_INSERTS_IN_FLIGHT = 1;
const GROUPED_INSERT_MAX_EVENTS = 200;
const COLUMNS_PER_EVENT = 8;
const valuesLists: string[] = [];
/** `($1, …, $8), ($9, …, $16), …` for this many events (built once per count). */
const valuesList = (events: number) =>
  (valuesLists[events] ??= Array.from(
    { length: events },
    (_, e) => `(${Array.from({ length: COLUMNS_PER_EVENT }, (_, c) => `$${e * COLUMNS_PER_EVENT + c + 1}`).join(', ')})`,
  ).join(', '));

export interface Tail {
  revision: bigint;
  hash: string;
}

/**
 * The last known (revision, hash) of the streams used lately: two generations of at most
 * TAIL_CACHE_SIZE streams; when the young one is full, the old one is dropped whole and the young
 * one ages. Cheaper per append than a strict LRU, and a stream in use stays young.
 */
export class RecentTails {
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

/**
 * The writing side of PostgresEventStore: appends, with the expected-revision check on the unique
 * (stream_id, revision) constraint, the hash chain, and single-event appends grouped into shared
 * INSERTs. `tails` is shared with the reader (a read stream's last event saves the next append a
 * read); `onAppended` wakes this process's subscriptions.
 */
export class PostgresAppender {
  private readonly singleAppends = new GroupCommit((rows: unknown[][]) => this.insertSingles(rows), {
    concurrency: GROUPED_INSERTS_IN_FLIGHT,
    maxItems: GROUPED_INSERT_MAX_EVENTS,
  });

  constructor(
    private readonly pool: pg.Pool,
    private readonly tails: RecentTails,
    private readonly onAppended: () => void,
  ) {}

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
        this.onAppended();
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
    this.onAppended();
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

}
