import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { AdminEarningsController, EarningsController } from './earnings.controller';
import { EarningRepository } from './earning.repository';
import { EarningsService } from './earnings.service';
import { SettleReferralHandler } from './referral-settlement.command';
import { ReferralSettlementProcessor } from './referral-settlement.processor';
import { WalletController } from './wallet.controller';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';
import { GrantWelcomeBonusHandler } from './welcome-bonus.command';

/**
 * The member's money: balance and statement (now or as of a past moment), earnings, and the
 * wallet credits other features ask for (welcome bonus), and the referral rewards that follow a
 * friend's qualification (the referral-settlements queue).
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.referralSettlements })],
  controllers: [WalletController, EarningsController, AdminEarningsController],
  providers: [WalletRepository, WalletService, EarningRepository, EarningsService, GrantWelcomeBonusHandler, SettleReferralHandler, ReferralSettlementProcessor],
  exports: [BullModule, WalletRepository, WalletService, EarningRepository],
})
export class WalletModule {}
