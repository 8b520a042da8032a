import { Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AuthGuard } from './auth/auth.guard';
import { RegisterMemberHandler } from './commands/register-member.command';
import { ProcessCallbackHandler } from './commands/process-callback.command';
import { ReceiveCallbackHandler } from './commands/receive-callback.command';
import { ChangeRoleHandler, MarkEmailVerifiedHandler, RecordSignInHandler, UpdateUsernameHandler } from './commands/user-commands';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { AuthController } from './controllers/auth.controller';
import { BitlabsController } from './controllers/bitlabs.controller';
import { DebugController, RouteRegistry } from './controllers/debug.controller';
import { HealthController } from './controllers/health.controller';
import { TremendousController } from './controllers/tremendous.controller';
import { UsersController } from './controllers/users.controller';
import { WalletController } from './controllers/wallet.controller';
import { AdminPayoutsController } from './controllers/admin-payouts.controller';
import { PayoutsController } from './controllers/payouts.controller';
import { RunPayoutHandler } from './commands/payout-commands';
import { PayoutRepository } from './repositories/payout.repository';
import { MemberStatsService } from './services/member-stats.service';
import { PayoutsService } from './services/payouts.service';
import { InfrastructureModule } from './infra/infrastructure.module';
import { JobsModule } from './jobs/jobs.module';
import { OffersModule } from './offers/offers.module';
import { CallbacksConsoleModule } from './callbacks-console.module';
import { BlogsModule } from './blogs/blogs.module';
import { AdminUsersModule } from './users/admin-users.module';
import { SeoModule } from './seo/seo.module';
import { BalanceRepository } from './repositories/balance.repository';
import { PayoutRewardRepository } from './repositories/payout-reward.repository';
import { EarningRepository } from './repositories/earning.repository';
import { UserRepository } from './repositories/user.repository';
import { WalletRepository } from './repositories/wallet.repository';
import { AuthService } from './services/auth.service';
import { FirebaseEmailClient } from './auth/firebase-email.client';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { WalletService } from './services/wallet.service';
import { EarningsService } from './services/earnings.service';
import { TremendousWebhookService } from './services/tremendous-webhook.service';

export const COMMAND_HANDLERS = [
  RegisterMemberHandler,
  RecordSignInHandler,
  MarkEmailVerifiedHandler,
  ChangeRoleHandler,
  UpdateUsernameHandler,
  ReceiveCallbackHandler,
  ProcessCallbackHandler,
  RunPayoutHandler,
];

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
    TerminusModule,
    InfrastructureModule,
    JobsModule,
    OffersModule,
    CallbacksConsoleModule,
    BlogsModule,
    AdminUsersModule,
    SeoModule,
  ],
  controllers: [HealthController, AuthController, UsersController, WalletController, PayoutsController, AdminPayoutsController, BitlabsController, TremendousController, DebugController],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    AuthGuard,
    RouteRegistry,
    UserRepository,
    BalanceRepository,
    EarningRepository,
    AuthService,
    {
      provide: FirebaseEmailClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new FirebaseEmailClient({ apiKey: config.firebaseWebApiKey, emulatorHost: config.firebaseAuthEmulatorHost }),
    },
    WalletRepository,
    WalletService,
    EarningsService,
    PayoutRewardRepository,
    TremendousWebhookService,
    PayoutRepository,
    PayoutsService,
    MemberStatsService,
    ...COMMAND_HANDLERS,
  ],
})
export class AppModule {}
