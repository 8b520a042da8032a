/** Helpers the cross-package tests and the benchmark share with the CLI. */
export * from './firebase-emulator';
export { buildCallbackUrl, sendCallback, type CallbackOptions } from './commands/send-callback';
export { allEvents } from './commands/event-source';
export { audit, type AuditReport } from './commands/audit';
export { verify } from './commands/rebuild';
