import type { OfferCatalogueEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { NOW } from '../testing/offer-fixtures';
import { offerCatalogueDecider } from './offer-catalogue.decider';

const spec = deciderSpec(offerCatalogueDecider);
const by = 'admin@playquid.test';
const flag = (offerId: string, anchor: string | null, featured: boolean, reason: string): OfferCatalogueEvent => ({
  type: 'OfferFeaturedChanged',
  data: { offerId, anchor, featured, changedBy: by, reason, changedAt: NOW },
});
/** `count` offers already featured, in groups of two. */
const featuredAlready = (count: number) => Array.from({ length: count }, (_, i) => flag(`f-${i}`, `group-${Math.floor(i / 2)}`, true, 'earlier'));
const feature = (offerId: string, anchor: string | null, group: string[], featured = true) =>
  ({ type: 'SetGroupFeatured', offerId, anchor, group, featured, by, now: NOW }) as const;

describe('offer catalogue decider: group featuring', () => {
  it('features every offer sharing the anchor at once', () =>
    spec
      .given([])
      .when(feature('a', 'Dragon Clash', ['a', 'b']))
      .then([flag('a', 'Dragon Clash', true, 'Group "Dragon Clash" featured by an admin'), flag('b', 'Dragon Clash', true, 'Group "Dragon Clash" featured by an admin')]));

  it('refuses an offer without an anchor', () =>
    spec.given([]).when(feature('a', null, [])).thenThrows('This offer has no anchor. Set an anchor first to use group featuring.'));

  it('allows exactly 16 featured offers and refuses a group that would go past it', () => {
    spec
      .given(featuredAlready(14))
      .when(feature('a', 'Dragon Clash', ['b']))
      .then([flag('a', 'Dragon Clash', true, 'Group "Dragon Clash" featured by an admin'), flag('b', 'Dragon Clash', true, 'Group "Dragon Clash" featured by an admin')]);
    spec
      .given(featuredAlready(16))
      .when(feature('a', 'Dragon Clash', ['b']))
      .thenThrows('Featuring this group would make 18 featured offers; the limit is 16.');
  });

  it('counts only the offers of the group that are not featured yet', () =>
    spec
      .given([...featuredAlready(15), flag('a', 'Dragon Clash', true, 'earlier')])
      .when(feature('a', 'Dragon Clash', ['a']))
      .then([]));

  it('unfeatures the whole group, and a lone anchorless offer on its own', () => {
    spec
      .given([flag('a', 'Dragon Clash', true, 'x'), flag('b', 'Dragon Clash', true, 'x'), flag('c', 'Other', true, 'x')])
      .when(feature('a', 'Dragon Clash', ['b'], false))
      .then([flag('a', 'Dragon Clash', false, 'Group "Dragon Clash" unfeatured by an admin'), flag('b', 'Dragon Clash', false, 'Group "Dragon Clash" unfeatured by an admin')]);
    spec.given([flag('a', 'Dragon Clash', true, 'x')]).when(feature('a', null, [], false)).then([flag('a', 'Dragon Clash', false, 'Unfeatured by an admin')]);
  });
});

describe('offer catalogue decider: clearing', () => {
  it('clears every featured offer', () =>
    spec
      .given([flag('a', 'A', true, 'x'), flag('b', 'B', true, 'x'), flag('b', 'B', false, 'x'), flag('c', 'C', true, 'x')])
      .when({ type: 'ClearFeatured', by, now: NOW })
      .then([flag('a', 'A', false, 'Clear All Featured'), flag('c', 'C', false, 'Clear All Featured')]));

  it('says so when there is nothing to clear', () => spec.given([]).when({ type: 'ClearFeatured', by, now: NOW }).thenThrows('No featured offers to clear'));

  it('unfeatures offers being deleted, ignoring those not featured', () =>
    spec
      .given([flag('a', 'A', true, 'x')])
      .when({ type: 'UnfeatureOffers', offerIds: ['a', 'z'], reason: 'Offer deleted', by, now: NOW })
      .then([flag('a', 'A', false, 'Offer deleted')]));
});
