import type { OfferStreamEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { content, NOW, synced } from '../testing/offer-fixtures';
import { FEED_ACTOR, offerDecider } from './offer.decider';

const spec = deciderSpec(offerDecider);
const admin = 'admin@playquid.test';
const statusChanged = (status: 'active' | 'inactive' | 'draft', previousStatus: 'active' | 'inactive' | 'draft', changedBy: string, reason: string): OfferStreamEvent => ({
  type: 'OfferStatusChanged',
  data: { offerId: 'o-1', status, previousStatus, changedBy, reason, changedAt: NOW },
});
const anchorChanged = (anchor: string | null, previousAnchor: string | null, changedBy: string, reason: string): OfferStreamEvent => ({
  type: 'OfferAnchorChanged',
  data: { offerId: 'o-1', anchor, previousAnchor, changedBy, reason, changedAt: NOW },
});
const sync = (overrides = {}, anchor: string | null = 'Dragon Clash') =>
  ({ type: 'SyncOfferFromFeed', offerId: 'o-1', apiId: '5011', content: content(overrides), anchor, now: NOW }) as const;

describe('offer decider: sync from the BitLabs feed', () => {
  it('creates an offer new in the feed, active, with the trimmed anchor', () =>
    spec.given([]).when(sync({}, '  Dragon Clash ')).then([synced()]));

  it('appends nothing when the feed has not changed', () => spec.given([synced()]).when(sync()).then([]));

  it('compares values, not key order (the store hands jsonb back with its keys reordered)', () => {
    const stored = synced();
    const reordered = stored.data.content.tasks.map((task) => Object.fromEntries(Object.entries(task).reverse()) as typeof task);
    spec.given([{ ...stored, data: { ...stored.data, content: { ...stored.data.content, tasks: reordered } } }]).when(sync()).then([]);
  });

  it('records only the changed fields', () =>
    spec
      .given([synced()])
      .when(sync({ rewardPence: 175, description: 'New season!' }))
      .then([
        {
          type: 'OfferDataSynced',
          data: { offerId: 'o-1', apiId: '5011', changes: { description: 'New season!', rewardPence: 175 }, syncedBy: FEED_ACTOR, reason: 'Changed in the BitLabs feed', syncedAt: NOW },
        },
      ]));

  it('keeps an admin edit until the feed itself changes that field', () => {
    const edited: OfferStreamEvent = { type: 'OfferUpdated', data: { offerId: 'o-1', changes: { title: 'Dragon Clash (new players)' }, updatedBy: admin, reason: 'Edited by an admin', updatedAt: NOW } };
    spec.given([synced(), edited]).when(sync()).then([]);
    spec
      .given([synced(), edited])
      .when(sync({ title: 'Dragon Clash: Legends' }))
      .then([{ type: 'OfferDataSynced', data: { offerId: 'o-1', apiId: '5011', changes: { title: 'Dragon Clash: Legends' }, syncedBy: FEED_ACTOR, reason: 'Changed in the BitLabs feed', syncedAt: NOW } }]);
  });

  it('follows the feed anchor unless an admin set one', () => {
    spec.given([synced()]).when(sync({}, 'Dragon Clash 2')).then([anchorChanged('Dragon Clash 2', 'Dragon Clash', FEED_ACTOR, 'Changed in the BitLabs feed')]);
    spec.given([synced(), anchorChanged('Dragons', 'Dragon Clash', admin, 'Anchor set by an admin')]).when(sync({}, 'Dragon Clash 2')).then([]);
  });

  it('makes an active offer that left the feed inactive, and active again when it is back', () => {
    const delisted = statusChanged('inactive', 'active', FEED_ACTOR, 'No longer in the BitLabs feed');
    spec.given([synced()]).when({ type: 'DelistOffer', offerId: 'o-1', now: NOW }).then([delisted]);
    spec.given([synced(), delisted]).when({ type: 'DelistOffer', offerId: 'o-1', now: NOW }).then([]);
    spec.given([synced(), delisted]).when(sync()).then([statusChanged('active', 'inactive', FEED_ACTOR, 'Back in the BitLabs feed')]);
  });

  it('does not reactivate an offer an admin made inactive, nor bring back a deleted one', () => {
    spec.given([synced(), statusChanged('inactive', 'active', admin, 'Status toggled by an admin')]).when(sync()).then([]);
    const deleted: OfferStreamEvent = { type: 'OfferDeleted', data: { offerId: 'o-1', apiId: '5011', deletedBy: admin, reason: 'Deleted by an admin', deletedAt: NOW } };
    spec.given([synced(), deleted]).when(sync({ rewardPence: 999 })).then([]);
  });
});

describe('offer decider: admin changes', () => {
  it('toggles active to inactive and back, and a draft to active', () => {
    spec.given([synced()]).when({ type: 'SetOfferStatus', offerId: 'o-1', by: admin, now: NOW }).then([statusChanged('inactive', 'active', admin, 'Status toggled by an admin')]);
    spec
      .given([synced(), statusChanged('inactive', 'active', admin, 'x')])
      .when({ type: 'SetOfferStatus', offerId: 'o-1', by: admin, now: NOW })
      .then([statusChanged('active', 'inactive', admin, 'Status toggled by an admin')]);
    spec
      .given([synced(), statusChanged('draft', 'active', admin, 'x')])
      .when({ type: 'SetOfferStatus', offerId: 'o-1', by: admin, now: NOW })
      .then([statusChanged('active', 'draft', admin, 'Status toggled by an admin')]);
  });

  it('sets an explicit status only along the allowed transitions', () => {
    spec.given([synced()]).when({ type: 'SetOfferStatus', offerId: 'o-1', status: 'active', by: admin, now: NOW }).then([]);
    spec
      .given([synced()])
      .when({ type: 'SetOfferStatus', offerId: 'o-1', status: 'draft', by: admin, now: NOW })
      .thenThrows('An offer that is active cannot become draft; allowed: active to inactive, inactive to active, draft to active.');
  });

  it('trims the anchor and clears it when empty', () => {
    spec.given([synced()]).when({ type: 'SetOfferAnchor', offerId: 'o-1', anchor: '  Dragons ', by: admin, now: NOW }).then([anchorChanged('Dragons', 'Dragon Clash', admin, 'Anchor set by an admin')]);
    spec.given([synced()]).when({ type: 'SetOfferAnchor', offerId: 'o-1', anchor: '   ', by: admin, now: NOW }).then([anchorChanged(null, 'Dragon Clash', admin, 'Anchor set by an admin')]);
    spec.given([synced()]).when({ type: 'SetOfferAnchor', offerId: 'o-1', anchor: 'Dragon Clash', by: admin, now: NOW }).then([]);
  });

  it('decides an edit with its anchor and status at once, or nothing', () => {
    spec
      .given([synced()])
      .when({ type: 'UpdateOffer', offerId: 'o-1', changes: { title: 'Dragon Clash', rewardPence: 200 }, anchor: '', status: 'inactive', by: admin, now: NOW })
      .then([
        { type: 'OfferUpdated', data: { offerId: 'o-1', changes: { rewardPence: 200 }, updatedBy: admin, reason: 'Edited by an admin', updatedAt: NOW } },
        anchorChanged(null, 'Dragon Clash', admin, 'Edited by an admin'),
        statusChanged('inactive', 'active', admin, 'Edited by an admin'),
      ]);
    spec
      .given([synced()])
      .when({ type: 'UpdateOffer', offerId: 'o-1', changes: { rewardPence: 200 }, status: 'draft', by: admin, now: NOW })
      .thenThrows(/cannot become draft/);
  });

  it('creates a manual offer once, and refuses changes to a missing or deleted offer', () => {
    const create = { type: 'CreateOffer', offerId: 'm-1', apiId: 'm-1', content: content(), anchor: ' ', status: 'draft', by: admin, now: NOW } as const;
    spec
      .given([])
      .when(create)
      .then([{ type: 'OfferCreated', data: { offerId: 'm-1', apiId: 'm-1', source: 'manual', content: content(), anchor: null, status: 'draft', createdBy: admin, reason: 'Created by an admin', createdAt: NOW } }]);
    spec.given([synced()]).when(create).thenThrows('Offer already exists');
    spec.given([]).when({ type: 'DeleteOffer', offerId: 'o-1', by: admin, now: NOW }).thenThrows('Offer not found');
    const deleted: OfferStreamEvent = { type: 'OfferDeleted', data: { offerId: 'o-1', apiId: '5011', deletedBy: admin, reason: 'Deleted by an admin', deletedAt: NOW } };
    spec.given([synced()]).when({ type: 'DeleteOffer', offerId: 'o-1', by: admin, now: NOW }).then([deleted]);
    spec.given([synced(), deleted]).when({ type: 'SetOfferStatus', offerId: 'o-1', by: admin, now: NOW }).thenThrows('Offer not found');
  });
});
