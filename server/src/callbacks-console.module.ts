import { Module } from '@nestjs/common';
import { LocalCallbackClient } from './bitlabs/local-callback.client';
import { ReprocessCallbackHandler } from './commands/reprocess-callback.command';
import { ReviewHeldCreditHandler } from './commands/review-held-credit.command';
import { AdminCallbacksController } from './controllers/admin-callbacks.controller';
import { BitlabsAdminController } from './controllers/bitlabs-admin.controller';
import { CallbackRepository } from './repositories/callback.repository';
import { UserRepository } from './repositories/user.repository';
import { BitlabsAdminService } from './services/bitlabs-admin.service';
import { CallbacksConsoleService } from './services/callbacks-console.service';

/**
 * The admin callbacks console and the BitLabs admin tools, as one module so AppModule only imports
 * it. The command handler is found by CqrsModule wherever it is declared; UserRepository is here for
 * the AuthGuard that @AdminRoute() instantiates in this module's scope.
 */
@Module({
  controllers: [AdminCallbacksController, BitlabsAdminController],
  providers: [CallbackRepository, CallbacksConsoleService, BitlabsAdminService, LocalCallbackClient, ReprocessCallbackHandler, ReviewHeldCreditHandler, UserRepository],
})
export class CallbacksConsoleModule {}
