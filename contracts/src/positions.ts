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
