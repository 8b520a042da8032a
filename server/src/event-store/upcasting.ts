import { schemaVersionOf } from '@playquid/contracts';
import { upcastEventData } from '@playquid/domain';
import type { RecordedEvent } from './event-store';

/** The metadata an adapter stores with an event: the caller's, stamped with the type's declared schema version. */
export const metadataToStore = (type: string, metadata: Record<string, unknown> = {}): Record<string, unknown> => ({
  schemaVersion: schemaVersionOf(type),
  ...metadata,
});

/**
 * An event as read from an adapter, in the current shape of its type (domain's EVENT_UPCASTERS).
 * An upcast event keeps its recorded data beside it, so its hash chain still verifies.
 */
export function upcastRecorded(event: RecordedEvent): RecordedEvent {
  const version = typeof event.metadata.schemaVersion === 'number' ? event.metadata.schemaVersion : 1;
  const data = upcastEventData(event.type, version, event.data);
  return data === event.data ? event : { ...event, data, recordedData: event.data };
}
