import { CLAIM_LIMITS, DEFAULT_MIN_PAYOUT_PENCE, DEFAULT_REVIEW_CREDIT_PENCE } from '@playquid/contracts';
import { z } from 'zod';
import { base64Key, decimal, flag, integer, key, list, matching, oneOf, positiveInteger, text, url } from './settings';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const HTTP = ['http', 'https'] as const;

/**
 * Every environment variable the API, the projections worker and the CLI read, validated and with
 * its default: the one place they are read (README.md's configuration table documents each one).
 * Defaults that differ in production (secrets, sandbox URLs) are applied by `serverEnv`'s users;
 * what production refuses to start without is in production.ts.
 */
export const ENV_SCHEMA = z.object({
  NODE_ENV: text(),

  // Storage and queues
  DATABASE_URL: url(['postgres', 'postgresql']),
  EVENTSTORE_CONNECTION_STRING: matching(/^esdb(\+discover)?:\/\//, 'must be an esdb:// or esdb+discover:// connection string'),
  REDIS_URL: url(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  BULL_PREFIX: text('playquid'),

  // The API
  PORT: integer(0, 65_535, 3000),
  HOST: text('127.0.0.1'),
  PUBLIC_BASE_URL: url(HTTP),
  /** The CLI: where it reaches the API (seed, send-callback). */
  API_URL: url(HTTP),
  TRUST_PROXY: flag(false),
  CLIENT_DIST: text(),
  RUN_WORKERS: flag(true),
  /** How often each worker replica checks its BullMQ job schedulers are still registered (they are lost with Redis's data). */
  JOB_SCHEDULER_CHECK_SECONDS: integer(1, 3_600, 30),
  METRICS_TOKEN: text(),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  LOG_REQUESTS: flag(false),
  LOG_FILE: text(),

  // Firebase
  FIREBASE_PROJECT_ID: text('demo-playquid'),
  FIREBASE_AUTH_EMULATOR_HOST: text(),
  FIREBASE_WEB_API_KEY: text(),
  VITE_FIREBASE_API_KEY: text(),

  // BitLabs: callbacks and the offer sync
  BITLABS_SECRET: text(),
  BITLABS_ALLOWED_IPS: list(),
  BITLABS_UNSIGNED_PER_MINUTE: positiveInteger(30),
  BITLABS_API_URL: url(HTTP),
  BITLABS_API_TOKEN: text(),
  OFFER_SYNC: flag(true),
  OFFER_SYNC_INTERVAL_MINUTES: decimal(1, Number.MAX_SAFE_INTEGER, 5, 'must be at least 1'),
  REVIEW_CREDIT_PENCE: positiveInteger(DEFAULT_REVIEW_CREDIT_PENCE),
  /** Unset: allowed outside production only. */
  ALLOW_TRIGGERED_CALLBACKS: flag(),

  // Payouts through Tremendous
  MIN_PAYOUT_PENCE: positiveInteger(DEFAULT_MIN_PAYOUT_PENCE),
  TREMENDOUS_BASE_URL: url(HTTP),
  TREMENDOUS_API_KEY: text(),
  TREMENDOUS_FUNDING_SOURCE_ID: text('balance'),
  TREMENDOUS_CAMPAIGN_ID: text(),
  TREMENDOUS_PRODUCTS: list(),
  TREMENDOUS_WEBHOOK_SECRET: text(),
  TREMENDOUS_SIGNATURE_HEADER: text('tremendous-webhook-signature'),

  // Claims
  CLAIM_MIN_AGE_HOURS: decimal(0, 24 * 90, CLAIM_LIMITS.defaultMinAgeHours, 'must be a number of hours from 0 to 2160'),
  CLAIM_ANSWER_BUSINESS_DAYS: integer(1, 60, CLAIM_LIMITS.defaultAnswerBusinessDays),

  // Signed statements and log checkpoints (the key itself is parsed by the server's statement-keys.ts)
  STATEMENT_SIGNING_KEY: text(),
  STATEMENT_SIGNING_KEY_ID: text(),
  STATEMENT_SIGNING_KEY_FILE: text(),
  STATEMENT_RETIRED_KEYS: text(),
  LOG_CHECKPOINT_FILE: text(),
  LOG_CHECKPOINT_INTERVAL_MINUTES: decimal(1, 24 * 60, 15, 'must be a number of minutes from 1 to 1440'),

  // Crypto-shredding of personal data
  PERSONAL_DATA_MASTER_KEY: key(32),
  PERSONAL_DATA_PREVIOUS_MASTER_KEYS: list({ rule: 'base64 keys of 32 bytes', test: base64Key(32) }),

  // The projections worker
  HEARTBEAT_FILE: text('/tmp/playquid-projections.alive'),
});

export type Env = z.output<typeof ENV_SCHEMA>;

/** A configuration the process must not start with; the message names every variable at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Only our variables are looked at, so the rest of the environment (PATH, ...) never fails the check. */
const ours = (source: NodeJS.ProcessEnv) => Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((name) => [name, source[name]]));

/** Every variable of `source` parsed, or a ConfigError naming each invalid one ("PORT must be an integer from 0 to 65535"). */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ENV_SCHEMA.safeParse(ours(source));
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
}
