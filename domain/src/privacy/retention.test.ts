import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { retentionCutoffs, retentionDecider } from './retention';

const spec = deciderSpec(retentionDecider);
const now = '2026-11-27T03:15:00.000Z';
const applied = {
  type: 'PersonalDataRetentionApplied',
  data: { day: '2026-11-27', technicalBefore: '2026-08-29T00:00:00.000Z', shreddedKeys: { technical: 4, identity: 1 }, ranAt: now },
} as const;

describe('retention job', () => {
  it('cuts technical data off at the start of the day 90 days back', () =>
    expect(retentionCutoffs(new Date(now))).toEqual({ day: '2026-11-27', technicalBefore: '2026-08-29T00:00:00.000Z' }));

  it('records what it shredded, counts only, once per day', () => {
    spec.given([]).when({ type: 'ApplyRetention', now, shreddedKeys: { technical: 4, identity: 1 } }).then([applied]);
    spec.given([applied]).when({ type: 'ApplyRetention', now: '2026-11-27T15:00:00.000Z', shreddedKeys: {} }).then([]);
  });

  it('carries no personal data: only a day, a cut-off, counts and a time', () => {
    expect(Object.keys(applied.data).sort()).toEqual(['day', 'ranAt', 'shreddedKeys', 'technicalBefore']);
  });
});
