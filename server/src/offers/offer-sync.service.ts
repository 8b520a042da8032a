import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { OfferStreamEvent, OfferSyncSummary } from '@playquid/contracts';
import { FEED_ACTOR, type OfferState } from '@playquid/domain';
import { OfferRepository } from './offer.repository';
import type { HandleResult } from '../cqrs/command-handler';
import { type OfferCommandInput, RunOfferCommand } from './offer.commands';
import { type MappedOffer, mapBitlabsOffer } from './bitlabs-offer.mapper';
import { BitlabsOffersClient } from './bitlabs-offers.client';

/** Offers decided side by side: each has its own stream, and BitLabs is already behind us. */
const PARALLEL = 4;

/**
 * One sync run: fetch the BitLabs feed, let each offer's decider diff it against the offer's
 * stream (appending only what changed), then make active offers that left the feed inactive.
 * Running two at once is harmless: ids come from BitLabs ids, so both runs decide on the same
 * streams with expected revisions and the second finds nothing left to do.
 */
@Injectable()
export class OfferSyncService {
  private readonly logger = new Logger('OfferSync');

  constructor(
    private readonly client: BitlabsOffersClient,
    private readonly offers: OfferRepository,
    private readonly commandBus: CommandBus,
  ) {}

  async syncOnce(): Promise<OfferSyncSummary> {
    const feed = await this.client.publisherOffers();
    const summary: OfferSyncSummary = { fetched: feed.length, created: 0, updated: 0, delisted: 0, unchanged: 0, skipped: 0, events: 0 };
    const mapped = new Map<string, MappedOffer>();
    for (const raw of feed) {
      try {
        const offer = mapBitlabsOffer(raw);
        mapped.set(offer.apiId, offer);
      } catch (error) {
        summary.skipped += 1;
        this.logger.warn({ offerId: (raw as { id?: unknown })?.id, error: (error as Error).message }, 'skipped an offer the feed could not describe');
      }
    }
    // An empty feed is far likelier a BitLabs hiccup than the end of every offer: delist nothing.
    if (mapped.size === 0 && (await this.offers.count()) > 0) throw new Error('BitLabs returned no offers; the catalogue was left as it is');

    await inBatches([...mapped.values()], async (offer) => {
      const { events } = await this.run({ type: 'SyncOfferFromFeed', offerId: offer.offerId, apiId: offer.apiId, content: offer.content, anchor: offer.anchor });
      summary.events += events.length;
      if (events.some((e) => e.type === 'OfferCreated')) summary.created += 1;
      else if (events.length > 0) summary.updated += 1;
      else summary.unchanged += 1;
    });
    const gone = (await this.offers.activeBitlabsOffers()).filter((row) => !mapped.has(row.api_id));
    await inBatches(gone, async (row) => {
      const { events } = await this.run({ type: 'DelistOffer', offerId: row.id });
      summary.events += events.length;
      if (events.length > 0) summary.delisted += 1;
    });
    this.logger.log(summary, 'BitLabs offers synced');
    return summary;
  }

  private run(input: OfferCommandInput): Promise<HandleResult<OfferState, OfferStreamEvent>> {
    return this.commandBus.execute(new RunOfferCommand(input, FEED_ACTOR));
  }
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(work));
}
