import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TremendousClient } from '../rewards/tremendous.client';
import { CallbackProcessingWorker } from './callback-processing.worker';
import { ForwarderService } from './forwarder.service';
import { RewardOrderWorker } from './reward-order.worker';

/** Background work of the API process: the log forwarder, the callback-processing and reward-order workers. */
@Module({
  providers: [
    ForwarderService,
    CallbackProcessingWorker,
    RewardOrderWorker,
    { provide: TremendousClient, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new TremendousClient(config.tremendous) },
  ],
})
export class JobsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly forwarder: ForwarderService,
    private readonly processing: CallbackProcessingWorker,
    private readonly rewardOrders: RewardOrderWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    this.processing.start();
    this.rewardOrders.start();
    await this.forwarder.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.forwarder.stop();
    await this.processing.stop();
    await this.rewardOrders.stop();
  }
}
