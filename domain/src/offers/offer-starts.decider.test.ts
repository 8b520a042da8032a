import type { OfferStartsEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { NOW } from '../testing/offer-fixtures';
import { offerStartsDecider } from './offer-starts.decider';

const spec = deciderSpec(offerStartsDecider);
const start = (overrides: { offerStatus?: 'active' | 'inactive' | 'draft'; hasClickUrl?: boolean } = {}) =>
  ({ type: 'StartOffer', uid: 'ana', offerId: 'o-1', apiId: '5011', offerTitle: 'Dragon Clash', offerStatus: 'active', hasClickUrl: true, now: NOW, ...overrides }) as const;
const started: OfferStartsEvent = { type: 'OfferStarted', data: { uid: 'ana', offerId: 'o-1', apiId: '5011', offerTitle: 'Dragon Clash', startedAt: NOW } };
const report = (status: 'in_progress' | 'completed') => ({ type: 'ReportOfferProgress', uid: 'ana', offerId: 'o-1', apiId: '5011', status, now: NOW }) as const;
const reported = (status: 'in_progress' | 'completed'): OfferStartsEvent => ({
  type: 'OfferProgressReported',
  data: { uid: 'ana', offerId: 'o-1', apiId: '5011', status, reportedAt: NOW },
});

describe('offer starts decider', () => {
  it('records every start, the second one too', () => {
    spec.given([]).when(start()).then([started]);
    spec.given([started]).when(start()).then([started]);
  });

  it('refuses offers that are not active or have no tracking link', () => {
    spec.given([]).when(start({ offerStatus: 'inactive' })).thenThrows('This offer is not available right now');
    spec.given([]).when(start({ hasClickUrl: false })).thenThrows('This offer has no tracking link yet');
  });

  it('records reported progress on a started offer once per change', () => {
    spec.given([]).when(report('in_progress')).thenThrows('Start this offer before reporting progress');
    spec.given([started]).when(report('completed')).then([reported('completed')]);
    spec.given([started, reported('completed')]).when(report('completed')).then([]);
    spec.given([started, reported('completed'), started]).when(report('in_progress')).then([reported('in_progress')]);
  });
});
