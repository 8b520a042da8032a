import { FEATURED_OFFERS_MAX } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { anchorGroup, featuringRefusal, nextOfferStatus, normalizeAnchor } from './offer-rules';

describe('offer rules', () => {
  it('normalizes anchors: trimmed, empty or missing means none', () => {
    expect(normalizeAnchor('  dragon  ')).toBe('dragon');
    expect(normalizeAnchor('   ')).toBeNull();
    expect(normalizeAnchor(null)).toBeNull();
    expect(normalizeAnchor(undefined)).toBeNull();
  });

  it('groups by trimmed anchor; an offer without one is a group of its own', () => {
    const a1 = { id: 'a1', anchor: 'dragon' };
    const a2 = { id: 'a2', anchor: ' dragon ' };
    const loose = { id: 'loose', anchor: null };
    const blank = { id: 'blank', anchor: '  ' };
    expect(anchorGroup([a1, a2, loose, blank], a1).map((o) => o.id)).toEqual(['a1', 'a2']);
    expect(anchorGroup([a1, a2, loose, blank], loose).map((o) => o.id)).toEqual(['loose']);
    expect(anchorGroup([a1, a2, loose, blank], blank).map((o) => o.id)).toEqual(['blank']);
  });

  it('toggles active to inactive and back; draft becomes active', () => {
    expect(nextOfferStatus('active')).toBe('inactive');
    expect(nextOfferStatus('inactive')).toBe('active');
    expect(nextOfferStatus('draft')).toBe('active');
  });

  it('refuses featuring without an anchor, and a group that would pass the featured limit', () => {
    expect(featuringRefusal(null, 0, 1)).toEqual({ reason: 'no-anchor' });
    expect(featuringRefusal('  ', 0, 1)).toEqual({ reason: 'no-anchor' });
    expect(featuringRefusal('dragon', FEATURED_OFFERS_MAX - 2, 2)).toBeNull();
    expect(featuringRefusal('dragon', FEATURED_OFFERS_MAX - 2, 3)).toEqual({ reason: 'over-limit', total: FEATURED_OFFERS_MAX + 1 });
  });
});
