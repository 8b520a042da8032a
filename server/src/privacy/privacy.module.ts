import { Module } from '@nestjs/common';
import { CloseAccountHandler } from './close-account.command';
import { AdminPrivacyController, PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

/** Data export, account closure and the admin privacy desk (crypto-shredding lives in the event store). */
@Module({
  controllers: [PrivacyController, AdminPrivacyController],
  providers: [PrivacyService, CloseAccountHandler],
})
export class PrivacyModule {}
