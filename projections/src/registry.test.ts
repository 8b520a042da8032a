import type { PlayQuidEventType } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS, projectionByName } from './registry';

/** Every event type, as a Record so a new one in contracts does not compile until it is listed here. */
const EVENT_TYPES: Record<PlayQuidEventType, true> = {
  UserRegistered: true,
  UserEmailVerified: true,
  UserSignedIn: true,
  UserProfileUpdated: true,
  UserRoleChanged: true,
  UserBanned: true,
  UserUnbanned: true,
  AccountClosed: true,
  BalanceForfeited: true,
  PersonalDataRetentionApplied: true,
  EmailClaimed: true,
  WelcomeBonusGranted: true,
  PartnerAccountStatusChanged: true,
  EarningCredited: true,
  EarningApproved: true,
  EarningReversed: true,
  EarningReviewApproved: true,
  EarningReviewRejected: true,
  ReferralRewardGranted: true,
  PayoutRequested: true,
  PayoutApproved: true,
  PayoutRejected: true,
  PayoutProcessed: true,
  PayoutCancelled: true,
  PayoutRewardOrderPlaced: true,
  PayoutFlaggedForReview: true,
  PayoutRewardOrdered: true,
  PayoutRewardOrderFailed: true,
  PayoutRewardDeliveryRecorded: true,
  PayoutRewardResendRequested: true,
  PayoutReturned: true,
  ReferralRewardReversed: true,
  ReversalAwaitingCredit: true,
  CreditCoveredByClaim: true,
  CreditRefusedAccountClosed: true,
  WalletClosed: true,
  MemberQualified: true,
  MemberQualificationLost: true,
  CallbackReceived: true,
  CallbackRejected: true,
  CallbackProcessed: true,
  CallbackProcessingFailed: true,
  OfferCreated: true,
  OfferDataSynced: true,
  OfferUpdated: true,
  OfferDeleted: true,
  OfferAnchorChanged: true,
  OfferStatusChanged: true,
  OfferFeaturedChanged: true,
  OfferStarted: true,
  OfferProgressReported: true,
  BlogCreated: true,
  BlogUpdated: true,
  BlogPublished: true,
  BlogUnpublished: true,
  BlogFeatured: true,
  BlogUnfeatured: true,
  BlogDeleted: true,
  BlogSlugClaimed: true,
  BlogSlugReleased: true,
  ClaimOpened: true,
  ClaimMarkedWaiting: true,
  ClaimApproved: true,
  ClaimDeclined: true,
  ClaimTaskHeld: true,
  ClaimTaskReleased: true,
};

describe('projection registry', () => {
  it('names each projection once and gives each table to one projection (a rebuild empties them)', () => {
    const names = ALL_PROJECTIONS.map((p) => p.name);
    const tables = ALL_PROJECTIONS.flatMap((p) => p.tables);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('projects every event type of the write side somewhere, except the facts only the write side reads', () => {
    const handled = new Set(ALL_PROJECTIONS.flatMap((p) => p.handles));
    // The referral settlement reads these from the friend's wallet stream; no screen shows them.
    // The claim-task streams only keep a second claim for one task out. WalletClosed only stops new
    // credits on the wallet (the users projection shows the closure from AccountClosed).
    expect(Object.keys(EVENT_TYPES).filter((type) => !handled.has(type as PlayQuidEventType))).toEqual([
      'WalletClosed',
      'MemberQualified',
      'MemberQualificationLost',
      'ClaimTaskHeld',
      'ClaimTaskReleased',
    ]);
  });

  it('finds projections by name', () => {
    expect(projectionByName('wallet')?.handles).toEqual([
      'BalanceForfeited',
      'WelcomeBonusGranted',
      'ReferralRewardGranted',
      'EarningCredited',
      'EarningApproved',
      'EarningReviewApproved',
      'EarningReviewRejected',
      'EarningReversed',
      'ReferralRewardReversed',
      'PayoutRequested',
      'PayoutRejected',
      'PayoutCancelled',
      'PayoutReturned',
      'PayoutProcessed',
      'OfferStarted',
    ]);
    expect(projectionByName('payouts')?.tables).toEqual(['payouts']);
    expect(projectionByName('nope')).toBeUndefined();
  });
});
