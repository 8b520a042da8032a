/**
 * How the server and the workers reach Redis for their queues: the fields BullMQ (ioredis) takes,
 * as plain data so both sides read REDIS_URL the same way.
 */
export interface RedisConnection {
  host: string;
  port: number;
  username: string | undefined;
  password: string | undefined;
  db: number;
  /** TLS with the system's trusted roots (rediss://). */
  tls: Record<string, never> | undefined;
  /** null: BullMQ workers block on Redis, and ioredis must not give up on those commands. */
  maxRetriesPerRequest: null;
}

/** The connection of a redis:// or rediss:// URL (user, password and database number included). */
export function redisConnectionFromUrl(url: string): RedisConnection {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`REDIS_URL must be redis:// or rediss://, got ${parsed.protocol}`);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
