import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OfferRepository } from './offer.repository';
import { WalletModule } from '../wallet/wallet.module';
import { AdminOffersController } from './admin-offers.controller';
import { AdminOffersService } from './admin-offers.service';
import { AdminStatsService } from './admin-stats.service';
import { BitlabsOffersClient } from './bitlabs-offers.client';
import { OfferStatsRepository } from './offer-stats.repository';
import { OfferStreams } from './offer-streams';
import { OfferSyncProcessor } from './offer-sync.processor';
import { OfferSyncService } from './offer-sync.service';
import { OFFER_COMMAND_HANDLERS } from './offer.commands';
import { OffersController } from './offers.controller';
import { OffersService } from './offers.service';

/**
 * The offer catalogue: public and admin calls, the admin statistics, the command handlers and the
 * BitLabs sync job. A member's balance on /offers/balance is the wallet's own query.
 */
@Module({
  imports: [WalletModule, BullModule.registerQueue({ name: QUEUES.offerSync })],
  controllers: [OffersController, AdminOffersController],
  providers: [
    OfferRepository,
    OfferStatsRepository,
    OfferStreams,
    OffersService,
    AdminOffersService,
    AdminStatsService,
    OfferSyncService,
    OfferSyncProcessor,
    {
      provide: BitlabsOffersClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new BitlabsOffersClient({ apiUrl: config.offers.apiUrl, apiToken: config.offers.apiToken }),
    },
    ...OFFER_COMMAND_HANDLERS,
  ],
})
export class OffersModule {}
