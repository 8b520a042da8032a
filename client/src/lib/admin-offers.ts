import { FEATURED_OFFERS_MAX, FEATURED_OFFERS_WARNING_ABOVE, type Offer } from '@playquid/contracts';
import {
  anchorGroup,
  featuringRefusal,
  NO_ANCHOR_MESSAGE,
  normalizeAnchor,
  NOTHING_TO_CLEAR_MESSAGE,
  tooManyFeaturedMessage,
} from '@playquid/domain';
import { offerTitle } from './offers';

/** Admin "Manage Offers" rules. */

/** A change an admin makes to one offer from the table. */
export type AdminOfferAction =
  { kind: 'anchor'; offer: Offer; text: string } | { kind: 'featured'; offer: Offer; featured: boolean } | { kind: 'status'; offer: Offer };

export const ADMIN_OFFER_TEXT = {
  loadFailed: 'Failed to load offers',
  anchorFailed: 'Failed to update anchor',
  statusFailed: 'Failed to update offer status',
  featuredFailed: 'Failed to update featured status',
  clearFailed: 'Failed to clear featured offers',
  noAnchor: NO_ANCHOR_MESSAGE,
  nothingToClear: NOTHING_TO_CLEAR_MESSAGE,
} as const;

export const clearFeaturedConfirmText = (count: number) =>
  `Are you sure you want to clear all ${count} featured offers? This will unfeature all currently featured offers.`;

export { fetchAllPages } from './fetch-all-pages';

export const featuredCount = (offers: readonly Pick<Offer, 'featured'>[]) => offers.filter((offer) => offer.featured).length;

/**
 * Whether the featured toggle of `target` may go to `featured`, by the rule the server decides
 * with (`featuringRefusal`), checked on the loaded list. Unfeaturing is always allowed.
 */
export function checkFeaturedToggle(
  offers: readonly Offer[],
  target: Offer,
  featured: boolean,
): { ok: true } | { ok: false; error: string } {
  if (!featured) return { ok: true };
  const joining = anchorGroup(offers, target).filter((offer) => !offer.featured).length;
  const refusal = featuringRefusal(target.anchor, featuredCount(offers), joining);
  if (refusal === null) return { ok: true };
  return { ok: false, error: refusal.reason === 'no-anchor' ? ADMIN_OFFER_TEXT.noAnchor : tooManyFeaturedMessage(refusal.total) };
}

/**
 * The list after the server accepted a featured change: the offers it says changed, else (an
 * answer without them) the whole anchor group, which is what the server changes.
 */
export function withFeatured<T extends Offer>(offers: readonly T[], target: T, featured: boolean, changedIds?: readonly string[]): T[] {
  const ids = new Set(changedIds ?? anchorGroup(offers, target).map((offer) => offer.id));
  return offers.map((offer) => (ids.has(offer.id) ? { ...offer, featured } : offer));
}

export const withOffer = <T extends Offer>(offers: readonly T[], id: string, change: Partial<T>): T[] =>
  offers.map((offer) => (offer.id === id ? { ...offer, ...change } : offer));

export type FeaturedLevel = 'ok' | 'warning' | 'full';
/** The featured panel's colour: warning above 12, full at the 16 limit. */
export function featuredLevel(count: number): FeaturedLevel {
  if (count >= FEATURED_OFFERS_MAX) return 'full';
  return count > FEATURED_OFFERS_WARNING_ABOVE ? 'warning' : 'ok';
}

export interface AdminOfferStats {
  total: number;
  active: number;
  inactive: number;
  draft: number;
  featured: number;
  anchored: number;
}

export function adminOfferStats(offers: readonly Offer[]): AdminOfferStats {
  const count = (test: (offer: Offer) => boolean) => offers.filter(test).length;
  return {
    total: offers.length,
    active: count((offer) => offer.status === 'active'),
    inactive: count((offer) => offer.status === 'inactive'),
    draft: count((offer) => offer.status === 'draft'),
    featured: featuredCount(offers),
    anchored: count((offer) => normalizeAnchor(offer.anchor) !== null),
  };
}

/** Admin search: title, name, ids, anchor or category, case-insensitive. */
export function searchAdminOffers<T extends Offer>(offers: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...offers];
  return offers.filter((offer) =>
    [offerTitle(offer), offer.name, offer.id, offer.api_id, offer.anchor, offer.category].some((field) =>
      field?.toLowerCase().includes(needle),
    ),
  );
}

export const ADMIN_OFFER_SORT_KEYS = ['title', 'reward', 'platform', 'anchor', 'featured', 'status', 'created'] as const;
export type AdminOfferSortKey = (typeof ADMIN_OFFER_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

const SORT_VALUE: Record<AdminOfferSortKey, (offer: Offer) => string | number> = {
  title: (offer) => offerTitle(offer).toLowerCase(),
  reward: (offer) => offer.reward_pence,
  platform: (offer) => offer.device_platform ?? 0,
  anchor: (offer) => offer.anchor?.toLowerCase() ?? '',
  featured: (offer) => (offer.featured ? 1 : 0),
  status: (offer) => offer.status,
  created: (offer) => Date.parse(offer.created_at) || 0,
};

export function sortAdminOffers<T extends Offer>(offers: readonly T[], key: AdminOfferSortKey, direction: SortDirection): T[] {
  const value = SORT_VALUE[key];
  const sign = direction === 'asc' ? 1 : -1;
  return [...offers].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}
