import type { OfferEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  earningLevels,
  filterOffers,
  INVALID_RESPONSE,
  NO_OFFER_FILTERS,
  offerCategories,
  offerDetailError,
  offerCompletions,
  OFFER_SORT_OPTIONS,
  offersLoadError,
  offerTitle,
  parseOfferList,
  platformLabel,
  sortOffers,
  startState,
  taskProgress,
} from './offers';
import { makeOffer } from './testing/offer-fixtures';

const event = (name: string, type_id: number, payout_pence: number, is_completed = false): OfferEvent => ({
  event_id: name,
  name,
  type_id,
  payout: payout_pence / 100,
  payout_pence,
  original_amount: 0,
  adjusted_amount: 0,
  is_completed,
});

describe('parseOfferList', () => {
  it('accepts an array or data.offers, refuses anything else', () => {
    const offers = [makeOffer()];
    expect(parseOfferList(offers)).toBe(offers);
    expect(parseOfferList({ offers })).toBe(offers);
    expect(() => parseOfferList({ items: offers })).toThrow(INVALID_RESPONSE);
    expect(() => parseOfferList(null)).toThrow(INVALID_RESPONSE);
  });
});

describe('labels', () => {
  it('offerTitle falls back through name and product name', () => {
    expect(offerTitle({ title: ' ', name: 'Name', product_name: 'Product' })).toBe('Name');
    expect(offerTitle({ title: '', name: '', product_name: 'Product' })).toBe('Product');
    expect(offerTitle({ title: '', name: '', product_name: '' })).toBe('Gaming Offer');
  });

  it('platformLabel', () => {
    expect([1, 2, 0, null, 3].map(platformLabel)).toEqual(['Android', 'iOS', 'All devices', 'All devices', 'PC / Web']);
  });
});

describe('filterOffers and sortOffers', () => {
  const offers = [
    makeOffer({ id: 'a', title: 'Dragon Quest', description: 'Slay', category: 'RPG', difficulty: 'Hard', reward_pence: 300, created_at: '2025-03-01T00:00:00Z' }),
    makeOffer({ id: 'b', title: 'Farm Town', description: 'Grow DRAGON fruit', category: 'Casual', categories: ['Android'], reward_pence: 900, created_at: '2025-01-01T00:00:00Z' }),
    makeOffer({ id: 'c', title: 'Puzzle', description: 'Match', category: 'Puzzle', difficulty: 'Medium', reward_pence: 500, created_at: 'not a date' }),
  ];

  it('searches title or description, case-insensitive', () => {
    expect(filterOffers(offers, { ...NO_OFFER_FILTERS, search: '  dragon ' }).map((o) => o.id)).toEqual(['a', 'b']);
    expect(filterOffers(offers, NO_OFFER_FILTERS)).toHaveLength(3);
  });

  it('filters by category (main or listed) and difficulty', () => {
    expect(filterOffers(offers, { ...NO_OFFER_FILTERS, category: 'Android' }).map((o) => o.id)).toEqual(['b']);
    expect(filterOffers(offers, { ...NO_OFFER_FILTERS, difficulty: 'Medium' }).map((o) => o.id)).toEqual(['c']);
    expect(offerCategories(offers)).toEqual(['Android', 'Casual', 'Puzzle', 'RPG']);
  });

  it('sorts by reward, newest, and real completions (no rating sort is offered)', () => {
    const counted = [
      makeOffer({ id: 'x', reward_pence: 100, total_completions: 4 }),
      makeOffer({ id: 'y', reward_pence: 900, total_completions: 0 }),
      makeOffer({ id: 'z', reward_pence: 200, total_completions: 4 }),
    ];
    expect(sortOffers(offers, 'highest_reward').map((o) => o.id)).toEqual(['b', 'c', 'a']);
    expect(sortOffers(offers, 'newest').map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(sortOffers(counted, 'most_popular').map((o) => o.id)).toEqual(['z', 'x', 'y']);
    expect(OFFER_SORT_OPTIONS.map((o) => o.label)).toEqual(['Highest Reward', 'Most Popular', 'Newest First']);
  });

  it('shows completions only when there are real ones, never a made-up figure', () => {
    expect(offerCompletions(makeOffer({ total_completions: 0, members_completed: 0 }))).toBeNull();
    expect(offerCompletions(makeOffer({ total_completions: 12, members_completed: 5 }))).toEqual({ completions: 12, members: 5 });
  });
});

describe('error texts', () => {
  it('offersLoadError gives the offers page load-failure messages', () => {
    expect(offersLoadError(new Error(INVALID_RESPONSE))).toBe(INVALID_RESPONSE);
    expect(offersLoadError(new ApiError('x', 200, 'Offers are paused'))).toBe('Offers are paused');
    expect(offersLoadError(new ApiError('x', 200))).toBe('Failed to load offers');
    expect(offersLoadError(new ApiError('x', 404, 'Cannot GET'))).toBe('Offers endpoint not found');
    expect(offersLoadError(new ApiError('x', 500, 'boom'))).toBe('Server error. Please try again later.');
    expect(offersLoadError(new ApiError('x', 503, 'maintenance'))).toBe('Server error: maintenance');
    expect(offersLoadError(new ApiError('x', 0))).toBe('Failed to load offers. Please check your connection.');
    expect(offersLoadError(new TypeError('Failed to fetch'))).toBe('Failed to load offers. Please check your connection.');
  });

  it('offerDetailError', () => {
    expect(offerDetailError(new ApiError('x', 404, 'nope'))).toBe('Offer not found');
    expect(offerDetailError(new ApiError('x', 500, 'db down'))).toBe('db down');
    expect(offerDetailError(new TypeError('x'))).toBe('Failed to load offer details');
  });
});

describe('offer detail', () => {
  it('groups earning levels by event type name in first-seen order', () => {
    const levels = earningLevels([event('Install', 1, 10), event('Level 5', 2, 50), event('Level 10', 2, 80), event('Odd', 9, 5), event('Buy', 3, 200)]);
    expect(levels.map((level) => [level.type, level.events.length, level.totalPence])).toEqual([
      ['Install', 1, 10],
      ['Achievement', 2, 130],
      ['General', 1, 5],
      ['Purchase', 1, 200],
    ]);
  });

  it('counts tasks completed x/y', () => {
    expect(taskProgress(makeOffer({ events: [event('a', 1, 1, true), event('b', 2, 1)] }))).toEqual({ done: 1, total: 2 });
    expect(taskProgress(makeOffer({ completed_tasks_count: 2, events: [event('a', 1, 1), event('b', 2, 1)] }))).toEqual({ done: 2, total: 2 });
  });

  it('start button states (start, continue, completed)', () => {
    expect(startState({ member: false, completedTasks: 3, starting: false })).toBe('login');
    expect(startState({ member: true, completedTasks: 1, starting: false })).toBe('in-progress');
    expect(startState({ member: true, completedTasks: 0, starting: true })).toBe('starting');
    expect(startState({ member: true, completedTasks: 0, starting: false })).toBe('ready');
  });
});
