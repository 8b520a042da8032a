import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OfferSyncWorker } from '../jobs/offer-sync.worker';
import { OfferRepository } from '../repositories/offer.repository';
import { WalletModule } from '../wallet/wallet.module';
import { AdminOffersController } from './admin-offers.controller';
import { AdminOffersService } from './admin-offers.service';
import { AdminStatsService } from './admin-stats.service';
import { BitlabsOffersClient } from './bitlabs-offers.client';
import { OfferStatsRepository } from './offer-stats.repository';
import { OfferStreams } from './offer-streams';
import { OfferSyncService } from './offer-sync.service';
import { OFFER_COMMAND_HANDLERS } from './offer.commands';
import { OffersController } from './offers.controller';
import { OffersService } from './offers.service';

/**
 * The offer catalogue: public and admin calls, the admin statistics, the command handlers and the
 * BitLabs sync job. A member's balance on /offers/balance is the wallet's own query.
 */
@Module({
  imports: [WalletModule],
  controllers: [OffersController, AdminOffersController],
  providers: [
    OfferRepository,
    OfferStatsRepository,
    OfferStreams,
    OffersService,
    AdminOffersService,
    AdminStatsService,
    OfferSyncService,
    OfferSyncWorker,
    {
      provide: BitlabsOffersClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new BitlabsOffersClient({ apiUrl: config.offers.apiUrl, apiToken: config.offers.apiToken }),
    },
    ...OFFER_COMMAND_HANDLERS,
  ],
})
export class OffersModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly sync: OfferSyncWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runWorkers) await this.sync.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sync.stop();
  }
}
