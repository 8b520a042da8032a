/** What other packages (scripts, cross-package tests, bench) may use of the server. */
export { createApp } from './app.factory';
export { loadConfig, type AppConfig } from './config/app-config';
export { signCallbackUrl, signUrl, verifySignedUrl } from './callbacks/signature';
export { createEventStore } from './event-store/create-event-store';
export { EncryptingEventStore, UnencryptedPersonalDataError } from './event-store/encrypting-event-store';
export { PostgresEventStore } from './event-store/postgres-event-store';
export type { EventStore, RecordedEvent } from './event-store/event-store';
export { computeEventHash, verifyStreamChain, type ChainCheck } from './event-store/hash-chain';
export { toMessage } from './forwarder/forwarder-reactions';
export { handleCommand, aggregateStream } from './cqrs/command-handler';
export { checkWalletSnapshots } from './wallet/wallet-snapshots';
export { OfferSyncService } from './offers/offer-sync.service';
export { ShutdownState } from './health/shutdown-state';
export { RetentionService } from './privacy/retention.service';
export { LogCheckpointService } from './statements/log-checkpoint.service';
export { LOG_CHECKPOINT_SCHEDULER_ID } from './statements/log-checkpoint.processor';
export { Clock } from './cqrs/clock';
export { loadStatementSigning, type StatementSigningConfig } from './config/statement-keys';
export {
  checkpointMismatches,
  checkpointSignatureProblem,
  headsAt,
  merkleRoot,
  signCheckpoint,
  type SignedLogCheckpoint,
  type StoredLogCheckpoint,
  type StreamHead,
} from './statements/log-checkpoint';
