import { Module } from '@nestjs/common';
import { PayoutRewardRepository } from './payout-reward.repository';
import { RecordRewardDeliveryHandler } from './reward-delivery.command';
import { TremendousController } from './tremendous.controller';
import { TremendousWebhookService } from './tremendous-webhook.service';

/** Payout rewards through Tremendous: the delivery webhooks recorded on the member's wallet. */
@Module({
  controllers: [TremendousController],
  providers: [PayoutRewardRepository, TremendousWebhookService, RecordRewardDeliveryHandler],
})
export class RewardsModule {}
