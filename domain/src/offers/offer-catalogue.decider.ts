import { FEATURED_OFFERS_MAX, type OfferCatalogueEvent } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';
import { featuringRefusal } from './offer-rules';

export const NO_ANCHOR_MESSAGE = 'This offer has no anchor. Set an anchor first to use group featuring.';
export const NOTHING_TO_CLEAR_MESSAGE = 'No featured offers to clear';
export const tooManyFeaturedMessage = (total: number) =>
  `Featuring this group would make ${total} featured offers; the limit is ${FEATURED_OFFERS_MAX}.`;

/** Which offers are featured (with the anchor they were featured under). */
export interface CatalogueState {
  featured: Record<string, string | null>;
}

export type CatalogueCommand =
  /**
   * `group`: every live offer sharing the anchor (the handler reads it from the offer streams);
   * the flag is set for all of them at once.
   */
  | { type: 'SetGroupFeatured'; offerId: string; anchor: string | null; group: string[]; featured: boolean; by: string; now: string }
  | { type: 'ClearFeatured'; by: string; now: string }
  /** Offers that are being deleted or lose their anchor stop being featured first. */
  | { type: 'UnfeatureOffers'; offerIds: string[]; reason: string; by: string; now: string };

export const featuredCount = (state: CatalogueState) => Object.keys(state.featured).length;

/** One event per offer whose flag differs; featuring records the group's anchor, unfeaturing the recorded one. */
function flips(state: CatalogueState, offerIds: string[], featured: boolean, anchor: string | null, by: string, reason: string, now: string): OfferCatalogueEvent[] {
  return [...new Set(offerIds)]
    .filter((id) => (id in state.featured) !== featured)
    .map((offerId) => ({
      type: 'OfferFeaturedChanged' as const,
      data: { offerId, anchor: featured ? anchor : state.featured[offerId], featured, changedBy: by, reason, changedAt: now },
    }));
}

/**
 * The featured flags of the whole catalogue live on one stream, so the limit of
 * FEATURED_OFFERS_MAX is decided against one expected revision: two admins featuring two groups
 * at the same moment cannot both pass the check.
 */
export const offerCatalogueDecider: Decider<CatalogueState, CatalogueCommand, OfferCatalogueEvent> = {
  initialState: () => ({ featured: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'OfferFeaturedChanged': {
        const featured = { ...state.featured };
        if (event.data.featured) featured[event.data.offerId] = event.data.anchor;
        else delete featured[event.data.offerId];
        return { featured };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SetGroupFeatured': {
        const { offerId, anchor, featured, by, now } = command;
        const group = [offerId, ...command.group];
        if (!featured) {
          // An offer featured before it lost its anchor can still be switched off on its own.
          if (anchor === null) return flips(state, [offerId], false, null, by, 'Unfeatured by an admin', now);
          return flips(state, group, false, anchor, by, `Group "${anchor}" unfeatured by an admin`, now);
        }
        const events = anchor === null ? [] : flips(state, group, true, anchor, by, `Group "${anchor}" featured by an admin`, now);
        const refusal = featuringRefusal(anchor, featuredCount(state), events.length);
        if (refusal?.reason === 'no-anchor') throw new DomainError(NO_ANCHOR_MESSAGE, 'invalid');
        if (refusal?.reason === 'over-limit') throw new DomainError(tooManyFeaturedMessage(refusal.total), 'conflict');
        return events;
      }
      case 'ClearFeatured': {
        const ids = Object.keys(state.featured);
        if (ids.length === 0) throw new DomainError(NOTHING_TO_CLEAR_MESSAGE, 'conflict');
        return flips(state, ids, false, null, command.by, 'Clear All Featured', command.now);
      }
      case 'UnfeatureOffers':
        return flips(state, command.offerIds, false, null, command.by, command.reason, command.now);
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};
