import { bullConnection, workerEnv } from '@playquid/config';
import type { ConnectionOptions } from 'bullmq';

export interface WorkerConfig {
  databaseUrl: string;
  connection: ConnectionOptions;
  prefix: string;
  /** HEARTBEAT_FILE: the container healthcheck reads it. */
  heartbeatFile: string;
}

/** The worker process's settings from the validated environment (@playquid/config); DATABASE_URL has no safe default. */
export function workerConfigFromEnv(source: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const env = workerEnv(source);
  return { databaseUrl: env.DATABASE_URL, connection: bullConnection(env.REDIS_URL), prefix: env.BULL_PREFIX, heartbeatFile: env.HEARTBEAT_FILE };
}
