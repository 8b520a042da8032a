import { describe, expect, it } from 'vitest';
import {
  ADMIN_OFFER_TEXT,
  adminOfferStats,
  checkFeaturedToggle,
  clearFeaturedConfirmText,
  featuredLevel,
  fetchAllPages,
  searchAdminOffers,
  sortAdminOffers,
  withFeatured,
} from './admin-offers';
import { makeOffer } from './testing/offer-fixtures';

describe('fetchAllPages', () => {
  it('asks page after page until one is shorter than per_page', async () => {
    const asked: number[] = [];
    const pages = [[1, 2], [3, 4], [5]];
    const all = await fetchAllPages(async (page) => {
      asked.push(page);
      return { data: pages[page - 1] ?? [] };
    }, 2);
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page, at total_pages, and at the page cap', async () => {
    expect(await fetchAllPages(async (page) => ({ data: page === 1 ? [1, 2] : [] }), 2)).toEqual([1, 2]);
    expect(await fetchAllPages(async () => ({ data: [1, 2], total_pages: 1 }), 2)).toEqual([1, 2]);
    // A server ignoring `page` would otherwise loop forever.
    expect(await fetchAllPages(async () => ({ data: [1, 2] }), 2, 3)).toEqual([1, 2, 1, 2, 1, 2]);
  });
});

describe('anchors and featuring', () => {
  const a1 = makeOffer({ id: 'a1', anchor: 'dragon' });
  const a2 = makeOffer({ id: 'a2', anchor: ' dragon ', device_platform: 2 });
  const loose = makeOffer({ id: 'loose', anchor: null });

  it('refuses featuring without an anchor, allows unfeaturing', () => {
    expect(checkFeaturedToggle([a1, loose], loose, true)).toEqual({ ok: false, error: ADMIN_OFFER_TEXT.noAnchor });
    expect(checkFeaturedToggle([a1, loose], { ...loose, featured: true }, false)).toEqual({ ok: true });
  });

  it('refuses a group that would take the featured total past 16', () => {
    const featured = Array.from({ length: 15 }, (_, i) => makeOffer({ id: `f${i}`, anchor: `g${i}`, featured: true }));
    expect(checkFeaturedToggle([...featured, a1], a1, true)).toEqual({ ok: true });
    const refused = checkFeaturedToggle([...featured, a1, a2], a1, true);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toContain('17 featured offers');
  });

  it('a featured change applies to the whole anchor group', () => {
    expect(withFeatured([a1, a2, loose], a2, true).map((o) => o.featured)).toEqual([true, true, false]);
    // When the server names the offers it changed, exactly those follow.
    expect(withFeatured([a1, a2, loose], a2, true, ['a2']).map((o) => o.featured)).toEqual([false, true, false]);
  });

  it('clear-all confirmation text', () => {
    expect(clearFeaturedConfirmText(3)).toBe(
      'Are you sure you want to clear all 3 featured offers? This will unfeature all currently featured offers.',
    );
  });

  it('featured panel colour: warning above 12, full at 16', () => {
    expect([0, 12, 13, 15, 16, 17].map(featuredLevel)).toEqual(['ok', 'ok', 'warning', 'warning', 'full', 'full']);
  });
});

describe('stats, search and sort', () => {
  const offers = [
    makeOffer({ id: 'x', title: 'Bravo', reward_pence: 500, status: 'active', featured: true, anchor: 'b', created_at: '2025-02-01T00:00:00Z' }),
    makeOffer({ id: 'y', title: 'alpha', reward_pence: 900, status: 'inactive', category: 'Puzzle', created_at: '2025-03-01T00:00:00Z' }),
    makeOffer({ id: 'z', title: 'Charlie', reward_pence: 100, status: 'draft', api_id: 'bitlabs-77', created_at: '2025-01-01T00:00:00Z' }),
  ];

  it('counts', () => {
    expect(adminOfferStats(offers)).toEqual({ total: 3, active: 1, inactive: 1, draft: 1, featured: 1, anchored: 1 });
  });

  it('searches title, ids, anchor and category', () => {
    expect(searchAdminOffers(offers, 'ALPHA').map((o) => o.id)).toEqual(['y']);
    expect(searchAdminOffers(offers, 'bitlabs-77').map((o) => o.id)).toEqual(['z']);
    expect(searchAdminOffers(offers, 'puzzle').map((o) => o.id)).toEqual(['y']);
    expect(searchAdminOffers(offers, ' ')).toHaveLength(3);
  });

  it('sorts both ways', () => {
    expect(sortAdminOffers(offers, 'title', 'asc').map((o) => o.id)).toEqual(['y', 'x', 'z']);
    expect(sortAdminOffers(offers, 'reward', 'desc').map((o) => o.id)).toEqual(['y', 'x', 'z']);
    expect(sortAdminOffers(offers, 'created', 'asc').map((o) => o.id)).toEqual(['z', 'x', 'y']);
    expect(sortAdminOffers(offers, 'featured', 'desc')[0].id).toBe('x');
  });
});
