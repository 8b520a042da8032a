import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type pg from 'pg';
import type { ReadAllOptions, ReadStreamOptions, RecordedEvent } from './event-store';
import { GroupCommit } from '../common/group-commit';
import type { RecentTails, Tail } from './postgres-appender';
import { upcastRecorded } from './upcasting';

/** readStreams calls made at the same moment share a query too: queries in flight at once, calls per query. */
const GROUPED_READS_IN_FLIGHT = 2;
const GROUPED_READS_MAX_CALLS = 100;
/**
 * Where the log is readable up to, in one statement: `completed` is one past the latest transaction
 * id completed when the statement's snapshot was taken (every id below it had been handed out),
 * `appending` the (32-bit) ids of the transactions writing to the log right now, read after that
 * snapshot: those of the sessions holding RowExclusiveLock on `events` (an INSERT takes it before
 * its transaction gets an id, and keeps it to the end). Only these can still add events below
 * `completed`; any other transaction, however long (a projection applying a large range, a report),
 * does not hold the log back. Both come from one read of the lock table: a transaction holds an
 * ExclusiveLock on its own id from the moment it has one (pg_stat_activity, which copies every
 * session's state and query text, costs about twice as much).
 */
const READABLE_BELOW_SQL = `
  with locks as materialized (
    select pid, locktype, mode, transactionid from pg_locks
     where granted
       and (locktype = 'transactionid'
         or (locktype = 'relation' and relation = 'events'::regclass and mode = 'RowExclusiveLock'
           and database = (select oid from pg_database where datname = current_database())))
  )
  select pg_snapshot_xmax(pg_current_snapshot())::text as completed,
    array(select own.transactionid::text from locks own
           where own.locktype = 'transactionid' and own.mode = 'ExclusiveLock'
             and own.pid in (select pid from locks where locktype = 'relation')) as appending`;
const XID_EPOCH = 1n << 32n;

/** The full (epoch-qualified) id of a 32-bit transaction id in use now, near `reference`. */
function fullTransactionId(xid: bigint, reference: bigint): bigint {
  const full = (reference / XID_EPOCH) * XID_EPOCH + xid;
  if (full > reference + XID_EPOCH / 2n) return full - XID_EPOCH;
  if (full < reference - XID_EPOCH / 2n) return full + XID_EPOCH;
  return full;
}

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
 * The reading side of PostgresEventStore: streams (calls made at the same moment share a query),
 * and the global log up to where no append still running can add an event below it. A stream read
 * remembers its last event in `tails`, shared with the appender.
 */
export class PostgresReader {
  private readonly streamReads = new GroupCommit((calls: Array<readonly string[]>) => this.readStreamsOf(calls), {
    concurrency: GROUPED_READS_IN_FLIGHT,
    maxItems: GROUPED_READS_MAX_CALLS,
  });

  constructor(
    private readonly pool: pg.Pool,
    private readonly tails: RecentTails,
  ) {}

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

  /** Events never change, so a known (revision, hash) stays true; the cache only saves a read. */
  private remember(streamId: string, tail: Tail): void {
    this.tails.set(streamId, tail);
  }
}
