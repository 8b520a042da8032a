import { describe, expect, it } from 'vitest';
import { loadConfig, TREMENDOUS_SANDBOX_URL } from './app-config';

const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', BITLABS_SECRET: 's', PERSONAL_DATA_MASTER_KEY: MASTER_KEY };

describe('Tremendous configuration', () => {
  it('defaults to the sandbox with dev credentials outside production', () => {
    expect(loadConfig({}).tremendous).toEqual({
      baseUrl: TREMENDOUS_SANDBOX_URL,
      apiKey: 'dev-tremendous-key',
      fundingSourceId: 'balance',
      campaignId: 'dev-campaign',
      products: [],
      webhookSecret: 'dev-tremendous-webhook-secret',
      signatureHeader: 'tremendous-webhook-signature',
    });
  });

  it('reads every TREMENDOUS_* variable', () => {
    const config = loadConfig({
      TREMENDOUS_BASE_URL: 'http://127.0.0.1:9300/api/v2/',
      TREMENDOUS_API_KEY: 'key',
      TREMENDOUS_FUNDING_SOURCE_ID: 'FS1',
      TREMENDOUS_PRODUCTS: 'P1, P2',
      TREMENDOUS_WEBHOOK_SECRET: 'whsec',
      TREMENDOUS_SIGNATURE_HEADER: 'X-Signature',
    }).tremendous;
    expect(config).toEqual({
      baseUrl: 'http://127.0.0.1:9300/api/v2',
      apiKey: 'key',
      fundingSourceId: 'FS1',
      campaignId: undefined,
      products: ['P1', 'P2'],
      webhookSecret: 'whsec',
      signatureHeader: 'x-signature',
    });
  });

  it('in production wants the base URL, key, webhook secret and a campaign or products', () => {
    const complete = {
      ...PRODUCTION,
      TREMENDOUS_BASE_URL: 'https://api.tremendous.com/api/v2',
      TREMENDOUS_API_KEY: 'key',
      TREMENDOUS_WEBHOOK_SECRET: 'whsec',
      TREMENDOUS_CAMPAIGN_ID: 'C1',
    };
    expect(loadConfig(complete).tremendous.campaignId).toBe('C1');
    for (const key of ['TREMENDOUS_BASE_URL', 'TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_SECRET', 'TREMENDOUS_CAMPAIGN_ID'] as const) {
      expect(() => loadConfig({ ...complete, [key]: '' }), key).toThrow(/Missing configuration: TREMENDOUS_/);
    }
  });
});

describe('Firebase Auth emulator', () => {
  const production = {
    ...PRODUCTION,
    TREMENDOUS_BASE_URL: 'https://api.tremendous.com/api/v2',
    TREMENDOUS_API_KEY: 'key',
    TREMENDOUS_WEBHOOK_SECRET: 'whsec',
    TREMENDOUS_CAMPAIGN_ID: 'C1',
  };

  it('refuses to start in production with the emulator configured, naming both variables', () => {
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the Auth emulator accepts unsigned tokens/,
    );
  });

  it('runs production against real Firebase, and dev against the emulator', () => {
    expect(loadConfig(production).firebaseAuthEmulatorHost).toBeUndefined();
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebaseAuthEmulatorHost).toBe('127.0.0.1:9099');
  });
});

describe('Personal-data master key', () => {
  const production = {
    ...PRODUCTION,
    TREMENDOUS_BASE_URL: 'https://api.tremendous.com/api/v2',
    TREMENDOUS_API_KEY: 'key',
    TREMENDOUS_WEBHOOK_SECRET: 'whsec',
    TREMENDOUS_CAMPAIGN_ID: 'C1',
  };

  it('refuses to start production without it, and refuses a key that is not 32 bytes', () => {
    expect(() => loadConfig({ ...production, PERSONAL_DATA_MASTER_KEY: '' })).toThrow(/PERSONAL_DATA_MASTER_KEY must be set in production/);
    expect(() => loadConfig({ ...production, PERSONAL_DATA_MASTER_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });

  it('uses the configured key, keeps previous keys for rotation, and a fixed dev key outside production', () => {
    const previous = Buffer.alloc(32, 9).toString('base64');
    const keys = loadConfig({ ...production, PERSONAL_DATA_PREVIOUS_MASTER_KEYS: previous }).personalDataMasterKeys;
    expect(keys.current.key).toEqual(Buffer.alloc(32, 7));
    expect(keys.previous.map((k) => k.key)).toEqual([Buffer.alloc(32, 9)]);
    expect(loadConfig({}).personalDataMasterKeys.current.key).toHaveLength(32);
  });
});

describe('logging, claims and log checkpoints', () => {
  it('come from the validated environment with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      logLevel: 'info',
      logRequests: false,
      logFile: undefined,
      claims: { minAgeHours: 24, answerBusinessDays: 5 },
      logCheckpoint: { intervalMs: 15 * 60_000, file: undefined },
    });
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'true',
      LOG_FILE: '/var/log/playquid.log',
      CLAIM_MIN_AGE_HOURS: '0',
      CLAIM_ANSWER_BUSINESS_DAYS: '10',
      LOG_CHECKPOINT_INTERVAL_MINUTES: '2',
      LOG_CHECKPOINT_FILE: '/mnt/checkpoints.jsonl',
    });
    expect(config).toMatchObject({
      logLevel: 'warn',
      logRequests: true,
      logFile: '/var/log/playquid.log',
      claims: { minAgeHours: 0, answerBusinessDays: 10 },
      logCheckpoint: { intervalMs: 120_000, file: '/mnt/checkpoints.jsonl' },
    });
  });

  it('refuse an invalid value by its name before anything starts', () => {
    expect(() => loadConfig({ CLAIM_ANSWER_BUSINESS_DAYS: '61' })).toThrow('CLAIM_ANSWER_BUSINESS_DAYS must be an integer from 1 to 60');
    expect(() => loadConfig({ LOG_CHECKPOINT_INTERVAL_MINUTES: '0' })).toThrow('LOG_CHECKPOINT_INTERVAL_MINUTES must be a number of minutes from 1 to 1440');
    expect(() => loadConfig({ LOG_REQUESTS: 'on' })).toThrow('LOG_REQUESTS must be true or false');
  });
});
