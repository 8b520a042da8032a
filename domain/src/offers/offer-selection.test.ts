import { describe, expect, it } from 'vitest';
import {
  byRewardDesc,
  dedupeByAnchor,
  groupByAnchor,
  offerFacets,
  offersForDashboardDevice,
  platformsForDevice,
  type SelectableOffer,
  selectDashboardOffers,
  selectLandingOffers,
  shuffle,
} from './offer-selection';

const offer = (id: string, device_platform: number | null, reward_pence: number, anchor: string | null = null): SelectableOffer => ({
  id,
  device_platform,
  reward_pence,
  anchor,
});
const ids = (offers: SelectableOffer[]) => offers.map((item) => item.id);
/** `random` returning these values in turn (then the last one forever). */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)];
};
/** A random that never reorders a Fisher-Yates shuffle (always picks the last remaining slot). */
const keepOrder = () => 0.999_999;

describe('helpers', () => {
  it('shuffle is a permutation driven by random, without touching its input', () => {
    const input = ['a', 'b', 'c', 'd'];
    expect(shuffle(input, keepOrder)).toEqual(['a', 'b', 'c', 'd']);
    // Always j = 0: each step swaps the last unsettled item with the first.
    expect(shuffle(input, () => 0)).toEqual(['b', 'c', 'd', 'a']);
    expect(input).toEqual(['a', 'b', 'c', 'd']);
    expect(shuffle(input, sequence(0.3, 0.9, 0.1)).sort()).toEqual(input);
  });

  it('dedupeByAnchor keeps the first per anchor and every anchorless offer; blank anchors count as none', () => {
    const list = [offer('a1', 1, 1, 'g'), offer('n1', 1, 1), offer('a2', 2, 1, 'g'), offer('n2', 1, 1, '  '), offer('b1', 2, 1, 'h')];
    expect(ids(dedupeByAnchor(list))).toEqual(['a1', 'n1', 'n2', 'b1']);
  });

  it('groupByAnchor puts each anchorless offer in its own group', () => {
    const list = [offer('a1', 1, 1, 'g'), offer('n1', 1, 1), offer('a2', 2, 1, 'g'), offer('n2', 1, 1)];
    expect(groupByAnchor(list).map(ids)).toEqual([['a1', 'a2'], ['n1'], ['n2']]);
  });

  it('byRewardDesc sorts richest first and keeps ties in order', () => {
    expect(ids(byRewardDesc([offer('a', 1, 5), offer('b', 1, 9), offer('c', 1, 5)]))).toEqual(['b', 'a', 'c']);
  });
});

describe('selectLandingOffers', () => {
  it('keeps only Android and iOS offers; none gives an empty list', () => {
    expect(selectLandingOffers([offer('web', 0, 500), offer('pc', 3, 900)], null, keepOrder)).toEqual([]);
    expect(selectLandingOffers([offer('web', 0, 500), offer('pc', 3, 900)], 1, keepOrder)).toEqual([]);
    expect(selectLandingOffers([], 2, keepOrder)).toEqual([]);
  });

  it('desktop: shuffles, dedupes by anchor (anchorless kept), caps at 8, then sorts by reward', () => {
    const list = [
      offer('g-android', 1, 300, 'g'),
      offer('g-ios', 2, 900, 'g'),
      ...Array.from({ length: 9 }, (_, i) => offer(`n${i}`, i % 2 ? 1 : 2, 100 + i)),
      offer('pc', 3, 5_000),
    ];
    const picked = selectLandingOffers(list, null, keepOrder);
    expect(picked).toHaveLength(8);
    // With the order kept, the Android listing of "g" comes first and wins the dedupe.
    expect(ids(picked)).toContain('g-android');
    expect(ids(picked)).not.toContain('g-ios');
    expect(ids(picked)).not.toContain('pc');
    expect(ids(picked)).toEqual(ids(byRewardDesc(picked)));
    // The cap applies before the sort: the last two anchorless offers (n7, n8), though richer, are cut.
    expect(ids(picked)).toEqual(['g-android', 'n6', 'n5', 'n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('desktop: which listing of an anchor survives depends on the shuffle', () => {
    const list = [offer('g-android', 1, 300, 'g'), offer('g-ios', 2, 900, 'g')];
    expect(ids(selectLandingOffers(list, null, () => 0))).toEqual(['g-ios']);
  });

  it('phone with anchors: the best paid offer per anchor of its own store, richest first, at most 8', () => {
    const list = [
      offer('g1', 1, 200, 'g'),
      offer('g2', 1, 700, 'g'),
      offer('g-ios', 2, 9_000, 'g'),
      offer('h1', 1, 500, 'h'),
      offer('loose', 1, 8_000),
      ...Array.from({ length: 10 }, (_, i) => offer(`x${i}`, 1, 10 + i, `anchor-${i}`)),
    ];
    const picked = selectLandingOffers(list, 1, keepOrder);
    expect(ids(picked)).toEqual(['g2', 'h1', 'x9', 'x8', 'x7', 'x6', 'x5', 'x4']);
  });

  it("phone without anchors on its store: that store's offers by reward, first 8", () => {
    const list = [
      offer('ios-anchored', 2, 100, 'g'),
      ...Array.from({ length: 10 }, (_, i) => offer(`a${i}`, 1, 10 * i)),
      offer('web', 0, 10_000),
    ];
    expect(ids(selectLandingOffers(list, 1, keepOrder))).toEqual(['a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3', 'a2']);
  });

  it('iPhone visitors get iOS offers only', () => {
    const list = [offer('android', 1, 900), offer('ios', 2, 100)];
    expect(ids(selectLandingOffers(list, 2, keepOrder))).toEqual(['ios']);
  });
});

describe('dashboard selection', () => {
  const list = [offer('none', null, 100), offer('web', 0, 150), offer('android', 1, 200), offer('ios', 2, 300), offer('pc', 3, 400)];

  it('browser users see every offer', () => {
    expect(ids(offersForDashboardDevice(list, null))).toEqual(['none', 'web', 'android', 'ios', 'pc']);
  });

  it('phones see offers without a platform and their own store, never PC/Web', () => {
    expect(ids(offersForDashboardDevice(list, 1))).toEqual(['none', 'web', 'android']);
    expect(ids(offersForDashboardDevice(list, 2))).toEqual(['none', 'web', 'ios']);
  });

  it('picks at random among the top 3 of each anchor group, then shows the 4 best paid', () => {
    const grouped = [
      offer('g1', 1, 100, 'g'),
      offer('g2', 1, 400, 'g'),
      offer('g3', 1, 300, 'g'),
      offer('g4', 1, 200, 'g'),
      offer('g5', 1, 50, 'g'),
      offer('h1', 1, 250, 'h'),
      offer('solo1', 1, 90),
      offer('solo2', 1, 80),
      offer('solo3', 1, 70),
    ];
    // g's pool is g2, g3, g4 (g1 and g5 are outside the top 3).
    expect(ids(selectDashboardOffers(grouped, 1, () => 0))).toEqual(['g2', 'h1', 'solo1', 'solo2']);
    expect(ids(selectDashboardOffers(grouped, 1, () => 0.5))).toEqual(['g3', 'h1', 'solo1', 'solo2']);
    expect(ids(selectDashboardOffers(grouped, 1, () => 0.99))).toEqual(['h1', 'g4', 'solo1', 'solo2']);
    // Whatever random does, one per group and never an offer outside the pool.
    for (const value of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
      const picked = ids(selectDashboardOffers(grouped, 1, () => value));
      expect(picked.filter((id) => id.startsWith('g'))).toHaveLength(1);
      expect(picked).not.toContain('g1');
      expect(picked).not.toContain('g5');
    }
  });

  it('applies the device filter before grouping', () => {
    const mixed = [offer('g-ios', 2, 900, 'g'), offer('g-android', 1, 100, 'g'), offer('pc', 3, 800)];
    expect(ids(selectDashboardOffers(mixed, 1, () => 0))).toEqual(['g-android']);
    expect(ids(selectDashboardOffers(mixed, null, () => 0))).toEqual(['g-ios', 'pc']);
  });
});

describe('offers list device rule and filter values', () => {
  it('a phone plays its own store and universal offers; a desktop every offer', () => {
    expect(platformsForDevice('android')).toEqual([0, 1]);
    expect(platformsForDevice('ios')).toEqual([0, 2]);
    expect(platformsForDevice('desktop')).toBeNull();
  });

  it('offers only the values some offer has, and no store names as categories', () => {
    expect(
      offerFacets([
        { category: 'Puzzle', difficulty: 'Medium', device_platform: 1 },
        { category: 'Android', difficulty: 'Hard', device_platform: 1 },
        { category: ' Action ', difficulty: 'Medium', device_platform: 0 },
        { category: '', difficulty: null, device_platform: null },
      ]),
    ).toEqual({ categories: ['Action', 'Puzzle'], difficulties: ['Medium', 'Hard'], platforms: [0, 1] });
  });
});
