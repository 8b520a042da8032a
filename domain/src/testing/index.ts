// Fixtures shared by the deciders' specs and the server's command tests (no test framework here).
export * from './callback-fixtures';
export * from './offer-fixtures';
export * from './eventually';
export * from './wallet-fixtures';
export * from './deep-freeze';
