import { Global, Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { bullConnection } from '@playquid/config';
import { createReadDb, type DB, PersonalDataVault } from '@playquid/read-db';
import { getApps, initializeApp } from 'firebase-admin/app';
import { createHash } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig, loadConfig } from '../config/app-config';
import { RedisAnchorStore, shareAnchors, stopSharingAnchors } from '../common/list-pages';
import { Clock, SystemClock } from '../cqrs/clock';
import { checkCheckpointsMatchStore } from '../event-store/checkpoint-check';
import { createEventStore } from '../event-store/create-event-store';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { reportingAppends } from '../event-store/reporting-event-store';
import { LogPositionWaiter } from './log-position-waiter';
import { MemberRowCache } from './member-row-cache';
import { MemberLocks } from './member-locks';
import { FIREBASE_AUTH, READ_DB, REDIS_CLIENT, REDIS_CONNECTION } from './tokens';

@Global()
@Module({
  providers: [
    MemberRowCache,
    LogPositionWaiter,
    { provide: APP_CONFIG, useFactory: () => loadConfig() },
    { provide: Clock, useClass: SystemClock },
    {
      // Production refuses to start without PERSONAL_DATA_MASTER_KEY (personalDataMasterKeysFromEnv throws).
      provide: PersonalDataVault,
      inject: [READ_DB, APP_CONFIG],
      useFactory: (db: Kysely<DB>, config: AppConfig) => PersonalDataVault.forDatabase(db, config.personalDataMasterKeys),
    },
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, PersonalDataVault],
      // Appends note their positions in the request that made them (read-your-writes).
      useFactory: async (config: AppConfig, vault: PersonalDataVault) =>
        reportingAppends(
          await createEventStore({ eventStoreConnectionString: config.eventStoreConnectionString, databaseUrl: config.databaseUrl }, vault),
        ),
    },
    {
      provide: READ_DB,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createReadDb({ connectionString: config.databaseUrl, max: 20 }),
    },
    {
      provide: REDIS_CONNECTION,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => bullConnection(config.redisUrl),
    },
    {
      // Leases and locks: commands fail fast while Redis is away (a lease then lapses by itself).
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }),
    },
    {
      provide: MemberLocks,
      inject: [APP_CONFIG, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis) => new MemberLocks({ redis, prefix: `${config.bullPrefix}:member-lock` }),
    },
    {
      provide: FIREBASE_AUTH,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // firebase-admin reads the emulator host from the environment at first use.
        if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
        const app = getApps().find((a) => a.name === config.firebaseProjectId) ?? initializeApp({ projectId: config.firebaseProjectId }, config.firebaseProjectId);
        return getAuth(app);
      },
    },
  ],
  exports: [
    APP_CONFIG,
    Clock,
    EVENT_STORE,
    PersonalDataVault,
    READ_DB,
    REDIS_CONNECTION,
    REDIS_CLIENT,
    FIREBASE_AUTH,
    MemberRowCache,
    MemberLocks,
    LogPositionWaiter,
  ],
})
export class InfrastructureModule implements OnModuleInit, OnApplicationShutdown {
  private anchors?: RedisAnchorStore;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Before anything follows the log: refuse checkpoints of another event store (a switch not migrated). */
  async onModuleInit(): Promise<void> {
    await checkCheckpointsMatchStore(this.db, Boolean(this.config.eventStoreConnectionString));
    // The admin lists' keyset anchors, shared by every replica of this database through Redis.
    const database = createHash('sha1').update(this.config.databaseUrl).digest('hex').slice(0, 16);
    this.anchors = new RedisAnchorStore(this.redis, `${this.config.bullPrefix}:page-anchors:${database}`);
    shareAnchors(this.anchors);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.anchors) stopSharingAnchors(this.anchors);
    await Promise.allSettled([this.store.close(), this.db.destroy(), this.redis.quit()]);
  }
}
