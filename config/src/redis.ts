import { Redis, type RedisOptions } from 'ioredis';

/**
 * The connection options of a redis:// or rediss:// URL (REDIS_URL) as ioredis itself reads them:
 * host, port, user, password, database number, TLS for rediss://. No connection is made here;
 * BullMQ opens its own from these. maxRetriesPerRequest null: BullMQ workers block on Redis, and
 * ioredis must not give up on those commands.
 */
export function bullConnection(url: string): RedisOptions {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got ${url.split(':')[0]}:`);
  const { host, port, path, username, password, db, tls } = new Redis(url, { lazyConnect: true }).options;
  const fromUrl = Object.entries({ host, port, path, username, password, db, tls }).filter(([, value]) => value != null);
  return { ...Object.fromEntries(fromUrl), maxRetriesPerRequest: null };
}
