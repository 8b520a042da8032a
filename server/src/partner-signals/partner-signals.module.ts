import { Module } from '@nestjs/common';
import { BitlabsBanController } from './bitlabs-ban.controller';
import { RecordPartnerStatusHandler } from './partner-status.command';

/** BitLabs ban callbacks: an account hold on the member's wallet, never a silent ban. */
@Module({
  controllers: [BitlabsBanController],
  providers: [RecordPartnerStatusHandler],
})
export class PartnerSignalsModule {}
