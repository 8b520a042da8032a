import type { OfferContent, OfferCreated, PlayQuidEvent } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { offersProjection } from './offers.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('offers');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, offersProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T11:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';
const task = { eventId: 'ev-1', name: 'Install and open', typeId: 1, rewardPence: 50, payoutUsd: 12_500, ttcMinutes: 10 };
const content: OfferContent = {
  title: 'Dragon Clash',
  productName: 'Dragon Clash',
  description: 'Build a clan.',
  iconUrl: 'http://icons/5011.svg',
  rewardPence: 50,
  payoutUsd: 12_500,
  category: 'Strategy',
  categories: ['Android', 'Strategy'],
  difficulty: 'Easy',
  timeToComplete: '10 minutes',
  clickUrl: 'http://standin/click/5011',
  devicePlatform: 1,
  requirements: ['New players only'],
  instructions: ['Install the game'],
  thingsToKnow: ['Rewards confirm within 30 days'],
  tasks: [task],
  confirmationTime: 'Up to 30 days',
  disclaimer: null,
  supportUrl: null,
};
const created: OfferCreated = {
  type: 'OfferCreated',
  data: { offerId: 'o-1', apiId: '5011', source: 'bitlabs', content, anchor: 'Dragon Clash', status: 'active', createdBy: 'bitlabs-sync', reason: 'New in the BitLabs feed', createdAt: T0 },
};
const row = {
  id: 'o-1',
  api_id: '5011',
  source: 'bitlabs',
  title: 'Dragon Clash',
  product_name: 'Dragon Clash',
  description: 'Build a clan.',
  icon_url: 'http://icons/5011.svg',
  reward_pence: 50,
  payout_usd: 12_500,
  category: 'Strategy',
  categories: ['Android', 'Strategy'],
  difficulty: 'Easy',
  time_to_complete: '10 minutes',
  click_url: 'http://standin/click/5011',
  device_platform: 1,
  anchor: 'Dragon Clash',
  status: 'active',
  featured: false,
  requirements: ['New players only'],
  instructions: ['Install the game'],
  things_to_know: ['Rewards confirm within 30 days'],
  events: [task],
  confirmation_time: 'Up to 30 days',
  disclaimer: null,
  support_url: null,
  created_at: new Date(T0),
  updated_at: new Date(T0),
  synced_at: new Date(T0),
};
const featured = (offerId: string, flag: boolean, at = T1): PlayQuidEvent => ({
  type: 'OfferFeaturedChanged',
  data: { offerId, anchor: 'Dragon Clash', featured: flag, changedBy: 'admin@x', reason: 'Group featuring', changedAt: at },
});

describe('offers projection', () => {
  it('a created offer becomes a row with its lists as jsonb', () => spec.given(created).then({ offers: [row] }));

  it('synced and admin changes touch only the fields they carry', () =>
    spec
      .given(
        created,
        { type: 'OfferDataSynced', data: { offerId: 'o-1', apiId: '5011', changes: { rewardPence: 75, description: 'New text' }, syncedBy: 'bitlabs-sync', reason: 'Changed in the BitLabs feed', syncedAt: T1 } },
        { type: 'OfferUpdated', data: { offerId: 'o-1', changes: { title: 'Dragon Clash!' }, updatedBy: 'admin@x', reason: 'Admin edit', updatedAt: T2 } },
      )
      .then({ offers: [{ ...row, reward_pence: 75, description: 'New text', title: 'Dragon Clash!', synced_at: new Date(T1), updated_at: new Date(T2) }] }));

  it('anchor, status and featured flags follow their events; a deletion removes the row', async () => {
    await spec
      .given(
        created,
        { type: 'OfferAnchorChanged', data: { offerId: 'o-1', anchor: null, previousAnchor: 'Dragon Clash', changedBy: 'admin@x', reason: 'Admin edit', changedAt: T1 } },
        { type: 'OfferStatusChanged', data: { offerId: 'o-1', status: 'inactive', previousStatus: 'active', changedBy: 'admin@x', reason: 'Admin toggle', changedAt: T2 } },
        featured('o-1', true),
      )
      .then({ offers: [{ ...row, anchor: null, status: 'inactive', featured: true, updated_at: new Date(T2) }] });
    await spec
      .given(created, featured('o-1', true), featured('o-1', false, T2), { type: 'OfferDeleted', data: { offerId: 'o-1', apiId: '5011', deletedBy: 'admin@x', reason: 'Admin delete', deletedAt: T2 } })
      .then({ offers: [] });
  });

  it('counts starts per member and offer and keeps the reported progress', () =>
    spec
      .given(
        { type: 'OfferStarted', data: { uid: 'ana', offerId: 'o-1', apiId: '5011', offerTitle: 'Dragon Clash', startedAt: T0 } },
        { type: 'OfferStarted', data: { uid: 'ana', offerId: 'o-1', apiId: '5011', offerTitle: 'Dragon Clash', startedAt: T1 } },
        { type: 'OfferProgressReported', data: { uid: 'ana', offerId: 'o-1', apiId: '5011', status: 'completed', reportedAt: T2 } },
        { type: 'OfferStarted', data: { uid: 'ben', offerId: 'o-1', apiId: '5011', offerTitle: 'Dragon Clash', startedAt: T2 } },
      )
      .then({
        offer_starts: [
          {
            id: 'ana:o-1',
            uid: 'ana',
            offer_id: 'o-1',
            api_id: '5011',
            offer_title: 'Dragon Clash',
            first_started_at: new Date(T0),
            last_started_at: new Date(T1),
            start_count: 2,
            reported_status: 'completed',
            reported_at: new Date(T2),
          },
          {
            id: 'ben:o-1',
            uid: 'ben',
            offer_id: 'o-1',
            api_id: '5011',
            offer_title: 'Dragon Clash',
            first_started_at: new Date(T2),
            last_started_at: new Date(T2),
            start_count: 1,
            reported_status: null,
            reported_at: null,
          },
        ],
      }));
});
