import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { formatPosition, type ProjectionRangeJob, QUEUES, START_POSITION } from '@playquid/contracts';
import { bullConnection } from '@playquid/config';
import { eventually } from '@playquid/domain/testing';
import { createReadDb, createTestDatabase, type DB, migrateToLatest, type TestDatabase } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_CONFIG, loadConfig } from '../config/app-config';
import { createEventStore } from '../event-store/create-event-store';
import type { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { forwarderKeys } from './forwarder-keys';
import { ForwarderService } from './forwarder.service';

const connection = bullConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `t${randomBytes(4).toString('hex')}`;
const keys = forwarderKeys(prefix);
const aliveKey = `${prefix}:forwarder:alive`;

let database: TestDatabase;
let db: Kysely<DB>;
let store: EncryptingEventStore;
let redis: Redis;
let app: INestApplicationContext | undefined;

/** The store the forwarder follows, counting the subscriptions open on it. */
let openSubscriptions = 0;
const countingStore = () =>
  ({
    subscribeToAll(options) {
      openSubscriptions++;
      const subscription = store.subscribeToAll(options);
      let closed = false;
      return {
        close: async () => {
          if (!closed) openSubscriptions--;
          closed = true;
          await subscription.close();
        },
      };
    },
  }) as Pick<EventStore, 'subscribeToAll'> as EventStore;

/** Queries waiting for a lock on this database's `callbacks` table. */
async function waitingOnCallbacks(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
    where not l.granted and c.relname = 'callbacks' and l.database = (select oid from pg_database where datname = current_database())`.execute(
    db,
  );
  return Number(rows[0].n);
}

/** Deletes every key under the test's prefix, as a Redis restarted without persistence would. */
async function emptyRedis(): Promise<void> {
  for await (const found of redis.scanStream({ match: `${prefix}:*`, count: 1_000 }))
    if ((found as string[]).length > 0) await redis.del(...(found as string[]));
}

beforeAll(async () => {
  database = await createTestDatabase('fwdredisloss');
  db = createReadDb({ connectionString: database.url, max: 10 });
  await migrateToLatest(db);
  store = await createEventStore({ databaseUrl: database.url });
  redis = new Redis(connection);
});

afterAll(async () => {
  await app?.close();
  await emptyRedis();
  await redis?.quit();
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the forwarder when Redis comes back empty', () => {
  it('follows the log once when its lease is lost and taken again while it re-queues the lost work', { timeout: 60_000 }, async () => {
    const stream = `fwd-loss-${randomBytes(3).toString('hex')}`;
    await store.appendToStream(stream, [{ type: 'ForwarderTestHappened', data: { n: 1 } }]);
    const config = loadConfig({ ...process.env, DATABASE_URL: database.url, BULL_PREFIX: prefix, RUN_WORKERS: 'true' });
    const module = await Test.createTestingModule({
      imports: [
        BullModule.forRoot({ connection, prefix }),
        BullModule.registerQueue(
          { name: QUEUES.projections },
          { name: QUEUES.callbackProcessing },
          { name: QUEUES.rewardOrders },
          { name: QUEUES.referralSettlements },
        ),
      ],
      providers: [
        { provide: EVENT_STORE, useValue: countingStore() },
        { provide: READ_DB, useValue: db },
        { provide: APP_CONFIG, useValue: config },
        { provide: REDIS_CLIENT, useValue: redis },
        ForwarderService,
      ],
    }).compile();
    const projections = module.get<Queue>(getQueueToken(QUEUES.projections));
    const add = vi.spyOn(projections, 'add');
    /** Every event sent to the projections so far, in the order sent. */
    const sent = () => add.mock.calls.flatMap(([, job]) => (job as ProjectionRangeJob).events);
    app = await module.init();
    const forwarder = module.get(ForwarderService);
    await eventually(() => forwarder.leading && sent().some((e) => e.streamId === stream), { what: 'the first event forwarded' });

    // Redis empties; the forwarder notices its marker is gone first and re-queues the unfinished
    // work, whose read-model query is held up here (a slow database)...
    let release!: () => void;
    const locked = new Promise<void>((resolve) => {
      void db.transaction().execute(async (trx) => {
        await sql`lock table callbacks in access exclusive mode`.execute(trx);
        resolve();
        await new Promise<void>((r) => (release = r));
      });
    });
    await locked;
    await redis.del(aliveKey);
    await eventually(async () => ((await waitingOnCallbacks()) >= 1 ? true : undefined), {
      what: 'the recovery waiting on the read model',
    });
    // ...while its lease, gone with the rest of Redis, is lost and taken again.
    await emptyRedis();
    await eventually(async () => ((await redis.get(keys.lease)) !== null ? true : undefined), { what: 'the lease taken again' });
    release();

    await eventually(async () => (forwarder.leading && (await redis.get(aliveKey)) !== null ? true : undefined), {
      what: 'the forwarder back',
    });
    await store.appendToStream(stream, [{ type: 'ForwarderTestHappened', data: { n: 2 } }]);
    await eventually(() => sent().some((e) => e.streamId === stream && (e.data as { n: number }).n === 2), {
      what: 'the later event forwarded',
    });

    // One subscription follows the log: a second one would forward every event again, chained after the wrong one.
    expect(openSubscriptions).toBe(1);
    const log = await store.readAll({});
    const previousOf = new Map(
      log.map((e, i) => [formatPosition(e.position), i === 0 ? formatPosition(START_POSITION) : formatPosition(log[i - 1].position)]),
    );
    expect(sent().filter((e) => e.previousPosition !== previousOf.get(e.position))).toEqual([]);
  });
});
