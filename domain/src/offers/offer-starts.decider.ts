import type { OfferStartsEvent, OfferStatus } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';

export const OFFER_UNAVAILABLE_MESSAGE = 'This offer is not available right now';
export const NO_TRACKING_LINK_MESSAGE = 'This offer has no tracking link yet';
export const START_FIRST_MESSAGE = 'Start this offer before reporting progress';

type ReportedStatus = 'in_progress' | 'completed';

/** The offers one member started, with what their client last reported about each. */
export interface OfferStartsState {
  started: Record<string, { reported: ReportedStatus | null }>;
}

export type OfferStartsCommand =
  /** The offer's facts come from its own stream; the member may start the same offer again. */
  | { type: 'StartOffer'; uid: string; offerId: string; apiId: string; offerTitle: string; offerStatus: OfferStatus; hasClickUrl: boolean; now: string }
  | { type: 'ReportOfferProgress'; uid: string; offerId: string; apiId: string; status: ReportedStatus; now: string };

export const offerStartsDecider: Decider<OfferStartsState, OfferStartsCommand, OfferStartsEvent> = {
  initialState: () => ({ started: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'OfferStarted':
        return { started: { ...state.started, [event.data.offerId]: state.started[event.data.offerId] ?? { reported: null } } };
      case 'OfferProgressReported':
        return { started: { ...state.started, [event.data.offerId]: { reported: event.data.status } } };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartOffer': {
        if (command.offerStatus !== 'active') throw new DomainError(OFFER_UNAVAILABLE_MESSAGE, 'conflict');
        if (!command.hasClickUrl) throw new DomainError(NO_TRACKING_LINK_MESSAGE, 'conflict');
        const { uid, offerId, apiId, offerTitle, now } = command;
        return [{ type: 'OfferStarted', data: { uid, offerId, apiId, offerTitle, startedAt: now } }];
      }
      case 'ReportOfferProgress': {
        const started = state.started[command.offerId];
        if (!started) throw new DomainError(START_FIRST_MESSAGE, 'conflict');
        if (started.reported === command.status) return [];
        const { uid, offerId, apiId, status, now } = command;
        return [{ type: 'OfferProgressReported', data: { uid, offerId, apiId, status, reportedAt: now } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};
