import { describe, expect, it } from 'vitest';
import { workerConfigFromEnv } from './config';

describe('worker configuration', () => {
  it('needs DATABASE_URL and defaults Redis and the queue prefix', () => {
    expect(() => workerConfigFromEnv({})).toThrow('DATABASE_URL is not set');
    expect(workerConfigFromEnv({ DATABASE_URL: 'postgres://db/playquid' })).toEqual({
      databaseUrl: 'postgres://db/playquid',
      connection: { host: '127.0.0.1', port: 6379, username: undefined, password: undefined, db: 0, tls: undefined, maxRetriesPerRequest: null },
      prefix: 'playquid',
    });
  });

  it('takes the queue prefix from BULL_PREFIX and refuses a REDIS_URL that is not Redis', () => {
    expect(workerConfigFromEnv({ DATABASE_URL: 'postgres://x', BULL_PREFIX: 'pq-test' }).prefix).toBe('pq-test');
    expect(() => workerConfigFromEnv({ DATABASE_URL: 'postgres://x', REDIS_URL: 'http://redis:6379' })).toThrow('REDIS_URL must be redis://');
  });
});
