import { BullModule } from '@nestjs/bullmq';
import { Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { LOG_REDACT_PATHS, withoutQuery } from './common/log-redaction';
import { AuthModule } from './auth/auth.module';
import { BlogsModule } from './blogs/blogs.module';
import { CallbacksModule } from './callbacks/callbacks.module';
import { ClaimsModule } from './claims/claims.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { DebugModule } from './debug/debug.module';
import { ForwarderModule } from './forwarder/forwarder.module';
import { HealthModule } from './health/health.module';
import { InfrastructureModule } from './infra/infrastructure.module';
import { RedisThrottlerStorage } from './infra/redis-throttler-storage';
import { REDIS_CLIENT, REDIS_CONNECTION } from './infra/tokens';
import { OpsModule } from './ops/ops.module';
import { OffersModule } from './offers/offers.module';
import { PartnerSignalsModule } from './partner-signals/partner-signals.module';
import { PayoutsModule } from './payouts/payouts.module';
import { RewardsModule } from './rewards/rewards.module';
import { SeoModule } from './seo/seo.module';
import { StatementsModule } from './statements/statements.module';
import { UsersModule } from './users/users.module';
import { PrivacyModule } from './privacy/privacy.module';
import { WalletModule } from './wallet/wallet.module';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // The partner callback logs its own outcome, and every open page polls the balance: per-request
        // logging would only tax the hot paths.
        exclude: [
          { method: RequestMethod.GET, path: 'bitlabs/callback' },
          { method: RequestMethod.GET, path: 'users/balance' },
        ],
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        // LOG_FILE: the logs go to this file (appended) instead of stdout.
        pinoHttp: [
          {
            level: config.logLevel,
            autoLogging: config.logRequests,
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              req: (req: { url?: string }) => ({ ...req, url: withoutQuery(req.url) }),
            },
          },
          config.logFile ? pino.destination({ dest: config.logFile, sync: true, append: true }) : pino.destination(1),
        ],
      }),
    }),
    CqrsModule.forRoot(),
    InfrastructureModule,
    // Limits apply where a controller opts in with ThrottlerGuard (auth), never to signed partner
    // callbacks. Hits are counted in Redis, so a limit holds across every replica.
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 120 }],
        storage: new RedisThrottlerStorage(redis, `${config.bullPrefix}:throttle`),
      }),
    }),
    // Every queue of the app on the one Redis connection and key prefix (tests use their own prefix).
    BullModule.forRootAsync({
      inject: [APP_CONFIG, REDIS_CONNECTION],
      useFactory: (config: AppConfig, connection: ConnectionOptions) => ({ connection, prefix: config.bullPrefix }),
    }),
    AuthModule,
    UsersModule,
    PrivacyModule,
    WalletModule,
    PayoutsModule,
    RewardsModule,
    OffersModule,
    CallbacksModule,
    ClaimsModule,
    BlogsModule,
    SeoModule,
    HealthModule,
    DebugModule,
    ForwarderModule,
    OpsModule,
    StatementsModule,
    PartnerSignalsModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
})
export class AppModule {}
