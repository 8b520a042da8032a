import { Module } from '@nestjs/common';
import { AdminPayoutsController } from './admin-payouts.controller';
import { AdminPayoutsExportController } from './admin-payouts-export.controller';
import { RunPayoutHandler } from './payout.commands';
import { PayoutRepository } from './payout.repository';
import { PayoutsExportService } from './payouts-export';
import { PayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

/** Payout requests and the admin's decisions on them, decided on the member's wallet stream. */
@Module({
  controllers: [PayoutsController, AdminPayoutsController, AdminPayoutsExportController],
  providers: [PayoutRepository, PayoutsService, RunPayoutHandler, PayoutsExportService],
  exports: [PayoutRepository, PayoutsService],
})
export class PayoutsModule {}
