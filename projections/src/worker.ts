import { createReadDb } from '@playquid/read-db';
import { writeFileSync } from 'node:fs';
import { workerConfigFromEnv } from './config';
import { startProjectionWorker } from './projection-worker';
import { ALL_PROJECTIONS } from './registry';

/**
 * `node projections/dist/worker.js`: the projection worker process (DATABASE_URL, REDIS_URL,
 * BULL_PREFIX, HEARTBEAT_FILE). The library function lives in projection-worker.ts, so importing it never starts
 * a process.
 */
const HEARTBEAT_MS = 5_000;

async function main() {
  const config = workerConfigFromEnv();
  // A range is applied to every projection at once, each in a transaction (a connection) of its own.
  const db = createReadDb({ connectionString: config.databaseUrl, max: ALL_PROJECTIONS.length });
  const worker = startProjectionWorker({ db, connection: config.connection, prefix: config.prefix });
  worker.on('failed', (job, error) => console.error(`projection job ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  console.log(`projection worker started (prefix ${config.prefix})`);
  // The container healthcheck reads this file: fresh while the worker runs and Redis answers.
  const heartbeatFile = config.heartbeatFile;
  const beat = async () => {
    try {
      if (worker.isRunning() && (await ((await worker.client) as unknown as { ping(): Promise<string> }).ping()) === 'PONG') writeFileSync(heartbeatFile, String(Date.now()));
    } catch {
      // Redis away: no beat, and the healthcheck turns unhealthy after a while.
    }
  };
  void beat();
  setInterval(() => void beat(), HEARTBEAT_MS).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the current job`);
    // close() waits for the active job, whose transaction either commits or rolls back whole.
    await worker.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The current job (one range, tens of milliseconds) has had its time by then; Docker kills at 10 s.
  process.once('SIGTERM', () => setTimeout(() => process.exit(1), 9_000).unref());
  process.on('SIGINT', () => void stop('SIGINT'));
}

// A promise rejected with no handler is a bug: say so and exit (ranges are applied whole or not at all).
process.on('unhandledRejection', (reason) => {
  console.error('projection worker: unhandled rejection; exiting', reason);
  process.exit(1);
});

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
