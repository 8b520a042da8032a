import { Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './auth/auth.module';
import { BlogsModule } from './blogs/blogs.module';
import { CallbacksModule } from './callbacks/callbacks.module';
import { ProcessCallbackHandler, ProcessMemberCallbacksHandler } from './commands/process-callback.command';
import { ReceiveCallbackHandler } from './commands/receive-callback.command';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { BitlabsController } from './controllers/bitlabs.controller';
import { DebugController, RouteRegistry } from './controllers/debug.controller';
import { HealthModule } from './health/health.module';
import { InfrastructureModule } from './infra/infrastructure.module';
import { JobsModule } from './jobs/jobs.module';
import { OffersModule } from './offers/offers.module';
import { PayoutsModule } from './payouts/payouts.module';
import { RewardsModule } from './rewards/rewards.module';
import { SeoModule } from './seo/seo.module';
import { UsersModule } from './users/users.module';
import { WalletModule } from './wallet/wallet.module';

const COMMAND_HANDLERS = [ReceiveCallbackHandler, ProcessCallbackHandler, ProcessMemberCallbacksHandler];

@Module({
  imports: [
    LoggerModule.forRoot({
      // The partner callback logs its own outcome; per-request logging would only tax the hot path.
      exclude: [{ method: RequestMethod.GET, path: 'bitlabs/callback' }],
      forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
      pinoHttp: {
        level: process.env.LOG_LEVEL ?? 'info',
        autoLogging: process.env.LOG_REQUESTS === 'true',
        redact: ['req.headers.authorization'],
      },
    }),
    CqrsModule.forRoot(),
    // Limits apply where a controller opts in with ThrottlerGuard (auth), never to partner callbacks.
    ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 120 }]),
    InfrastructureModule,
    AuthModule,
    UsersModule,
    WalletModule,
    PayoutsModule,
    RewardsModule,
    OffersModule,
    CallbacksModule,
    BlogsModule,
    SeoModule,
    HealthModule,
    JobsModule,
  ],
  controllers: [BitlabsController, DebugController],
  providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }, RouteRegistry, ...COMMAND_HANDLERS],
})
export class AppModule {}
