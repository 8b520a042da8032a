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
import { UsersController } from './controllers/users.controller';
import { InfrastructureModule } from './infra/infrastructure.module';
import { JobsModule } from './jobs/jobs.module';
import { BalanceRepository } from './repositories/balance.repository';
import { EarningRepository } from './repositories/earning.repository';
import { UserRepository } from './repositories/user.repository';
import { AuthService } from './services/auth.service';
import { BalanceService } from './services/balance.service';
import { EarningsService } from './services/earnings.service';

export const COMMAND_HANDLERS = [
  RegisterMemberHandler,
  RecordSignInHandler,
  MarkEmailVerifiedHandler,
  ChangeRoleHandler,
  UpdateUsernameHandler,
  ReceiveCallbackHandler,
  ProcessCallbackHandler,
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
  ],
  controllers: [HealthController, AuthController, UsersController, BitlabsController, DebugController],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    AuthGuard,
    RouteRegistry,
    UserRepository,
    BalanceRepository,
    EarningRepository,
    AuthService,
    BalanceService,
    EarningsService,
    ...COMMAND_HANDLERS,
  ],
})
export class AppModule {}
