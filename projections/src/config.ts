import type { ConnectionOptions } from 'bullmq';

export interface WorkerConfig {
  databaseUrl: string;
  connection: ConnectionOptions;
  prefix: string;
}

/** Connection options for BullMQ from a redis:// or rediss:// URL (user, password and db included). */
export function redisConnectionFromUrl(url: string): ConnectionOptions {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`REDIS_URL must be redis:// or rediss://, got ${parsed.protocol}`);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis; ioredis must not give up on those commands.
    maxRetriesPerRequest: null,
  };
}

/** The worker process's settings from its environment; DATABASE_URL has no safe default. */
export function workerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  return {
    databaseUrl,
    connection: redisConnectionFromUrl(env.REDIS_URL || 'redis://127.0.0.1:6379'),
    prefix: env.BULL_PREFIX || 'playquid',
  };
}
