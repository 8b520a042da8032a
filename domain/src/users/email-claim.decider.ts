import type { EmailClaimEvent } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export interface EmailClaimState {
  /** The uid the email belongs to; null while unclaimed. */
  uid: string | null;
}

export type EmailClaimCommand = { type: 'ClaimEmail'; email: string; uid: string; now: string };

/**
 * One stream per lower-cased email: the first member to claim it keeps it, so two profiles can never
 * share an email (the read model's unique index only mirrors this).
 */
export const emailClaimDecider: Decider<EmailClaimState, EmailClaimCommand, EmailClaimEvent> = {
  initialState: () => ({ uid: null }),

  evolve: (_state, event) => ({ uid: event.data.uid }),

  decide(command, state) {
    if (state.uid === command.uid) return [];
    if (state.uid !== null) throw new DomainError(EMAIL_TAKEN_MESSAGE, 'conflict');
    return [{ type: 'EmailClaimed', data: { email: command.email.toLowerCase(), uid: command.uid, claimedAt: command.now } }];
  },
};
