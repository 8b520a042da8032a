import { Module } from '@nestjs/common';
import { OfferStreams } from '../offers/offer-streams';
import { ClaimDecisions } from './claim-decisions';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CLAIMS_CONFIG } from './claims-config';
import { AdminClaimsController, ClaimsController, OfferTimelineController } from './claims.controller';
import { ClaimsRepository } from './claims.repository';
import { ClaimsService } from './claims.service';

/** Missing-credit claims (member and admin) and the per-task timeline of an offer. */
@Module({
  controllers: [ClaimsController, AdminClaimsController, OfferTimelineController],
  providers: [ClaimsService, ClaimDecisions, ClaimsRepository, OfferStreams, { provide: CLAIMS_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.claims }],
})
export class ClaimsModule {}
