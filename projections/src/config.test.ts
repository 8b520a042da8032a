import { describe, expect, it } from 'vitest';
import { workerConfigFromEnv } from './config';

describe('worker configuration', () => {
  it('needs DATABASE_URL and defaults Redis and the queue prefix', () => {
    expect(() => workerConfigFromEnv({})).toThrow('DATABASE_URL is not set');
    expect(workerConfigFromEnv({ DATABASE_URL: 'postgres://db/playquid' })).toEqual({
      databaseUrl: 'postgres://db/playquid',
      connection: { host: '127.0.0.1', port: 6379, db: 0, maxRetriesPerRequest: null },
      prefix: 'playquid',
      heartbeatFile: '/tmp/playquid-projections.alive',
    });
  });

  it('takes the queue prefix, the heartbeat file and the Redis database from the environment, and refuses a REDIS_URL that is not Redis', () => {
    const config = workerConfigFromEnv({ DATABASE_URL: 'postgres://x', BULL_PREFIX: 'pq-test', HEARTBEAT_FILE: '/run/alive', REDIS_URL: 'redis://:pw@redis:6380/3' });
    expect(config).toMatchObject({ prefix: 'pq-test', heartbeatFile: '/run/alive', connection: { host: 'redis', port: 6380, password: 'pw', db: 3 } });
    expect(() => workerConfigFromEnv({ DATABASE_URL: 'postgres://x', REDIS_URL: 'http://redis:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL');
  });
});
