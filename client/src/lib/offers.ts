import { type Offer, type OfferEvent, offerEventTypeName, type OfferSort } from '@playquid/contracts';
import { ApiError } from './api-client';

/** Offers page and offer detail rules. */

export const INVALID_RESPONSE = 'Invalid response format from server';

/** The offers list of a response: the spec's `data` array, or `data.offers` as some list calls nest it. */
export function parseOfferList(data: unknown): Offer[] {
  if (Array.isArray(data)) return data as Offer[];
  const nested = (data as { offers?: unknown } | null)?.offers;
  if (Array.isArray(nested)) return nested as Offer[];
  throw new Error(INVALID_RESPONSE);
}

/** Title, else name, else product name: partner offers do not always fill all three. */
export const offerTitle = (offer: Pick<Offer, 'title' | 'name' | 'product_name'>): string =>
  offer.title?.trim() || offer.name?.trim() || offer.product_name?.trim() || 'Gaming Offer';

/** Where a card links: /offers/{id or api_id}. */
export const offerLinkId = (offer: Pick<Offer, 'id' | 'api_id'>): string => offer.id || offer.api_id;

export function platformLabel(platform: number | null | undefined): string {
  if (platform === 1) return 'Android';
  if (platform === 2) return 'iOS';
  if (!platform) return 'All devices';
  return 'PC / Web';
}

export const DIFFICULTY_FILTERS = ['all', 'Easy', 'Medium', 'Hard'] as const;
export type DifficultyFilter = (typeof DIFFICULTY_FILTERS)[number];

/**
 * The sort choices, named as the API names them (contracts OFFER_SORTS). There is no 'Best Rated':
 * members cannot rate offers yet, and a rating we made up would be fake social proof. 'Most
 * Popular' is real completions from our own credits.
 */
export const OFFER_SORT_OPTIONS: ReadonlyArray<{ value: OfferSort; label: string }> = [
  { value: 'highest_reward', label: 'Highest Reward' },
  { value: 'most_popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest First' },
];

export interface OfferFilters {
  search: string;
  /** 'all' or a category name. */
  category: string;
  difficulty: DifficultyFilter;
}

export const NO_OFFER_FILTERS: OfferFilters = { search: '', category: 'all', difficulty: 'all' };

export const isActiveOffer = (offer: Pick<Offer, 'status'>) => !offer.status || offer.status === 'active';

const categoriesOf = (offer: Pick<Offer, 'category' | 'categories'>): string[] =>
  [offer.category, ...(offer.categories ?? [])].filter((name): name is string => Boolean(name?.trim())).map((name) => name.trim());

/** Every category named by the offers, alphabetically. */
export function offerCategories(offers: readonly Pick<Offer, 'category' | 'categories'>[]): string[] {
  return [...new Set(offers.flatMap(categoriesOf))].sort((a, b) => a.localeCompare(b));
}

/** Search matches title or description, case-insensitive; category and difficulty match exactly. */
export function filterOffers<T extends Offer>(offers: readonly T[], { search, category, difficulty }: OfferFilters): T[] {
  const needle = search.trim().toLowerCase();
  return offers.filter(
    (offer) =>
      (!needle || offerTitle(offer).toLowerCase().includes(needle) || (offer.description ?? '').toLowerCase().includes(needle)) &&
      (category === 'all' || categoriesOf(offer).includes(category)) &&
      (difficulty === 'all' || offer.difficulty === difficulty),
  );
}

export type { OfferSort };

/**
 * The real completion figures of an offer from our own credits (approved or paid), or null when
 * there are none to show: we never show a made-up figure.
 */
export function offerCompletions(offer: Pick<Offer, 'total_completions' | 'members_completed'>): { completions: number; members: number } | null {
  const completions = offer.total_completions ?? 0;
  return completions > 0 ? { completions, members: offer.members_completed ?? 0 } : null;
}

const time = (iso: string | null | undefined) => {
  const value = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(value) ? 0 : value;
};

export function sortOffers<T extends Offer>(offers: readonly T[], sort: OfferSort): T[] {
  const copy = [...offers];
  switch (sort) {
    case 'highest_reward':
      return copy.sort((a, b) => b.reward_pence - a.reward_pence);
    case 'best_rated': // no ratings exist: the server orders these as 'most_popular'
    case 'most_popular':
      return copy.sort((a, b) => (b.total_completions ?? 0) - (a.total_completions ?? 0) || b.reward_pence - a.reward_pence);
    case 'newest':
      return copy.sort((a, b) => time(b.created_at) - time(a.created_at));
  }
}

/** Offers page error texts. */
export function offersLoadError(error: unknown): string {
  if (error instanceof Error && error.message === INVALID_RESPONSE) return INVALID_RESPONSE;
  if (!(error instanceof ApiError) || error.status === 0) return 'Failed to load offers. Please check your connection.';
  // The server answered but said no (`success: false` with a 2xx): its own message.
  if (error.status < 300) return error.detail ?? 'Failed to load offers';
  if (error.status === 404) return 'Offers endpoint not found';
  if (error.status === 500) return 'Server error. Please try again later.';
  if (error.detail) return `Server error: ${error.detail}`;
  return 'Failed to load offers. Please check your connection.';
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Offer detail error text: 'Offer not found' on 404, else the server's detail, else a fallback. */
export function offerDetailError(error: unknown): string {
  if (isNotFound(error)) return 'Offer not found';
  return error instanceof ApiError && error.detail ? error.detail : 'Failed to load offer details';
}

export interface EarningLevel {
  type: string;
  events: OfferEvent[];
  /** Sum of the group's payouts, pence. */
  totalPence: number;
}

/** "Earning Levels": events grouped by event type name, types in first-seen order. */
export function earningLevels(events: readonly OfferEvent[]): EarningLevel[] {
  const groups = new Map<string, EarningLevel>();
  for (const event of events) {
    const type = offerEventTypeName(event.type_id);
    const group = groups.get(type) ?? { type, events: [], totalPence: 0 };
    group.events.push(event);
    group.totalPence += event.payout_pence ?? 0;
    groups.set(type, group);
  }
  return [...groups.values()];
}

/** Tasks completed x/y: y is the number of events, x the completed ones (or the server's count if higher). */
export function taskProgress(offer: Pick<Offer, 'events' | 'completed_tasks_count'>): { done: number; total: number } {
  const total = offer.events?.length ?? 0;
  const done = Math.max(offer.completed_tasks_count ?? 0, offer.events?.filter((event) => event.is_completed).length ?? 0);
  return { done, total };
}

export type StartState = 'login' | 'ready' | 'starting' | 'in-progress';

/**
 * a visitor logs in first; a member who completed a task of it has the offer
 * in progress (the partner's tracking already runs); otherwise start, showing 'Starting...' meanwhile.
 */
export function startState({ member, completedTasks, starting }: { member: boolean; completedTasks: number; starting: boolean }): StartState {
  if (!member) return 'login';
  if (completedTasks > 0) return 'in-progress';
  return starting ? 'starting' : 'ready';
}

export const START_LABELS: Record<StartState, string> = {
  login: 'Login to Start',
  ready: 'Start Offer',
  starting: 'Starting...',
  'in-progress': 'Offer In Progress',
};
