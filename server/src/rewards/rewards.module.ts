import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PayoutRewardRepository } from './payout-reward.repository';
import { RecordRewardDeliveryHandler } from './reward-delivery.command';
import { PlaceRewardOrderHandler } from './reward-order.command';
import { RewardOrderProcessor } from './reward-order.processor';
import { TremendousController } from './tremendous.controller';
import { TremendousWebhookService } from './tremendous-webhook.service';
import { TremendousClient } from './tremendous.client';

/**
 * Payout rewards through Tremendous: the reward-orders queue (one order per approved payout) and the
 * delivery webhooks, both recorded on the member's wallet stream.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.rewardOrders })],
  controllers: [TremendousController],
  providers: [
    { provide: TremendousClient, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new TremendousClient(config.tremendous) },
    PayoutRewardRepository,
    TremendousWebhookService,
    RecordRewardDeliveryHandler,
    PlaceRewardOrderHandler,
    RewardOrderProcessor,
  ],
  // The forwarder feeds the queue.
  exports: [BullModule],
})
export class RewardsModule {}
