import { type Env, serverEnv } from '@playquid/config';
import { type MasterKeys, personalDataMasterKeysFromEnv } from '@playquid/read-db';
import { resolve } from 'node:path';
import type { ClaimsConfig } from '../claims/claims-config';

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
  /** LOG_REQUESTS: a log line per request (redacted); off by default. */
  logRequests: boolean;
  /** LOG_FILE: the logs are appended to this file instead of stdout. */
  logFile: string | undefined;
  claims: ClaimsConfig;
  logCheckpoint: {
    /** LOG_CHECKPOINT_INTERVAL_MINUTES: how often the server signs a checkpoint of the log. */
    intervalMs: number;
    /** LOG_CHECKPOINT_FILE: where a copy of each checkpoint goes too (unset: the table only). */
    file: string | undefined;
  };
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

function offersConfig(env: Env): OffersConfig {
  const production = env.NODE_ENV === 'production';
  // Nothing calls BitLabs unless asked to: without BITLABS_API_URL or BITLABS_API_TOKEN (tests, a
  // bare `node dist/main.js`, a deployment without a token yet) there is nothing to sync from.
  const syncEnabled = env.OFFER_SYNC && Boolean(env.BITLABS_API_URL || env.BITLABS_API_TOKEN);
  return {
    apiUrl: trimSlash(env.BITLABS_API_URL ?? BITLABS_API_URL),
    // The stand-in takes any token; the real API answers 401 to a missing one, shown by /offers/debug.
    apiToken: env.BITLABS_API_TOKEN ?? (production ? '' : 'dev-bitlabs-token'),
    syncEnabled,
    syncIntervalMs: Math.round(env.OFFER_SYNC_INTERVAL_MINUTES * 60_000),
  };
}

/**
 * Outside production the Tremendous settings fall back to the sandbox and dev credentials; in
 * production serverEnv has refused to start without them (a forgotten base URL would place sandbox
 * orders for real members).
 */
function tremendousConfig(env: Env): TremendousConfig {
  const products = env.TREMENDOUS_PRODUCTS;
  return {
    baseUrl: trimSlash(env.TREMENDOUS_BASE_URL ?? TREMENDOUS_SANDBOX_URL),
    apiKey: env.TREMENDOUS_API_KEY ?? 'dev-tremendous-key',
    fundingSourceId: env.TREMENDOUS_FUNDING_SOURCE_ID,
    campaignId: env.TREMENDOUS_CAMPAIGN_ID ?? (products.length === 0 ? 'dev-campaign' : undefined),
    products,
    webhookSecret: env.TREMENDOUS_WEBHOOK_SECRET ?? 'dev-tremendous-webhook-secret',
    signatureHeader: env.TREMENDOUS_SIGNATURE_HEADER.toLowerCase(),
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The API's configuration from the validated environment (@playquid/config: an invalid value or, in
 * production, a missing secret stops the start with a message naming the variable).
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = serverEnv(source);
  const production = env.NODE_ENV === 'production';
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/playquid_dev',
    redisUrl: env.REDIS_URL,
    bullPrefix: env.BULL_PREFIX,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING,
    firebaseProjectId: env.FIREBASE_PROJECT_ID,
    // Refused in production by serverEnv: the Auth emulator accepts unsigned tokens.
    firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    firebaseWebApiKey: env.FIREBASE_WEB_API_KEY ?? env.VITE_FIREBASE_API_KEY ?? (production ? undefined : 'demo-key'),
    bitlabs: {
      secret: env.BITLABS_SECRET ?? DEV_BITLABS_SECRET,
      publicBaseUrl: trimSlash(env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${env.PORT}`),
      allowedIps: env.BITLABS_ALLOWED_IPS,
      unsignedPerMinute: env.BITLABS_UNSIGNED_PER_MINUTE,
    },
    reviewCreditPence: env.REVIEW_CREDIT_PENCE,
    allowTriggeredCallbacks: env.ALLOW_TRIGGERED_CALLBACKS ?? !production,
    tremendous: tremendousConfig(env),
    offers: offersConfig(env),
    minPayoutPence: env.MIN_PAYOUT_PENCE,
    trustProxy: env.TRUST_PROXY,
    clientDist: env.CLIENT_DIST ?? resolve(__dirname, '../../../client/dist'),
    runWorkers: env.RUN_WORKERS,
    jobSchedulerCheckMs: env.JOB_SCHEDULER_CHECK_SECONDS * 1_000,
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    logFile: env.LOG_FILE,
    claims: { minAgeHours: env.CLAIM_MIN_AGE_HOURS, answerBusinessDays: env.CLAIM_ANSWER_BUSINESS_DAYS },
    logCheckpoint: { intervalMs: env.LOG_CHECKPOINT_INTERVAL_MINUTES * 60_000, file: env.LOG_CHECKPOINT_FILE },
    // Production refuses to start without PERSONAL_DATA_MASTER_KEY; development and tests use a fixed key.
    personalDataMasterKeys: personalDataMasterKeysFromEnv(source),
  };
}
