import { Inject, Injectable } from '@nestjs/common';
import { streams } from '@playquid/contracts';
import { DomainError } from '@playquid/domain';
import { type CatalogueState, offerCatalogueDecider } from '@playquid/domain';
import { OFFER_NOT_FOUND, offerDecider, type OfferState } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream } from '../cqrs/command-handler';
import { offerIdForApiId } from './bitlabs-offer.mapper';

export type LiveOffer = OfferState & { offerId: string; apiId: string };

/**
 * The write side's view of offers: folds of their streams, never the read tables, so a command is
 * checked against what is recorded rather than what has been projected so far.
 */
@Injectable()
export class OfferStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async state(offerId: string): Promise<OfferState> {
    return (await aggregateStream(this.store, streams.offer(offerId), offerDecider)).state;
  }

  /**
   * A live (not deleted) offer by our id or its BitLabs id: a BitLabs id names its stream through
   * offerIdForApiId, and a manual offer's api_id is its own id, so no read table is needed.
   */
  async live(idOrApiId: string): Promise<LiveOffer> {
    for (const offerId of [idOrApiId, offerIdForApiId(idOrApiId)]) {
      const state = await this.state(offerId);
      if (state.exists && !state.deleted) return state as LiveOffer;
    }
    throw new DomainError(OFFER_NOT_FOUND, 'not_found');
  }

  async catalogue(): Promise<CatalogueState> {
    return (await aggregateStream(this.store, streams.offerCatalogue(), offerCatalogueDecider)).state;
  }

  /** Of the candidates, the live offers whose recorded anchor is `anchor`. */
  async confirmGroup(anchor: string, candidates: string[]): Promise<string[]> {
    const states = await Promise.all([...new Set(candidates)].map((id) => this.state(id)));
    return states.filter((s) => s.exists && !s.deleted && s.anchor === anchor).map((s) => s.offerId!);
  }
}
