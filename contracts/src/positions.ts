/**
 * A place in the global, all-streams log. Both adapters order the log by (commit, prepare):
 * EventStoreDB's own commit/prepare positions, and for Postgres (transaction id, sequence), which is
 * the order a follower can read without skipping an event still in flight.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START_POSITION: GlobalPosition = { commit: 0n, prepare: 0n };

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** "commit/prepare": used as BullMQ job ids and in JSON payloads (bigint does not survive JSON). */
export const formatPosition = (p: GlobalPosition): string => `${p.commit}/${p.prepare}`;

export function parsePosition(text: string): GlobalPosition {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Invalid global position: ${text}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/** An event as it travels from the forwarder to the projection workers (JSON-safe). */
export interface StoredEventMessage {
  id: string;
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** formatPosition() of this event. */
  position: string;
  /** formatPosition() of the event before it in the global log ("0/0" for the first). */
  previousPosition: string;
  createdAt: string;
}

/**
 * Read-your-writes. A command's answer names the log position of the last event it appended in
 * LOG_POSITION_HEADER; a query sent with MIN_LOG_POSITION_HEADER waits (at most
 * LOG_POSITION_WAIT_MS) until the projections have applied the log up to that position.
 */
export const LOG_POSITION_HEADER = 'x-log-position';
export const MIN_LOG_POSITION_HEADER = 'x-min-log-position';
export const LOG_POSITION_WAIT_MS = 2_000;

/** The later of two positions in "commit/prepare" form (an unreadable one counts as absent). */
export function laterPosition(a: string | undefined, b: string | undefined): string | undefined {
  const read = (text: string | undefined) => {
    try {
      return text === undefined ? undefined : parsePosition(text);
    } catch {
      return undefined;
    }
  };
  const pa = read(a);
  const pb = read(b);
  if (!pa) return pb && b;
  if (!pb) return a;
  return comparePositions(pa, pb) >= 0 ? a : b;
}
