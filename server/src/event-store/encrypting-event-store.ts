import { unencryptedPersonalFields, type PersonalDataVault } from '@playquid/read-db';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';

/** An event whose personal fields (PERSONAL_FIELDS) reached an adapter unencrypted. */
export class UnencryptedPersonalDataError extends Error {
  constructor(
    readonly eventType: string,
    readonly fields: string[],
  ) {
    super(`${eventType} carries personal data that is not encrypted (${fields.join(', ')}); append it through the encrypting event store`);
    this.name = 'UnencryptedPersonalDataError';
  }
}

/** Every adapter calls this before it hashes and stores an event: personal fields must be ciphertext. */
export function assertPersonalDataEncrypted(events: readonly NewEvent[]): void {
  for (const event of events) {
    const fields = unencryptedPersonalFields(event.type, event.data);
    if (fields.length > 0) throw new UnencryptedPersonalDataError(event.type, fields);
  }
}

/**
 * The event store the app uses: any adapter, with crypto-shredding on both paths. On append, the
 * personal fields of each event are encrypted under their member's keys (PersonalDataVault) before
 * the adapter hashes and stores them, so the chain covers the ciphertext. On read (beside the
 * adapters' upcasters), they are decrypted; a field whose key is shredded reads as erased
 * (ERASED, `metadata.erased` naming it), and `recordedData` keeps the stored form for the chain.
 *
 * `subscribeToAll` with `personalData: 'encrypted'` hands the stored form on as it is: the forwarder
 * puts only ciphertext into Redis jobs, which the projection worker decrypts.
 */
export class EncryptingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    readonly vault: PersonalDataVault,
    private readonly onClose?: () => Promise<void>,
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, await this.vault.protect(events), options);
  }

  private async reveal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const revealed = await this.vault.revealEvents(events);
    return revealed.map((event, i) =>
      event === events[i] ? event : { ...event, recordedData: 'recordedData' in events[i] ? events[i].recordedData : events[i].data },
    );
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.reveal(await this.inner.readStream(streamId, options));
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = await this.inner.readStreams(streamIds);
    const all = [...streams.values()].flat();
    const revealed = await this.reveal(all);
    const byId = new Map(all.map((event, i) => [event, revealed[i]]));
    return new Map([...streams].map(([id, events]) => [id, events.map((e) => byId.get(e)!)]));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.reveal(await this.inner.readAll(options));
  }

  readHead() {
    return this.inner.readHead();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (options.personalData === 'encrypted') return this.inner.subscribeToAll(options);
    return this.inner.subscribeToAll({ ...options, onEvents: async (events) => options.onEvents(await this.reveal(events)) });
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.onClose?.();
  }
}
