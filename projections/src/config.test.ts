import { describe, expect, it } from 'vitest';
import { redisConnectionFromUrl, workerConfigFromEnv } from './config';

describe('worker configuration', () => {
  it('needs DATABASE_URL and defaults Redis and the queue prefix', () => {
    expect(() => workerConfigFromEnv({})).toThrow('DATABASE_URL is not set');
    expect(workerConfigFromEnv({ DATABASE_URL: 'postgres://db/playquid' })).toEqual({
      databaseUrl: 'postgres://db/playquid',
      connection: { host: '127.0.0.1', port: 6379, username: undefined, password: undefined, db: 0, tls: undefined, maxRetriesPerRequest: null },
      prefix: 'playquid',
    });
  });

  it('takes user, password, database and TLS from REDIS_URL', () => {
    expect(redisConnectionFromUrl('rediss://worker:p%40ss@redis.internal:6380/2')).toEqual({
      host: 'redis.internal',
      port: 6380,
      username: 'worker',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: null,
    });
    expect(workerConfigFromEnv({ DATABASE_URL: 'postgres://x', BULL_PREFIX: 'pq-test' }).prefix).toBe('pq-test');
    expect(() => redisConnectionFromUrl('http://redis:6379')).toThrow('REDIS_URL must be redis://');
  });
});
