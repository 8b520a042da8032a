import type { EmailClaimEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { EMAIL_TAKEN_MESSAGE, emailClaimDecider } from './email-claim.decider';

const spec = deciderSpec(emailClaimDecider);
const now = '2026-11-22T10:00:00.000Z';
const claimed: EmailClaimEvent = { type: 'EmailClaimed', data: { email: 'ana@example.com', uid: 'u1', claimedAt: now } };

describe('email claim decider', () => {
  it('gives an unclaimed email to the first member who claims it, lower-cased', () =>
    spec.given([]).when({ type: 'ClaimEmail', email: 'Ana@Example.com', uid: 'u1', now }).then([claimed]));

  it('is a no-op when the same member claims it again', () =>
    spec.given([claimed]).when({ type: 'ClaimEmail', email: 'ana@example.com', uid: 'u1', now }).then([]));

  it('refuses another member with a conflict', () =>
    spec.given([claimed]).when({ type: 'ClaimEmail', email: 'ana@example.com', uid: 'u2', now }).thenThrows(EMAIL_TAKEN_MESSAGE));
});
