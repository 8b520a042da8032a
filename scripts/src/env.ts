const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Defaults match scripts/dev.sh; read on each use so tests can point them elsewhere. */
export const env = {
  get databaseUrl() {
    return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/playquid_dev';
  },
  get apiUrl() {
    return trimSlash(process.env.API_URL ?? 'http://127.0.0.1:3000');
  },
  get publicBaseUrl() {
    return trimSlash(process.env.PUBLIC_BASE_URL ?? process.env.API_URL ?? 'http://127.0.0.1:3000');
  },
  get bitlabsSecret() {
    return process.env.BITLABS_SECRET ?? 'dev-bitlabs-secret';
  },
  get eventStoreConnectionString() {
    return process.env.EVENTSTORE_CONNECTION_STRING || undefined;
  },
  get firebaseProjectId() {
    return process.env.FIREBASE_PROJECT_ID ?? 'demo-playquid';
  },
  get firebaseEmulatorHost() {
    return process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  },
};
