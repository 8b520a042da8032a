import type { GlobalPosition } from '@playquid/contracts';

/**
 * The one event-store port. Adapters: PostgresEventStore (default) and EventStoreDbEventStore
 * (when EVENTSTORE_CONNECTION_STRING is set). Both pass event-store.contract.ts.
 */
export type ExpectedRevision =
  /** append whatever the stream's state */
  | 'any'
  /** the stream must not exist yet */
  | 'no_stream'
  /** the stream's last event must have exactly this revision (0-based) */
  | bigint;

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /**
   * Caller metadata (correlation, causation, actor). The store adds the hash chain and
   * `schemaVersion`: the type's declared version (EVENT_SCHEMA_VERSIONS), unless the caller states
   * the older version its data is shaped as.
   */
  metadata?: Record<string, unknown>;
  /** Optional event id (uuid); generated when absent. */
  id?: string;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision of this event inside its stream. */
  revision: bigint;
  type: Type;
  /** In the current shape of its type: data recorded at an older schema version is upcast on read. */
  data: Data;
  /** As recorded: `schemaVersion` is the version the data was written at. */
  metadata: Record<string, unknown>;
  /** Only when `data` was upcast or decrypted: the data exactly as recorded, which the hash covers. */
  recordedData?: unknown;
  /** Personal fields whose key is shredded: they read as ERASED (an object field as {}). */
  erased?: string[];
  position: GlobalPosition;
  createdAt: Date;
  /** sha256 hex over the previous event's hash and this event's canonical form (tamper evidence). */
  hash: string;
  /** The hash of the previous event in the same stream, or null for the first event. */
  previousHash: string | null;
}

export interface AppendResult {
  /** The revision of the last appended event: pass it as expectedRevision for the next append. */
  nextExpectedRevision: bigint;
  position: GlobalPosition;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position (default: from the start). */
  after?: GlobalPosition;
  maxCount?: number;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler is running any more. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  after?: GlobalPosition;
  /** Most events per page (default 500). */
  maxCount?: number;
  /**
   * Called with the events in global order, a page at a time: whatever is readable, up to
   * maxCount. One call at a time; a throw stops the subscription.
   */
  onEvents(events: RecordedEvent[]): Promise<void>;
  onError?(error: unknown): void;
  /**
   * 'encrypted': personal fields as stored (ciphertext), for the forwarder's Redis jobs; default
   * 'revealed' (decrypted, erased fields marked) where the store encrypts (EncryptingEventStore).
   */
  personalData?: 'encrypted' | 'revealed';
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected revision for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Several whole streams at once, by id, each as readStream gives it. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Events of every stream after a position, in global order, never skipping an in-flight commit. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The position of the newest committed event (START_POSITION for an empty log). readAll may not
   * reach it at once (an older transaction can still hold it back), but it will: a reader that needs
   * "everything committed so far" reads until it has passed this position.
   */
  readHead(): Promise<GlobalPosition>;
  /** Catch-up then live delivery of the global log after a position, in pages. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
