import { Module } from '@nestjs/common';
import { AdminEarningsController, EarningsController } from './earnings.controller';
import { EarningRepository } from './earning.repository';
import { EarningsService } from './earnings.service';
import { GrantReferralRewardHandler } from './referral-reward.command';
import { WalletController } from './wallet.controller';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';
import { GrantWelcomeBonusHandler } from './welcome-bonus.command';

/**
 * The member's money: balance and statement (now or as of a past moment), earnings, and the
 * wallet credits other features ask for (welcome bonus, referral reward).
 */
@Module({
  controllers: [WalletController, EarningsController, AdminEarningsController],
  providers: [WalletRepository, WalletService, EarningRepository, EarningsService, GrantWelcomeBonusHandler, GrantReferralRewardHandler],
  exports: [WalletRepository, WalletService, EarningRepository],
})
export class WalletModule {}
