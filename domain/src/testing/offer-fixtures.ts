import type { OfferContent, OfferCreated } from '@playquid/contracts';

export const NOW = '2026-11-22T10:00:00.000Z';

export const content = (overrides: Partial<OfferContent> = {}): OfferContent => ({
  title: 'Dragon Clash',
  productName: 'Dragon Clash',
  description: 'Build a clan and raid your rivals.',
  iconUrl: 'http://127.0.0.1:9301/icons/dragon-clash.svg',
  rewardPence: 150,
  payoutUsd: 38_000,
  category: 'Strategy',
  categories: ['Android', 'Strategy'],
  difficulty: 'Medium',
  timeToComplete: '3 days',
  clickUrl: 'http://127.0.0.1:9301/click/5011',
  devicePlatform: 1,
  requirements: ['New players only.'],
  instructions: ['Install Dragon Clash through the Start button so your progress is tracked.'],
  thingsToKnow: [],
  tasks: [
    { eventId: 'e1', name: 'Install and open', typeId: 1, rewardPence: 50, payoutUsd: 12_000, ttcMinutes: 10 },
    { eventId: 'e2', name: 'Reach level 10', typeId: 2, rewardPence: 100, payoutUsd: 26_000, ttcMinutes: 4_320 },
  ],
  confirmationTime: 'Up to 30 days',
  disclaimer: null,
  supportUrl: null,
  ...overrides,
});

/** An offer the sync created from the feed. */
export const synced = (offerId = 'o-1', anchor: string | null = 'Dragon Clash', overrides: Partial<OfferContent> = {}): OfferCreated => ({
  type: 'OfferCreated',
  data: {
    offerId,
    apiId: '5011',
    source: 'bitlabs',
    content: content(overrides),
    anchor,
    status: 'active',
    createdBy: 'bitlabs-sync',
    reason: 'New in the BitLabs feed',
    createdAt: NOW,
  },
});
