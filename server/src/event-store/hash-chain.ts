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

/**
 * The RFC 8785 (JCS) canonical JSON of a value, in one pass: what JSON.stringify keeps (toJSON
 * applied, undefined, functions and symbols left out of objects and null in arrays, non-finite
 * numbers as null), bigints as decimal strings, object keys sorted by UTF-16 code units.
 * `undefined` when JSON.stringify would give nothing either.
 */
export function canonicalJson(value: unknown, key = ''): string | undefined {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return `"${value.toString()}"`;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${canonicalJson(value[i], String(i)) ?? 'null'}`;
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '';
  for (const name of Object.keys(record).sort()) {
    const member = canonicalJson(record[name], name);
    if (member !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(name)}:${member}`;
  }
  return `{${out}}`;
}

/** sha256 over the previous hash and the RFC 8785 canonical form of the event (key order never matters). */
export function computeEventHash(previousHash: string | null, event: HashableEvent): string {
  return computeCanonicalEventHash(previousHash, event, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * computeEventHash for an event whose data and metadata are given as their canonicalJson, as a
 * store that writes that same text needs it: the canonical form of the whole event is assembled
 * from them (its keys in canonical order) instead of serialising them a second time.
 */
export function computeCanonicalEventHash(
  previousHash: string | null,
  event: Omit<HashableEvent, 'data' | 'metadata'>,
  dataJson: string | undefined,
  metadataJson: string | undefined,
): string {
  const members: Array<[string, string | undefined]> = [
    ['"data"', dataJson],
    ['"id"', canonicalJson(event.id)],
    ['"metadata"', metadataJson],
    ['"revision"', `"${event.revision.toString()}"`],
    ['"streamId"', canonicalJson(event.streamId)],
    ['"type"', canonicalJson(event.type)],
  ];
  const canonical = `{${members
    .filter(([, json]) => json !== undefined)
    .map(([name, json]) => `${name}:${json}`)
    .join(',')}}`;
  return createHash('sha256')
    .update(previousHash ?? '')
    .update(canonical)
    .digest('hex');
}

export type ChainCheck = { ok: true } | { ok: false; brokenAt: bigint; reason: string };

/** Recomputes a stream's chain over the events as recorded; any edited, removed or reordered event breaks it. */
export function verifyStreamChain(events: RecordedEvent[]): ChainCheck {
  let previous: string | null = null;
  for (const [index, event] of events.entries()) {
    if (event.revision !== BigInt(index)) return { ok: false, brokenAt: event.revision, reason: `revision ${event.revision} at index ${index}` };
    if (event.previousHash !== previous) return { ok: false, brokenAt: event.revision, reason: 'previous hash does not match' };
    const expected = computeEventHash(previous, 'recordedData' in event ? { ...event, data: event.recordedData } : event);
    if (expected !== event.hash) return { ok: false, brokenAt: event.revision, reason: 'hash does not match the event' };
    previous = event.hash;
  }
  return { ok: true };
}
