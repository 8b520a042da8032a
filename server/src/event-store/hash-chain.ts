import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import type { RecordedEvent } from './event-store';

export interface HashableEvent {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

const jsonSafe = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));

/** sha256 over the previous hash and the RFC 8785 canonical form of the event (key order never matters). */
export function computeEventHash(previousHash: string | null, event: HashableEvent): string {
  const { streamId, revision, id, type, data, metadata } = event;
  const canonical = canonicalize(jsonSafe({ streamId, revision: revision.toString(), id, type, data, metadata }));
  return createHash('sha256')
    .update(previousHash ?? '')
    .update(canonical ?? '')
    .digest('hex');
}

export type ChainCheck = { ok: true } | { ok: false; brokenAt: bigint; reason: string };

/** Recomputes a stream's chain; any edited, removed or reordered event breaks it. */
export function verifyStreamChain(events: RecordedEvent[]): ChainCheck {
  let previous: string | null = null;
  for (const [index, event] of events.entries()) {
    if (event.revision !== BigInt(index)) return { ok: false, brokenAt: event.revision, reason: `revision ${event.revision} at index ${index}` };
    if (event.previousHash !== previous) return { ok: false, brokenAt: event.revision, reason: 'previous hash does not match' };
    const expected = computeEventHash(previous, event);
    if (expected !== event.hash) return { ok: false, brokenAt: event.revision, reason: 'hash does not match the event' };
    previous = event.hash;
  }
  return { ok: true };
}
