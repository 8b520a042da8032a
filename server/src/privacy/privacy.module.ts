import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { CloseAccountHandler } from './close-account.command';
import { AdminPrivacyController, PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';
import { RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';

/** Data export, account closure, the admin privacy desk and the daily retention job (crypto-shredding lives in the event store). */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.privacyRetention })],
  controllers: [PrivacyController, AdminPrivacyController],
  providers: [PrivacyService, CloseAccountHandler, RetentionService, RetentionProcessor],
  exports: [RetentionService],
})
export class PrivacyModule {}
