import { FEATURED_OFFERS_MAX, type OfferStatus } from '@playquid/contracts';

/**
 * Rules about one offer's anchor and status and the featured set that the decider enforces and the
 * admin screen checks before it asks, so the two can never disagree.
 */

/** Anchor text is trimmed; empty means none. */
export const normalizeAnchor = (anchor: string | null | undefined): string | null => anchor?.trim() || null;

/**
 * The offers sharing `target`'s anchor (itself included): an anchor names one game across its store
 * listings. An offer without an anchor is a group of its own.
 */
export function anchorGroup<T extends { anchor: string | null }>(offers: readonly T[], target: T): T[] {
  const anchor = normalizeAnchor(target.anchor);
  return anchor === null ? [target] : offers.filter((offer) => normalizeAnchor(offer.anchor) === anchor);
}

/** The admin's status toggle: active goes inactive; inactive and draft go active. */
export const nextOfferStatus = (status: OfferStatus): OfferStatus => (status === 'active' ? 'inactive' : 'active');

/** Why an anchor group may not be featured; `total` is the featured count it would make. */
export type FeaturingRefusal = { reason: 'no-anchor' } | { reason: 'over-limit'; total: number };

/**
 * Featuring works per anchor group: an offer without an anchor cannot be featured, and a group
 * whose `joining` offers (those not featured yet) would take the featured total past
 * FEATURED_OFFERS_MAX is refused. Null when featuring is allowed.
 */
export function featuringRefusal(anchor: string | null, featuredNow: number, joining: number): FeaturingRefusal | null {
  if (normalizeAnchor(anchor) === null) return { reason: 'no-anchor' };
  const total = featuredNow + joining;
  return total > FEATURED_OFFERS_MAX ? { reason: 'over-limit', total } : null;
}
