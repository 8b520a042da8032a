import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { CallbacksModule } from '../callbacks/callbacks.module';
import { RewardsModule } from '../rewards/rewards.module';
import { WalletModule } from '../wallet/wallet.module';
import { ForwarderService } from './forwarder.service';

/**
 * The event log's way into BullMQ: the forwarder feeds the projections queue (consumed by the
 * projection worker, @playquid/projections) and the queues whose work events ask for, which the
 * callbacks and rewards features register and consume.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.projections }), CallbacksModule, RewardsModule, WalletModule],
  providers: [ForwarderService],
})
export class ForwarderModule {}
