import { describe, expect, it } from 'vitest';
import { redisConnectionFromUrl } from './redis';

describe('redisConnectionFromUrl', () => {
  it('takes user, password, database and TLS from the URL', () => {
    expect(redisConnectionFromUrl('rediss://worker:p%40ss@redis.internal:6380/2')).toEqual({
      host: 'redis.internal',
      port: 6380,
      username: 'worker',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and database, and refuses another scheme', () => {
    expect(redisConnectionFromUrl('redis://127.0.0.1')).toEqual({
      host: '127.0.0.1',
      port: 6379,
      username: undefined,
      password: undefined,
      db: 0,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
    expect(() => redisConnectionFromUrl('http://redis:6379')).toThrow('REDIS_URL must be redis:// or rediss://, got http:');
  });
});
