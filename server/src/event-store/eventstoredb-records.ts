import type { AllStreamResolvedEvent, EventStoreDBClient } from '@eventstore/db-client';
import { comparePositions, type GlobalPosition } from '@playquid/contracts';
import type { RecordedEvent } from './event-store';
import { upcastRecorded } from './upcasting';

/** The server's default largest append (maxAppendSize, 1 MiB), less room for the request's own framing. */
export const MAX_APPEND_BYTES = 1_024 * 1_024 - 16 * 1_024;

/** An append larger than EventStoreDB accepts: never retried, it can only fail again. */
export class AppendTooLargeError extends Error {
  constructor(streamId: string, bytes: number) {
    super(`append to ${streamId} is ${bytes} bytes, over EventStoreDB's ${MAX_APPEND_BYTES}-byte limit; split the work into smaller appends`);
    this.name = 'AppendTooLargeError';
  }
}

/** The part of the client this adapter uses (a fake in the unit tests). */
export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/**
 * With throwOnAppendFailure=false the client resolves a failed append (wrong expected version) as
 * `{ success: false }` instead of throwing: refused, as the adapter relies on the error.
 */
export function checkConnectionString(connectionString: string): void {
  if (/[?&]throwOnAppendFailure=false(&|$)/i.test(connectionString))
    throw new Error('EVENTSTORE_CONNECTION_STRING: throwOnAppendFailure=false is not supported (a conflicting append would look stored); remove it');
}

/** Ends a server-side read that was left before its end (a break out of for-await alone may not). */
export async function cancelRead(read: unknown): Promise<void> {
  await (read as { cancel?: () => Promise<void> }).cancel?.().catch(() => undefined);
}

/** Metadata keys this adapter reserves for the hash chain (ESDB has no columns of our own). */
export const HASH = '$hash';
export const PREVIOUS_HASH = '$previousHash';

export interface EsdbEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
}

export function toRecorded(event: EsdbEvent): RecordedEvent {
  const { [HASH]: hash, [PREVIOUS_HASH]: previousHash, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
  return upcastRecorded({
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata,
    position: event.position ?? { commit: 0n, prepare: 0n },
    createdAt: event.created,
    hash: String(hash ?? ''),
    previousHash: (previousHash as string | null | undefined) ?? null,
  });
}

/** An event of ours from $all (system events and streams dropped), strictly after `after` when given. */
export function ourEvent(resolved: AllStreamResolvedEvent, after?: GlobalPosition): RecordedEvent | undefined {
  const event = resolved.event as EsdbEvent | undefined;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
  if (after && event.position && comparePositions(event.position, after) <= 0) return undefined;
  return toRecorded(event);
}
