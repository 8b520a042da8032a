import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuthGuard } from '../auth/auth.guard';
import { OFFER_COMMAND_HANDLERS } from '../commands/offer-commands';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminOffersController } from '../controllers/admin-offers.controller';
import { OffersController } from '../controllers/offers.controller';
import { OfferSyncWorker } from '../jobs/offer-sync.worker';
import { BalanceRepository } from '../repositories/balance.repository';
import { OfferStatsRepository } from '../repositories/offer-stats.repository';
import { OfferRepository } from '../repositories/offer.repository';
import { UserRepository } from '../repositories/user.repository';
import { WalletRepository } from '../repositories/wallet.repository';
import { AdminOffersService } from '../services/admin-offers.service';
import { AdminStatsService } from '../services/admin-stats.service';
import { OffersService } from '../services/offers.service';
import { WalletService } from '../services/wallet.service';
import { BitlabsOffersClient } from './bitlabs-offers.client';
import { OfferStreams } from './offer-streams';
import { OfferSyncService } from './offer-sync.service';

/**
 * The offer catalogue: public and admin calls, the admin statistics, the command handlers and the
 * BitLabs sync job. Stateless providers it shares with the rest of the app (balances for
 * /offers/balance, users for the auth guard) are provided again here rather than exported there.
 */
@Module({
  controllers: [OffersController, AdminOffersController],
  providers: [
    AuthGuard,
    UserRepository,
    BalanceRepository,
    WalletRepository,
    WalletService,
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
  exports: [OfferSyncWorker],
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
