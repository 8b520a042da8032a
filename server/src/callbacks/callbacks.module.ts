import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { AdminCallbacksController } from './admin-callbacks.controller';
import { BitlabsAdminController } from './bitlabs-admin.controller';
import { BitlabsAdminService } from './bitlabs-admin.service';
import { BitlabsController } from './bitlabs.controller';
import { CallbackProcessingProcessor } from './callback-processing.processor';
import { CallbackRepository } from './callback.repository';
import { CallbacksConsoleService } from './callbacks-console.service';
import { LocalCallbackClient } from './local-callback.client';
import { ProcessCallbackHandler, ProcessMemberCallbacksHandler } from './process-callback.command';
import { ReceiveCallbackHandler } from './receive-callback.command';
import { ReprocessCallbackHandler } from './reprocess-callback.command';
import { ReviewHeldCreditHandler } from './review-held-credit.command';

/**
 * Partner callbacks: BitLabs's signed callback intake, the callback-processing queue that credits
 * them, and the admin callbacks console (with reprocess and held-credit review) and BitLabs tools.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.callbackProcessing })],
  controllers: [BitlabsController, AdminCallbacksController, BitlabsAdminController],
  providers: [
    ReceiveCallbackHandler,
    ProcessMemberCallbacksHandler,
    ProcessCallbackHandler,
    CallbackProcessingProcessor,
    CallbackRepository,
    CallbacksConsoleService,
    BitlabsAdminService,
    LocalCallbackClient,
    ReprocessCallbackHandler,
    ReviewHeldCreditHandler,
  ],
  // The forwarder feeds the queue.
  exports: [BullModule],
})
export class CallbacksModule {}
