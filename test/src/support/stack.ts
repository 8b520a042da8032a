import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bullConnection } from '@playquid/config';
import { comparePositions, FORWARDER_CHECKPOINT } from '@playquid/contracts';
import { eventually } from '@playquid/domain/testing';
import { startProjectionWorker } from '@playquid/projections';
import { createReadDb, createTestDatabase, type DB, migrateToLatest, type TestDatabase } from '@playquid/read-db';
import { createApp, createEventStore, type EventStore } from '@playquid/server';
import { startTremendousStandin, type TremendousStandin } from '@playquid/standins';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import supertest from 'supertest';

export const TEST_SECRET = 'test-bitlabs-secret';
export const TEST_PUBLIC_BASE_URL = 'https://api.playquid.test';
export const TEST_TREMENDOUS_WEBHOOK_SECRET = 'test-tremendous-webhook-secret';

export interface Stack {
  app: NestFastifyApplication;
  http: ReturnType<typeof supertest>;
  db: Kysely<DB>;
  store: EventStore;
  /** The local Tremendous the payouts' reward orders go to. */
  tremendous: TremendousStandin;
  /** Base URL when started with listen: true. */
  url?: string;
  close(): Promise<void>;
}

/**
 * The whole back end in this process, on a throwaway database and its own BullMQ prefix: the API
 * (with forwarder and callback worker) plus the projection worker, all real, nothing mocked.
 */
export async function startStack(
  options: {
    listen?: boolean;
    clientDist?: string;
    /** A Redis of the test's own (e.g. one it restarts); the shared one at 127.0.0.1:6379 otherwise. */
    redisUrl?: string;
    /** false: the test runs the projection worker itself, e.g. as a process it can kill. */
    projectionWorker?: boolean;
    /** false: no forwarder or callback worker in this process (other API processes run them). */
    runWorkers?: boolean;
  } = {},
): Promise<Stack> {
  const database: TestDatabase = await createTestDatabase('e2e');
  const prefix = `t${randomBytes(4).toString('hex')}`;
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    BULL_PREFIX: prefix,
    BITLABS_SECRET: TEST_SECRET,
    PUBLIC_BASE_URL: options.listen ? '' : TEST_PUBLIC_BASE_URL,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    FIREBASE_PROJECT_ID: 'demo-playquid',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RUN_WORKERS: options.runWorkers === false ? 'false' : 'true',
    REDIS_URL: options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...(options.clientDist ? { CLIENT_DIST: options.clientDist } : {}),
  });
  const db = createReadDb({ connectionString: database.url, max: 5 });
  await migrateToLatest(db);
  const store = await createEventStore({ databaseUrl: database.url });

  let url: string | undefined;
  if (options.listen) {
    // The public base URL must be known before the app reads its config: pick the port first, one
    // the OS says is free (a random one could be a connection's ephemeral port: EADDRINUSE in CI).
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    process.env.PUBLIC_BASE_URL = url;
    process.env.PORT = String(port);
  }
  // Reward orders go to a local Tremendous; its delivery webhooks need a listening API to reach.
  const tremendous = await startTremendousStandin({
    port: 0,
    webhookSecret: TEST_TREMENDOUS_WEBHOOK_SECRET,
    webhookUrl: url ? `${url}/api/tremendous/webhooks` : undefined,
    deliveryDelayMs: 50,
  });
  Object.assign(process.env, { TREMENDOUS_BASE_URL: tremendous.url, TREMENDOUS_WEBHOOK_SECRET: TEST_TREMENDOUS_WEBHOOK_SECRET });
  const app = await createApp();
  if (options.listen) await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  else {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }
  const worker =
    options.projectionWorker === false
      ? undefined
      : startProjectionWorker({ db, connection: bullConnection(process.env.REDIS_URL!), prefix });

  return {
    app,
    http: supertest(app.getHttpServer()),
    db,
    store,
    tremendous,
    url,
    async close() {
      await worker?.close();
      await app.close();
      await tremendous.close();
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/** A port nothing listens on now, as the OS hands out for port 0. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Polls until `check` returns a value that is not undefined (read models are eventually consistent). */
export { eventually };

/**
 * Waits until every projection has applied the log up to its head as it is now (what a read with
 * `X-Min-Log-Position` waits for): every commit, and so every live-stream notification, of what
 * happened before has been made.
 */
export async function projectionsPassHead(stack: Stack, timeoutMs = 20_000): Promise<void> {
  const head = await stack.store.readHead();
  await eventually(
    async () => {
      const rows = await stack.db
        .selectFrom('projection_checkpoints')
        .select(['commit_position', 'prepare_position'])
        .where('projection', '!=', FORWARDER_CHECKPOINT)
        .execute();
      return (
        rows.length > 0 &&
        rows.every((r) => comparePositions({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }, head) >= 0)
      );
    },
    { timeoutMs, what: 'every projection past the log head' },
  );
}
