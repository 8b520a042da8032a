import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { productionProblems, serverEnv, workerEnv } from './production';
import { bullConnection } from './redis';

const KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = {
  NODE_ENV: 'production',
  BITLABS_SECRET: 's',
  TREMENDOUS_BASE_URL: 'https://api.tremendous.com/api/v2',
  TREMENDOUS_API_KEY: 'key',
  TREMENDOUS_WEBHOOK_SECRET: 'whsec',
  TREMENDOUS_CAMPAIGN_ID: 'C1',
};

describe('parseEnv', () => {
  it('gives every default for an empty environment', () => {
    expect(parseEnv({})).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379',
      BULL_PREFIX: 'playquid',
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: false,
      TRUST_PROXY: false,
      RUN_WORKERS: true,
      JOB_SCHEDULER_CHECK_SECONDS: 30,
      OFFER_SYNC: true,
      OFFER_SYNC_INTERVAL_MINUTES: 5,
      BITLABS_UNSIGNED_PER_MINUTE: 30,
      REVIEW_CREDIT_PENCE: 5000,
      MIN_PAYOUT_PENCE: 79,
      CLAIM_MIN_AGE_HOURS: 24,
      CLAIM_ANSWER_BUSINESS_DAYS: 5,
      LOG_CHECKPOINT_INTERVAL_MINUTES: 15,
      TREMENDOUS_PRODUCTS: [],
      BITLABS_ALLOWED_IPS: [],
      HEARTBEAT_FILE: '/tmp/playquid-projections.alive',
    });
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({}).ALLOW_TRIGGERED_CALLBACKS).toBeUndefined();
  });

  it('coerces numbers, flags and lists, and takes a blank value as unset', () => {
    const env = parseEnv({
      PORT: '4010',
      CLAIM_MIN_AGE_HOURS: '0.5',
      LOG_REQUESTS: 'true',
      RUN_WORKERS: 'false',
      ALLOW_TRIGGERED_CALLBACKS: 'false',
      TREMENDOUS_PRODUCTS: ' P1, ,P2 ',
      BULL_PREFIX: '',
      MIN_PAYOUT_PENCE: ' ',
    });
    expect(env).toMatchObject({
      PORT: 4010,
      CLAIM_MIN_AGE_HOURS: 0.5,
      LOG_REQUESTS: true,
      RUN_WORKERS: false,
      ALLOW_TRIGGERED_CALLBACKS: false,
      TREMENDOUS_PRODUCTS: ['P1', 'P2'],
      BULL_PREFIX: 'playquid',
      MIN_PAYOUT_PENCE: 79,
    });
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(new ConfigError(['PORT must be an integer from 0 to 65535']));
    expect(() => parseEnv({ PORT: '3000.5' })).toThrow('PORT must be an integer from 0 to 65535');
    expect(() => parseEnv({ MIN_PAYOUT_PENCE: '0' })).toThrow('MIN_PAYOUT_PENCE must be a positive integer');
    expect(() => parseEnv({ LOG_REQUESTS: 'yes' })).toThrow('LOG_REQUESTS must be true or false');
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
    expect(() => parseEnv({ REDIS_URL: 'http://redis:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL');
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/x' })).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(() => parseEnv({ CLAIM_MIN_AGE_HOURS: '2161' })).toThrow('CLAIM_MIN_AGE_HOURS must be a number of hours from 0 to 2160');
    expect(() => parseEnv({ OFFER_SYNC_INTERVAL_MINUTES: '0' })).toThrow('OFFER_SYNC_INTERVAL_MINUTES must be at least 1');
    expect(() => parseEnv({ PERSONAL_DATA_MASTER_KEY: 'c2hvcnQ=' })).toThrow('PERSONAL_DATA_MASTER_KEY must be base64 of 32 bytes');
    expect(() => parseEnv({ EVENTSTORE_CONNECTION_STRING: 'http://esdb:2113' })).toThrow('EVENTSTORE_CONNECTION_STRING must be an esdb://');
  });

  it('lists every bad variable at once, and ignores variables that are not ours', () => {
    expect(() => parseEnv({ PORT: '-1', TRUST_PROXY: '1', PATH: '' })).toThrow(
      'Invalid configuration:\n  PORT must be an integer from 0 to 65535\n  TRUST_PROXY must be true or false',
    );
    expect(parseEnv({ EVENTSTORE_CONNECTION_STRING: 'esdb+discover://a:2113,b:2113?tls=false', PERSONAL_DATA_MASTER_KEY: KEY }).EVENTSTORE_CONNECTION_STRING).toBe(
      'esdb+discover://a:2113,b:2113?tls=false',
    );
  });
});

describe('production requirements', () => {
  it('are nothing outside production', () => {
    expect(productionProblems(parseEnv({}))).toEqual([]);
    expect(serverEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  it('want the BitLabs secret and the Tremendous settings, and refuse the Auth emulator, naming each variable', () => {
    expect(serverEnv(PRODUCTION).NODE_ENV).toBe('production');
    expect(serverEnv({ ...PRODUCTION, TREMENDOUS_CAMPAIGN_ID: '', TREMENDOUS_PRODUCTS: 'P1' }).TREMENDOUS_PRODUCTS).toEqual(['P1']);
    expect(productionProblems(parseEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))).toEqual([
      'Missing configuration: BITLABS_SECRET',
      'Missing configuration: TREMENDOUS_BASE_URL',
      'Missing configuration: TREMENDOUS_API_KEY',
      'Missing configuration: TREMENDOUS_WEBHOOK_SECRET',
      'Missing configuration: TREMENDOUS_CAMPAIGN_ID or TREMENDOUS_PRODUCTS',
      expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production/),
    ]);
    expect(() => serverEnv({ ...PRODUCTION, BITLABS_SECRET: '' })).toThrow(new ConfigError(['Missing configuration: BITLABS_SECRET']));
  });

  it('of the worker: DATABASE_URL, in every environment', () => {
    expect(() => workerEnv({})).toThrow('DATABASE_URL is not set');
    expect(workerEnv({ DATABASE_URL: 'postgres://db/playquid' }).DATABASE_URL).toBe('postgres://db/playquid');
  });
});

describe('bullConnection', () => {
  it('takes user, password, database and TLS from the URL as ioredis reads it', () => {
    expect(bullConnection('rediss://worker:p%40ss@redis.internal:6380/2')).toEqual({
      host: 'redis.internal',
      port: 6380,
      username: 'worker',
      password: 'p@ss',
      db: 2,
      tls: true,
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and database, and refuses another scheme', () => {
    expect(bullConnection('redis://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 6379, db: 0, maxRetriesPerRequest: null });
    expect(() => bullConnection('http://redis:6379')).toThrow('REDIS_URL must be a redis:// or rediss:// URL, got http:');
  });
});
