import type { CallbackReceived, EarningCredited, WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { earningCredited, welcomeBonusGranted } from '../testing/wallet-fixtures';
import { partnerHoldMessage, reviewHoldReason } from './partner-signals';
import { payoutEligibility } from './payout-rules';
import { walletDecider } from './wallet.decider';

/** Partner signals on the wallet stream: a BAD fraud score holds a credit; a ban callback holds payouts. */
const spec = deciderSpec(walletDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const uid = 'member-1';
const THRESHOLD = 5_000;

const apply = (overrides: Partial<CallbackReceived['data']> = {}, earningId = 'e-1') =>
  ({
    type: 'ApplyCallback',
    uid,
    callback: callbackData({ transactionId: 'o-1', userId: uid, offerId: '42', offerName: 'Gem Quest', type: 'COMPLETE', rewardPence: 125, userRewardRaw: '1.25', receivedAt: now, ...overrides }),
    earningId,
    reviewThresholdPence: THRESHOLD,
    now,
  }) as const;

const credited = (overrides: Partial<EarningCredited['data']> = {}): WalletEvent =>
  earningCredited({
    uid,
    callbackId: 'cb-1',
    transactionId: 'o-1',
    offerName: 'Gem Quest',
    taskId: null,
    taskName: null,
    status: 'pending',
    heldForReview: true,
    holdReason: 'partner_fraud_score',
    creditedAt: now,
    ...overrides,
  });

const bonus: WalletEvent = welcomeBonusGranted({ uid, grantedAt: now });
const approvedOffer: WalletEvent = credited({ earningId: 'e-0', transactionId: 'o-0', callbackId: 'cb-0', status: 'approved', heldForReview: undefined, holdReason: undefined });
const status = (state: string, reason: string | null = 'Suspicious activity', endsAt: string | null = null, at = now) =>
  ({ type: 'RecordPartnerStatus', uid, partner: 'bitlabs', state, reason, endsAt, now: at }) as const;
const changed = (state: 'active' | 'banned' | 'shadow_ban' | 'review' | 'on_hold', reason: string | null = 'Suspicious activity', endsAt: string | null = null): WalletEvent => ({
  type: 'PartnerAccountStatusChanged',
  data: { uid, partner: 'bitlabs', state, reason, endsAt, changedAt: now },
});
const requestPayout = (at = now) => ({ type: 'RequestPayout', uid, payoutId: 'p-1', email: 'm@example.com', method: 'tremendous_reward', minPayoutPence: 79, now: at }) as const;

describe('partner signals: the fraud score', () => {
  it('the one hold rule: a BAD score holds whatever the amount; a big amount holds whatever the score', () => {
    expect(reviewHoldReason({ rewardPence: 1, fscore: 'BAD' }, THRESHOLD)).toBe('partner_fraud_score');
    expect(reviewHoldReason({ rewardPence: 1, fscore: ' bad ' }, THRESHOLD)).toBe('partner_fraud_score');
    expect(reviewHoldReason({ rewardPence: 6_000, fscore: 'GOOD' }, THRESHOLD)).toBe('large_credit');
    expect(reviewHoldReason({ rewardPence: 125, fscore: 'MEDIUM' }, THRESHOLD)).toBeNull();
    expect(reviewHoldReason({ rewardPence: 125, fscore: null }, THRESHOLD)).toBeNull();
  });

  it('holds a small COMPLETED credit scored BAD as pending, for review, saying why', () => spec.given([]).when(apply({ fscore: 'BAD' })).then([credited()]));

  it('a later COMPLETED for the same transaction does not release it: only an admin review does', () =>
    spec.given([credited()]).when(apply({ fscore: 'GOOD', callbackId: 'cb-2' })).then([]));

  it('an admin approves it like any held credit', () =>
    spec
      .given([credited()])
      .when({ type: 'ApproveHeldEarning', uid, earningId: 'e-1', by: 'admin@playquid.test', reason: 'Checked with BitLabs', now })
      .then([
        { type: 'EarningReviewApproved', data: { uid, earningId: 'e-1', amountPence: 125, approvedBy: 'admin@playquid.test', reason: 'Checked with BitLabs', approvedAt: now } },
        { type: 'MemberQualified', data: { uid, sequence: 1, qualifiedAt: now } },
      ]));
});

describe('partner signals: ban callbacks become an account hold', () => {
  it('records a hold with the partner reason and end time', () =>
    spec.given([]).when(status('on_hold', 'Too many chargebacks', '2026-12-01T00:00:00Z')).then([changed('on_hold', 'Too many chargebacks', '2026-12-01T00:00:00.000Z')]));

  it('each non-active state is a hold: banned, shadow_ban, review', () => {
    for (const state of ['banned', 'shadow_ban', 'review'] as const) spec.given([]).when(status(state)).then([changed(state)]);
  });

  it('the same status again records nothing; a changed reason is recorded', () => {
    spec.given([changed('banned')]).when(status('banned')).then([]);
    spec.given([changed('banned')]).when(status('banned', 'VPN use')).then([changed('banned', 'VPN use')]);
  });

  it('active lifts a hold, and is nothing when there is none', () => {
    spec.given([changed('review')]).when(status('active', null)).then([changed('active', null)]);
    spec.given([]).when(status('active', null)).then([]);
  });

  it('refuses an unknown state or an end time that is not a date, writing nothing', () => {
    spec.given([]).when(status('suspended')).thenThrows('Unknown partner account state "suspended" (expected active, banned, shadow_ban, review, on_hold)');
    spec.given([]).when(status('on_hold', 'x', 'next week')).thenThrows('The hold\'s end time "next week" is not a date');
  });

  it('pauses payouts while it lasts, telling the member why and until when (409)', () =>
    spec
      .given([bonus, approvedOffer, changed('on_hold', 'Too many chargebacks', '2026-12-01T00:00:00.000Z')])
      .when(requestPayout())
      .thenThrows(
        'Payouts are paused: BitLabs, our offer partner, put your account on hold (reason given: Too many chargebacks) until 1 December 2026. Your balance is kept. Contact support if you think this is a mistake.',
      ));

  it('payouts resume once the partner says active, or the end time has passed', () => {
    const paused = [bonus, approvedOffer, changed('on_hold', 'x', '2026-11-23T00:00:00.000Z')];
    const request = (events: WalletEvent[], at: string) => walletDecider.decide(requestPayout(at), events.reduce(walletDecider.evolve, walletDecider.initialState()));
    expect(request(paused, later).map((e) => e.type)).toEqual(['PayoutRequested']);
    expect(request([...paused, changed('active', null)], now).map((e) => e.type)).toEqual(['PayoutRequested']);
  });

  it('the balance eligibility says partner-hold before any other block', () => {
    expect(payoutEligibility({ availablePence: -5, minPence: 79, partnerHold: true })).toMatchObject({ canRequest: false, block: 'partner-hold' });
    expect(partnerHoldMessage({ state: 'banned', reason: null, endsAt: null })).toBe(
      'Payouts are paused: BitLabs, our offer partner, banned your account until they lift it. Your balance is kept. Contact support if you think this is a mistake.',
    );
  });
});
