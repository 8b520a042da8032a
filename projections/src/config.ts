import { redisConnectionFromUrl } from '@playquid/contracts';
import type { ConnectionOptions } from 'bullmq';

export interface WorkerConfig {
  databaseUrl: string;
  connection: ConnectionOptions;
  prefix: string;
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
