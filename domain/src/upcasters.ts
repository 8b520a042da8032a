import { type CallbackReceived, schemaVersionOf } from '@playquid/contracts';

/** Turns an event's data from one schema version of its type into the next. Pure. */
export type Upcaster = (data: never) => unknown;

/** Upcasters by event type, then by the schema version they upcast from. */
export type EventUpcasters = { readonly [type: string]: { readonly [fromVersion: number]: Upcaster } };

/** CallbackReceived v1: `triggeredBy` was only there when an admin had sent the callback from the console. */
type CallbackReceivedV1 = Omit<CallbackReceived['data'], 'triggeredBy'> & { triggeredBy?: string | null };

/**
 * Every shape change in our history, oldest first per type (see EVENT_SCHEMA_VERSIONS). The event
 * store applies them on read, so deciders and projections only ever see the current shape.
 */
export const EVENT_UPCASTERS: EventUpcasters = {
  CallbackReceived: {
    // v1 named the sender only when an admin sent the callback from the console (and only since the
    // console records it): without one, the callback has no named sender.
    1: (data: CallbackReceivedV1): CallbackReceived['data'] => ({ ...data, triggeredBy: data.triggeredBy ?? null }),
  },
};

/**
 * The data of an event recorded at `version`, in the current shape of its type. Data recorded at the
 * current version (or a newer one, written by newer code) is returned as it is.
 */
export function upcastEventData(type: string, version: number, data: unknown, upcasters: EventUpcasters = EVENT_UPCASTERS): unknown {
  const current = schemaVersionOf(type);
  let upcast = data;
  for (let from = version; from < current; from++) {
    const step = upcasters[type]?.[from];
    if (!step) throw new Error(`No upcaster for ${type} from schema version ${from} (current: ${current})`);
    upcast = step(upcast as never);
  }
  return upcast;
}
