import {
  DEFAULT_REVIEW_CREDIT_PENCE,
  PARTNER_ACCOUNT_STATES,
  type PartnerAccountState,
  type PartnerAccountStatusChanged,
  type ReviewHoldReason,
} from '@playquid/contracts';
import { DomainError } from '../decider';
import type { PartnerHold, WalletState } from './wallet-state';

export type { PartnerHold } from './wallet-state';

/**
 * What the offer partner tells us about a member besides money: a credit's fraud score, and the
 * account state of its ban callbacks. Both end in a hold an admin can see and the member is told
 * about, never a silent refusal.
 */

/**
 * The one review-hold rule of a callback credit: above the review threshold (a big amount), or
 * scored BAD by the partner (whatever its amount). null when it may be credited as usual.
 */
export function reviewHoldReason(
  callback: { rewardPence: number; fscore?: string | null },
  thresholdPence: number = DEFAULT_REVIEW_CREDIT_PENCE,
): ReviewHoldReason | null {
  if (callback.rewardPence > thresholdPence) return 'large_credit';
  if (callback.fscore?.trim().toUpperCase() === 'BAD') return 'partner_fraud_score';
  return null;
}

/** How the statement and the console word a held credit. */
export const reviewHoldLabel = (reason: ReviewHoldReason | undefined): string =>
  reason === 'partner_fraud_score' ? "held for review: flagged by the offer partner's fraud check" : 'held for review: large credit';


export const isPartnerAccountState = (value: string): value is PartnerAccountState => (PARTNER_ACCOUNT_STATES as readonly string[]).includes(value);

/** Whether a hold still pauses payouts at `now`: until the partner clears it or its end time passes. */
export const partnerHoldActive = (hold: PartnerHold | null, now: string): hold is PartnerHold =>
  hold !== null && (hold.endsAt === null || new Date(hold.endsAt).getTime() > new Date(now).getTime());

const STATE_WORDS: Record<PartnerHold['state'], string> = {
  banned: 'banned your account',
  shadow_ban: 'restricted your account',
  review: 'put your account under review',
  on_hold: 'put your account on hold',
};

const ukDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The member's explanation of a paused payout: who, why and until when. */
export function partnerHoldMessage(hold: Pick<PartnerHold, 'state' | 'reason' | 'endsAt'>): string {
  const why = hold.reason ? ` (reason given: ${hold.reason})` : '';
  const until = hold.endsAt ? ` until ${ukDate.format(new Date(hold.endsAt))}` : ' until they lift it';
  return `Payouts are paused: BitLabs, our offer partner, ${STATE_WORDS[hold.state]}${why}${until}. Your balance is kept. Contact support if you think this is a mistake.`;
}

export interface RecordPartnerStatusCommand {
  type: 'RecordPartnerStatus';
  uid: string;
  partner: 'bitlabs';
  state: string;
  reason: string | null;
  endsAt: string | null;
  now: string;
}

/** A ban callback: the partner's account state, recorded when it changes anything (a repeat is a no-op). */
export function decidePartnerStatus(command: RecordPartnerStatusCommand, state: WalletState): PartnerAccountStatusChanged[] {
  const accountState = command.state.trim().toLowerCase();
  if (!isPartnerAccountState(accountState)) {
    throw new DomainError(`Unknown partner account state "${command.state}" (expected ${PARTNER_ACCOUNT_STATES.join(', ')})`);
  }
  if (command.endsAt !== null && Number.isNaN(new Date(command.endsAt).getTime())) throw new DomainError(`The hold's end time "${command.endsAt}" is not a date`);
  const reason = command.reason?.trim() || null;
  const endsAt = command.endsAt === null ? null : new Date(command.endsAt).toISOString();
  const current = state.partnerHold;
  const unchanged =
    accountState === 'active' ? current === null : current !== null && current.state === accountState && current.reason === reason && current.endsAt === endsAt;
  if (unchanged) return [];
  return [{ type: 'PartnerAccountStatusChanged', data: { uid: command.uid, partner: command.partner, state: accountState, reason, endsAt, changedAt: command.now } }];
}

/** evolve's part: the hold the latest status leaves (null once the account is active again). */
export function partnerHoldAfter(event: PartnerAccountStatusChanged): PartnerHold | null {
  const d = event.data;
  return d.state === 'active' ? null : { partner: d.partner, state: d.state, reason: d.reason, endsAt: d.endsAt, since: d.changedAt };
}
