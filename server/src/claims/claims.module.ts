import { Module } from '@nestjs/common';
import { OfferStreams } from '../offers/offer-streams';
import { ClaimDecisions } from './claim-decisions';
import { CLAIMS_CONFIG, loadClaimsConfig } from './claims-config';
import { AdminClaimsController, ClaimsController, OfferTimelineController } from './claims.controller';
import { ClaimsRepository } from './claims.repository';
import { ClaimsService } from './claims.service';

/** Missing-credit claims (member and admin) and the per-task timeline of an offer. */
@Module({
  controllers: [ClaimsController, AdminClaimsController, OfferTimelineController],
  providers: [ClaimsService, ClaimDecisions, ClaimsRepository, OfferStreams, { provide: CLAIMS_CONFIG, useFactory: () => loadClaimsConfig() }],
})
export class ClaimsModule {}
