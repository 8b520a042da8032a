import type { OfferContent, OfferStatus, OfferStreamEvent } from '@playquid/contracts';
import canonicalize from 'canonicalize';
import { type Decider, DomainError } from '../decider';
import { nextOfferStatus, normalizeAnchor } from './offer-rules';

/** The actor of everything the BitLabs sync writes (`...By` in the events). */
export const FEED_ACTOR = 'bitlabs-sync';
export const OFFER_NOT_FOUND = 'Offer not found';

export interface OfferState {
  exists: boolean;
  deleted: boolean;
  offerId: string | null;
  apiId: string | null;
  source: 'bitlabs' | 'manual' | null;
  content: OfferContent | null;
  /** The feed's values as last synced: sync diffs against these, so admin edits survive until the feed itself changes. */
  feed: Partial<OfferContent>;
  anchor: string | null;
  /** An admin set the anchor: the feed's anchor no longer overrides it. */
  anchorSetByAdmin: boolean;
  status: OfferStatus;
  /** Made inactive by the sync because it left the feed: back in the feed makes it active again. */
  delistedByFeed: boolean;
  createdAt: string | null;
}

interface Actor {
  by: string;
  now: string;
}

export type OfferCommand =
  | ({ type: 'CreateOffer'; offerId: string; apiId: string; content: OfferContent; anchor: string | null; status: OfferStatus } & Actor)
  | { type: 'SyncOfferFromFeed'; offerId: string; apiId: string; content: OfferContent; anchor: string | null; now: string }
  /** The offer is no longer in the BitLabs feed. */
  | { type: 'DelistOffer'; offerId: string; now: string }
  /** `anchor`/`status` undefined means unchanged; all of it is decided (and appended) at once. */
  | ({ type: 'UpdateOffer'; offerId: string; changes: Partial<OfferContent>; anchor?: string | null; status?: OfferStatus } & Actor)
  | ({ type: 'DeleteOffer'; offerId: string } & Actor)
  | ({ type: 'SetOfferAnchor'; offerId: string; anchor: string | null } & Actor)
  /** Without a status: the admin toggle (active <-> inactive, draft -> active). */
  | ({ type: 'SetOfferStatus'; offerId: string; status?: OfferStatus } & Actor);

const ALLOWED: Record<OfferStatus, readonly OfferStatus[]> = { active: ['inactive'], inactive: ['active'], draft: ['active'] };

// Canonical JSON: a stream read back from the store (jsonb) has its object keys in another order.
const sameValue = (a: unknown, b: unknown) => canonicalize(a ?? null) === canonicalize(b ?? null);

/** The fields of `next` that differ from `current` (only those present in `next`). */
export function changedFields(current: Partial<OfferContent>, next: Partial<OfferContent>): Partial<OfferContent> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== undefined && !sameValue(current[key as keyof OfferContent], value)) changes[key] = value;
  }
  return changes as Partial<OfferContent>;
}

function live(state: OfferState): OfferState & { content: OfferContent; offerId: string; apiId: string } {
  if (!state.exists || state.deleted || !state.content) throw new DomainError(OFFER_NOT_FOUND, 'not_found');
  return state as OfferState & { content: OfferContent; offerId: string; apiId: string };
}

function statusChange(state: OfferState, target: OfferStatus, by: string, reason: string, now: string): OfferStreamEvent[] {
  if (state.status === target) return [];
  if (!ALLOWED[state.status].includes(target)) {
    throw new DomainError(
      `An offer that is ${state.status} cannot become ${target}; allowed: active to inactive, inactive to active, draft to active.`,
      'conflict',
    );
  }
  return [
    {
      type: 'OfferStatusChanged',
      data: { offerId: state.offerId!, status: target, previousStatus: state.status, changedBy: by, reason, changedAt: now },
    },
  ];
}

function anchorChange(state: OfferState, anchor: string | null, by: string, reason: string, now: string): OfferStreamEvent[] {
  if (state.anchor === anchor) return [];
  return [{ type: 'OfferAnchorChanged', data: { offerId: state.offerId!, anchor, previousAnchor: state.anchor, changedBy: by, reason, changedAt: now } }];
}

export const offerDecider: Decider<OfferState, OfferCommand, OfferStreamEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    offerId: null,
    apiId: null,
    source: null,
    content: null,
    feed: {},
    anchor: null,
    anchorSetByAdmin: false,
    status: 'draft',
    delistedByFeed: false,
    createdAt: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'OfferCreated': {
        const d = event.data;
        return {
          ...state,
          exists: true,
          offerId: d.offerId,
          apiId: d.apiId,
          source: d.source,
          content: d.content,
          feed: d.source === 'bitlabs' ? d.content : {},
          anchor: d.anchor,
          status: d.status,
          createdAt: d.createdAt,
        };
      }
      case 'OfferDataSynced':
        return { ...state, content: { ...state.content!, ...event.data.changes }, feed: { ...state.feed, ...event.data.changes } };
      case 'OfferUpdated':
        return { ...state, content: { ...state.content!, ...event.data.changes } };
      case 'OfferDeleted':
        return { ...state, deleted: true };
      case 'OfferAnchorChanged':
        return { ...state, anchor: event.data.anchor, anchorSetByAdmin: event.data.changedBy !== FEED_ACTOR };
      case 'OfferStatusChanged':
        return { ...state, status: event.data.status, delistedByFeed: event.data.status === 'inactive' && event.data.changedBy === FEED_ACTOR };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateOffer': {
        if (state.exists) throw new DomainError('Offer already exists', 'conflict');
        const { offerId, apiId, content, status, by, now } = command;
        return [
          {
            type: 'OfferCreated',
            data: { offerId, apiId, source: 'manual', content, anchor: normalizeAnchor(command.anchor), status, createdBy: by, reason: 'Created by an admin', createdAt: now },
          },
        ];
      }
      case 'SyncOfferFromFeed': {
        const { offerId, apiId, content, now } = command;
        const anchor = normalizeAnchor(command.anchor);
        if (!state.exists) {
          return [
            {
              type: 'OfferCreated',
              data: { offerId, apiId, source: 'bitlabs', content, anchor, status: 'active', createdBy: FEED_ACTOR, reason: 'New in the BitLabs feed', createdAt: now },
            },
          ];
        }
        // An admin deleted it: the feed does not bring it back.
        if (state.deleted) return [];
        const events: OfferStreamEvent[] = [];
        const changes = changedFields(state.feed, content);
        if (Object.keys(changes).length > 0) {
          events.push({ type: 'OfferDataSynced', data: { offerId, apiId, changes, syncedBy: FEED_ACTOR, reason: 'Changed in the BitLabs feed', syncedAt: now } });
        }
        if (!state.anchorSetByAdmin) events.push(...anchorChange(state, anchor, FEED_ACTOR, 'Changed in the BitLabs feed', now));
        if (state.delistedByFeed) events.push(...statusChange(state, 'active', FEED_ACTOR, 'Back in the BitLabs feed', now));
        return events;
      }
      case 'DelistOffer':
        if (!state.exists || state.deleted || state.status !== 'active') return [];
        return statusChange(state, 'inactive', FEED_ACTOR, 'No longer in the BitLabs feed', command.now);
      case 'UpdateOffer': {
        const offer = live(state);
        const { offerId, by, now } = command;
        const events: OfferStreamEvent[] = [];
        const changes = changedFields(offer.content, command.changes);
        if (Object.keys(changes).length > 0) {
          events.push({ type: 'OfferUpdated', data: { offerId, changes, updatedBy: by, reason: 'Edited by an admin', updatedAt: now } });
        }
        if (command.anchor !== undefined) events.push(...anchorChange(offer, normalizeAnchor(command.anchor), by, 'Edited by an admin', now));
        if (command.status !== undefined) events.push(...statusChange(offer, command.status, by, 'Edited by an admin', now));
        return events;
      }
      case 'DeleteOffer': {
        const offer = live(state);
        return [{ type: 'OfferDeleted', data: { offerId: offer.offerId, apiId: offer.apiId, deletedBy: command.by, reason: 'Deleted by an admin', deletedAt: command.now } }];
      }
      case 'SetOfferAnchor':
        return anchorChange(live(state), normalizeAnchor(command.anchor), command.by, 'Anchor set by an admin', command.now);
      case 'SetOfferStatus': {
        const offer = live(state);
        const target = command.status ?? nextOfferStatus(offer.status);
        return statusChange(offer, target, command.by, command.status ? 'Status set by an admin' : 'Status toggled by an admin', command.now);
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};
