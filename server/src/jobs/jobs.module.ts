import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CallbackProcessingWorker } from './callback-processing.worker';
import { ForwarderService } from './forwarder.service';

/** Background work of the API process: the log forwarder and the callback-processing worker. */
@Module({ providers: [ForwarderService, CallbackProcessingWorker] })
export class JobsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly forwarder: ForwarderService,
    private readonly processing: CallbackProcessingWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    this.processing.start();
    await this.forwarder.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.forwarder.stop();
    await this.processing.stop();
  }
}
