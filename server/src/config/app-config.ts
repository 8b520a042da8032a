import { DEFAULT_MIN_PAYOUT_PENCE } from '@playquid/contracts';
import { resolve } from 'node:path';

/** Typed configuration read once from the environment; the table in README.md documents each key. */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string;
  bullPrefix: string;
  eventStoreConnectionString?: string;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  bitlabs: {
    secret: string;
    /** Scheme and host BitLabs calls us on; the signed URL is rebuilt from it behind a proxy. */
    publicBaseUrl: string;
    /** Optional allow-list of source IPs; empty means any. */
    allowedIps: string[];
  };
  minPayoutPence: number;
  trustProxy: boolean;
  /** Built client served as static files (with the SPA fallback) when it exists. */
  clientDist: string;
  /** Run the forwarder and the callback-processing worker inside this process (default true). */
  runWorkers: boolean;
  logLevel: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function required(env: NodeJS.ProcessEnv, key: string, fallback?: string): string {
  const value = env[key] ?? fallback;
  if (value === undefined || value === '') throw new Error(`Missing configuration: ${key}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const minPayout = Number(env.MIN_PAYOUT_PENCE ?? DEFAULT_MIN_PAYOUT_PENCE);
  if (!Number.isInteger(minPayout) || minPayout < 1) throw new Error('MIN_PAYOUT_PENCE must be a positive integer');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: required(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/playquid_dev'),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    bullPrefix: env.BULL_PREFIX ?? 'playquid',
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
    firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-playquid',
    firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    bitlabs: {
      secret: required(env, 'BITLABS_SECRET', env.NODE_ENV === 'production' ? undefined : 'dev-bitlabs-secret'),
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      allowedIps: (env.BITLABS_ALLOWED_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    },
    minPayoutPence: minPayout,
    trustProxy: env.TRUST_PROXY === 'true',
    clientDist: env.CLIENT_DIST || resolve(__dirname, '../../../client/dist'),
    runWorkers: env.RUN_WORKERS !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
