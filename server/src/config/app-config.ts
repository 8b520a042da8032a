import { DEFAULT_MIN_PAYOUT_PENCE, DEFAULT_REVIEW_CREDIT_PENCE } from '@playquid/contracts';
import { type MasterKeys, personalDataMasterKeysFromEnv } from '@playquid/read-db';
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
  /** The web API key Firebase's own emails are sent with (accounts:sendOobCode); any value with the emulator. */
  firebaseWebApiKey?: string;
  bitlabs: {
    secret: string;
    /** Scheme and host BitLabs calls us on; the signed URL is rebuilt from it behind a proxy. */
    publicBaseUrl: string;
    /** Optional allow-list of source IPs; empty means any. */
    allowedIps: string[];
    /** Unsigned requests (bad or missing hash) allowed per source IP per minute; signed ones are never limited. */
    unsignedPerMinute: number;
  };
  /** A single callback credit above this is held as pending until an admin approves it. */
  reviewCreditPence: number;
  /**
   * Whether admins may send real (crediting) callbacks from the console. Off in production unless
   * ALLOW_TRIGGERED_CALLBACKS=true; on elsewhere unless set to false. Such credits say so on the statement.
   */
  allowTriggeredCallbacks: boolean;
  tremendous: TremendousConfig;
  offers: OffersConfig;
  minPayoutPence: number;
  trustProxy: boolean;
  /** Built client served as static files (with the SPA fallback) when it exists. */
  clientDist: string;
  /** Run the forwarder and the callback-processing worker inside this process (default true). */
  runWorkers: boolean;
  /** How often each job scheduler's owner checks that Redis still has it (and registers it again when not). */
  jobSchedulerCheckMs: number;
  /** Bearer token of GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  logLevel: string;
  /** PERSONAL_DATA_MASTER_KEY (and PERSONAL_DATA_PREVIOUS_MASTER_KEYS): wrap the crypto-shredding data keys. */
  personalDataMasterKeys: MasterKeys;
}

/** Reward orders (payouts) through Tremendous; dev and tests point baseUrl at the local stand-in. */
export interface TremendousConfig {
  /** API root including /api/v2. */
  baseUrl: string;
  apiKey: string;
  fundingSourceId: string;
  /** Tremendous needs a campaign or a product list to know what the member may choose. */
  campaignId?: string;
  products: string[];
  /** HMAC-SHA256 key of the delivery webhooks. */
  webhookSecret: string;
  /** Lower-case header name carrying `sha256=<hex>`; configurable because the name is not confirmed upstream. */
  signatureHeader: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
/** Outside production a missing BITLABS_SECRET falls back to this; the BitLabs status reports it as not configured. */
export const DEV_BITLABS_SECRET = 'dev-bitlabs-secret';
export const TREMENDOUS_SANDBOX_URL = 'https://testflight.tremendous.com/api/v2';
export const BITLABS_API_URL = 'https://api.bitlabs.ai';

/** The BitLabs offer catalogue sync; dev and tests point apiUrl at the local stand-in. */
export interface OffersConfig {
  /** API root without /v2. */
  apiUrl: string;
  apiToken: string;
  syncEnabled: boolean;
  syncIntervalMs: number;
}

function loadOffersConfig(env: NodeJS.ProcessEnv): OffersConfig {
  const production = env.NODE_ENV === 'production';
  const minutes = Number(env.OFFER_SYNC_INTERVAL_MINUTES ?? 5);
  if (!Number.isFinite(minutes) || minutes < 1) throw new Error('OFFER_SYNC_INTERVAL_MINUTES must be at least 1');
  // Nothing calls BitLabs unless asked to: without BITLABS_API_URL or BITLABS_API_TOKEN (tests, a
  // bare `node dist/main.js`, a deployment without a token yet) there is nothing to sync from.
  const syncEnabled = env.OFFER_SYNC !== 'false' && Boolean(env.BITLABS_API_URL || env.BITLABS_API_TOKEN);
  return {
    apiUrl: (env.BITLABS_API_URL || BITLABS_API_URL).replace(/\/+$/, ''),
    // The stand-in takes any token; the real API answers 401 to a missing one, shown by /offers/debug.
    apiToken: env.BITLABS_API_TOKEN || (production ? '' : 'dev-bitlabs-token'),
    syncEnabled,
    syncIntervalMs: Math.round(minutes * 60_000),
  };
}

function required(env: NodeJS.ProcessEnv, key: string, fallback?: string): string {
  const value = env[key] ?? fallback;
  if (value === undefined || value === '') throw new Error(`Missing configuration: ${key}`);
  return value;
}

function loadTremendousConfig(env: NodeJS.ProcessEnv): TremendousConfig {
  // In production every value that decides where real money goes must be explicit: a forgotten base
  // URL would silently place sandbox orders for real members.
  const production = env.NODE_ENV === 'production';
  const products = (env.TREMENDOUS_PRODUCTS ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  let campaignId = env.TREMENDOUS_CAMPAIGN_ID || undefined;
  if (!campaignId && products.length === 0) {
    if (production) throw new Error('Missing configuration: TREMENDOUS_CAMPAIGN_ID or TREMENDOUS_PRODUCTS');
    campaignId = 'dev-campaign';
  }
  return {
    baseUrl: required(env, 'TREMENDOUS_BASE_URL', production ? undefined : TREMENDOUS_SANDBOX_URL).replace(/\/+$/, ''),
    apiKey: required(env, 'TREMENDOUS_API_KEY', production ? undefined : 'dev-tremendous-key'),
    fundingSourceId: env.TREMENDOUS_FUNDING_SOURCE_ID || 'balance',
    campaignId,
    products,
    webhookSecret: required(env, 'TREMENDOUS_WEBHOOK_SECRET', production ? undefined : 'dev-tremendous-webhook-secret'),
    signatureHeader: (env.TREMENDOUS_SIGNATURE_HEADER || 'tremendous-webhook-signature').toLowerCase(),
  };
}

/**
 * The Auth emulator accepts unsigned (alg:none) tokens for any uid, so with it configured anyone
 * can act as any member or admin: refuse to run production that way rather than trust forged tokens.
 */
function firebaseAuthEmulatorHost(env: NodeJS.ProcessEnv): string | undefined {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  if (host && env.NODE_ENV === 'production') {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the Auth emulator accepts unsigned tokens, ' +
        'so anyone could sign in as any member or admin. Unset FIREBASE_AUTH_EMULATOR_HOST (or NODE_ENV for local testing).',
    );
  }
  return host;
}

function positiveInteger(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const value = Number(env[key] || fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${key} must be a positive whole number`);
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
    firebaseAuthEmulatorHost: firebaseAuthEmulatorHost(env),
    firebaseWebApiKey: env.FIREBASE_WEB_API_KEY || env.VITE_FIREBASE_API_KEY || (env.NODE_ENV === 'production' ? undefined : 'demo-key'),
    bitlabs: {
      secret: required(env, 'BITLABS_SECRET', env.NODE_ENV === 'production' ? undefined : DEV_BITLABS_SECRET),
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      allowedIps: (env.BITLABS_ALLOWED_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
      unsignedPerMinute: positiveInteger(env, 'BITLABS_UNSIGNED_PER_MINUTE', 30),
    },
    reviewCreditPence: positiveInteger(env, 'REVIEW_CREDIT_PENCE', DEFAULT_REVIEW_CREDIT_PENCE),
    allowTriggeredCallbacks: env.ALLOW_TRIGGERED_CALLBACKS === undefined ? env.NODE_ENV !== 'production' : env.ALLOW_TRIGGERED_CALLBACKS === 'true',
    tremendous: loadTremendousConfig(env),
    offers: loadOffersConfig(env),
    minPayoutPence: minPayout,
    trustProxy: env.TRUST_PROXY === 'true',
    clientDist: env.CLIENT_DIST || resolve(__dirname, '../../../client/dist'),
    runWorkers: env.RUN_WORKERS !== 'false',
    jobSchedulerCheckMs: positiveInteger(env, 'JOB_SCHEDULER_CHECK_SECONDS', 30) * 1_000,
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    // Production refuses to start without PERSONAL_DATA_MASTER_KEY; development and tests use a fixed key.
    personalDataMasterKeys: personalDataMasterKeysFromEnv(env),
  };
}
