import { LIMITS } from '@playquid/contracts';
import { normalizeAnchor } from './offer-rules';

/**
 * Which offers the landing page and the dashboard show, picked by the client from the featured
 * offers. Pure functions: randomness comes in as `random` (Math.random's contract, [0, 1)) so tests
 * can pin it.
 */

/** The fields the selection reads; `Offer` has them all. */
export interface SelectableOffer {
  id: string;
  anchor: string | null;
  /** 1 Android, 2 iOS, 0 or none universal, other values PC/Web. */
  device_platform: number | null | undefined;
  reward_pence: number;
}

export type Random = () => number;
/** The visitor's offer platform: 1 Android, 2 iOS, null a desktop browser (see `offerPlatformOf`). */
export type VisitorPlatform = 1 | 2 | null;

const isMobileOffer = (offer: SelectableOffer) => offer.device_platform === 1 || offer.device_platform === 2;
const isUniversalOffer = (offer: SelectableOffer) => !offer.device_platform;
const anchorOf = (offer: SelectableOffer): string | null => normalizeAnchor(offer.anchor);

/** Highest reward first; equal rewards keep their order (Array.prototype.sort is stable). */
export const byRewardDesc = <T extends SelectableOffer>(offers: readonly T[]): T[] =>
  [...offers].sort((a, b) => b.reward_pence - a.reward_pence);

/** An index in [0, length), safe even if `random` returns exactly 1. */
const pickIndex = (length: number, random: Random) => Math.min(length - 1, Math.floor(random() * length));

/** Fisher-Yates shuffle of a copy. */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = pickIndex(i + 1, random);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The first offer of each anchor, in order; offers without an anchor are all kept. */
export function dedupeByAnchor<T extends SelectableOffer>(offers: readonly T[]): T[] {
  const seen = new Set<string>();
  return offers.filter((offer) => {
    const anchor = anchorOf(offer);
    if (anchor === null) return true;
    if (seen.has(anchor)) return false;
    seen.add(anchor);
    return true;
  });
}

/**
 * Groups by anchor in first-seen order. An anchor names one game across its store listings, so an
 * offer without one is a group of its own.
 */
export function groupByAnchor<T extends SelectableOffer>(offers: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  offers.forEach((offer, index) => {
    const key = anchorOf(offer) ?? `\u0000${index}`;
    const group = groups.get(key);
    if (group) group.push(offer);
    else groups.set(key, [offer]);
  });
  return [...groups.values()];
}

/**
 * Landing page "Featured Gaming Challenges": only Android and iOS offers (none gives an empty list).
 * A desktop visitor gets a shuffled, anchor-deduplicated mix of both stores, capped, richest first.
 * A phone visitor gets their own store's offers: one per anchor (the best paid) when that store's
 * offers carry anchors, otherwise the best paid offers.
 */
export function selectLandingOffers<T extends SelectableOffer>(
  offers: readonly T[],
  platform: VisitorPlatform,
  random: Random,
  limit: number = LIMITS.featuredOffersLandingShown,
): T[] {
  const mobile = offers.filter(isMobileOffer);
  if (platform === null) return byRewardDesc(dedupeByAnchor(shuffle(mobile, random)).slice(0, limit));

  const own = mobile.filter((offer) => offer.device_platform === platform);
  // Spec: "if any offers have an anchor". Asked of this store's offers, so anchors that exist only
  // on the other store's listings cannot leave the visitor with nothing.
  if (own.some((offer) => anchorOf(offer) !== null)) {
    const bestPerAnchor = groupByAnchor(own.filter((offer) => anchorOf(offer) !== null)).map((group) => byRewardDesc(group)[0]);
    return byRewardDesc(bestPerAnchor).slice(0, limit);
  }
  return byRewardDesc(own).slice(0, limit);
}

/**
 * The offers list's device rule (the same as the dashboard's): the store platforms a device may
 * play, or null for a desktop browser, which sees every offer. A phone sees universal offers (0)
 * and its own store's, never the other store's or PC/Web ones.
 */
export function platformsForDevice(device: 'android' | 'ios' | 'desktop'): number[] | null {
  if (device === 'android') return [0, 1];
  if (device === 'ios') return [0, 2];
  return null;
}

/**
 * Dashboard device filter: a desktop browser sees every offer; a phone sees universal offers
 * (no platform) and its own store's (mobile offers are only platforms 1 and 2, never PC/Web).
 */
export function offersForDashboardDevice<T extends SelectableOffer>(offers: readonly T[], platform: VisitorPlatform): T[] {
  if (platform === null) return [...offers];
  return offers.filter((offer) => isUniversalOffer(offer) || offer.device_platform === platform);
}

/** How many of the best paid offers of an anchor group the dashboard picks from at random. */
export const DASHBOARD_PICK_POOL = 3;

/**
 * Dashboard "Featured Offers": after the device filter, one offer per anchor group, drawn at random
 * from the group's three best paid (so returning members see some variety), then the `limit` best
 * paid of those picks, richest first.
 */
export function selectDashboardOffers<T extends SelectableOffer>(
  offers: readonly T[],
  platform: VisitorPlatform,
  random: Random,
  limit: number = LIMITS.featuredOffersDashboardShown,
): T[] {
  const picks = groupByAnchor(offersForDashboardDevice(offers, platform)).map((group) => {
    const pool = byRewardDesc(group).slice(0, DASHBOARD_PICK_POOL);
    return pool[pickIndex(pool.length, random)];
  });
  return byRewardDesc(picks).slice(0, limit);
}

const DIFFICULTY_ORDER = ['Easy', 'Medium', 'Hard'] as const;
type Difficulty = (typeof DIFFICULTY_ORDER)[number];

/**
 * The offers page's filter values from the (category, difficulty, platform) combinations the
 * offers have: a value no offer has is never offered. Categories alphabetically (blank ones and
 * store names, which are platforms and not game categories, left out), difficulties easy to hard,
 * platforms in number order.
 */
export function offerFacets(rows: ReadonlyArray<{ category: string | null; difficulty: string | null; device_platform: number | null }>): {
  categories: string[];
  difficulties: Difficulty[];
  platforms: Array<0 | 1 | 2 | 3>;
} {
  const categories = new Set<string>();
  const difficulties = new Set<string>();
  const platforms = new Set<number>();
  for (const row of rows) {
    const category = row.category?.trim();
    if (category && !PLATFORM_NAMES.test(category)) categories.add(category);
    if (row.difficulty) difficulties.add(row.difficulty);
    platforms.add(row.device_platform ?? 0);
  }
  return {
    categories: [...categories].sort((a, b) => a.localeCompare(b)),
    difficulties: DIFFICULTY_ORDER.filter((level) => difficulties.has(level)),
    platforms: [...platforms].filter((p): p is 0 | 1 | 2 | 3 => p === 0 || p === 1 || p === 2 || p === 3).sort((a, b) => a - b),
  };
}

/** Store and platform names some partners put in the category field. */
const PLATFORM_NAMES = /^(android|ios|iphone|ipad|web|pc|desktop|mobile|pc\s*\/\s*web)$/i;
