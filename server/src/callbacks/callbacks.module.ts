import { Module } from '@nestjs/common';
import { LocalCallbackClient } from '../bitlabs/local-callback.client';
import { AdminCallbacksController } from './admin-callbacks.controller';
import { BitlabsAdminController } from './bitlabs-admin.controller';
import { BitlabsAdminService } from './bitlabs-admin.service';
import { CallbackRepository } from './callback.repository';
import { CallbacksConsoleService } from './callbacks-console.service';
import { ReprocessCallbackHandler } from './reprocess-callback.command';
import { ReviewHeldCreditHandler } from './review-held-credit.command';

/** Partner callbacks: the admin callbacks console (with reprocess and held-credit review) and the BitLabs admin tools. */
@Module({
  controllers: [AdminCallbacksController, BitlabsAdminController],
  providers: [CallbackRepository, CallbacksConsoleService, BitlabsAdminService, LocalCallbackClient, ReprocessCallbackHandler, ReviewHeldCreditHandler],
})
export class CallbacksModule {}
