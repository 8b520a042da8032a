import { type PlayQuidEvent, type StoredEventMessage, streams } from '@playquid/contracts';

export interface LogOptions {
  /** Number of events already in the log: the first event gets position 1/(after+1). */
  after?: number;
  streamOf?: (event: PlayQuidEvent) => string;
}

/**
 * Turns domain events into the messages the forwarder sends: positions 1/1, 1/2, … each chained to
 * the one before ("0/0" for the very first), with per-stream revisions.
 */
export function asLog(events: PlayQuidEvent[], { after = 0, streamOf = streamTracker() }: LogOptions = {}): StoredEventMessage[] {
  const revisions = new Map<string, number>();
  return events.map((event, index) => {
    const n = after + index + 1;
    const streamId = streamOf(event);
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      streamId,
      revision,
      type: event.type,
      data: event.data,
      metadata: { schemaVersion: 1 },
      position: `1/${n}`,
      previousPosition: n === 1 ? '0/0' : `1/${n - 1}`,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
  });
}

/** The stream each event is appended to on the write side (callback outcomes join their callback's stream). */
function streamTracker(): (event: PlayQuidEvent) => string {
  const transactionOf = new Map<string, string>();
  return (event) => {
    switch (event.type) {
      case 'UserRegistered':
      case 'UserEmailVerified':
      case 'UserSignedIn':
      case 'UserProfileUpdated':
      case 'UserRoleChanged':
      case 'UserBanned':
      case 'UserUnbanned':
      case 'AccountClosed':
        return streams.user(event.data.uid);
      case 'PersonalDataRetentionApplied':
        return streams.retention(event.data.day);
      case 'EmailClaimed':
        return streams.emailClaim(event.data.email);
      case 'BalanceForfeited':
      case 'WelcomeBonusGranted':
      case 'PartnerAccountStatusChanged':
      case 'ReferralRewardGranted':
      case 'EarningCredited':
      case 'EarningApproved':
      case 'EarningReversed':
      case 'EarningReviewApproved':
      case 'EarningReviewRejected':
      case 'PayoutRequested':
      case 'PayoutApproved':
      case 'PayoutRejected':
      case 'PayoutProcessed':
      case 'PayoutCancelled':
      case 'PayoutRewardOrderPlaced':
      case 'PayoutFlaggedForReview':
      case 'PayoutRewardOrdered':
      case 'PayoutRewardOrderFailed':
      case 'PayoutRewardDeliveryRecorded':
      case 'PayoutRewardResendRequested':
      case 'PayoutReturned':
      case 'ReferralRewardReversed':
      case 'ReversalAwaitingCredit':
      case 'CreditCoveredByClaim':
      case 'CreditRefusedAccountClosed':
      case 'WalletClosed':
      case 'MemberQualified':
      case 'MemberQualificationLost':
        return streams.wallet(event.data.uid);
      case 'CallbackReceived':
        transactionOf.set(event.data.callbackId, event.data.transactionId);
        return streams.callback(event.data.transactionId);
      case 'CallbackRejected':
        return streams.rejectedCallback(event.data.callbackId);
      case 'CallbackProcessed':
      case 'CallbackProcessingFailed':
        return streams.callback(transactionOf.get(event.data.callbackId) ?? event.data.callbackId);
      case 'OfferCreated':
      case 'OfferDataSynced':
      case 'OfferUpdated':
      case 'OfferDeleted':
      case 'OfferAnchorChanged':
      case 'OfferStatusChanged':
        return streams.offer(event.data.offerId);
      case 'OfferFeaturedChanged':
        return streams.offerCatalogue();
      case 'OfferStarted':
      case 'OfferProgressReported':
        return streams.offerStarts(event.data.uid);
      case 'BlogCreated':
      case 'BlogUpdated':
      case 'BlogPublished':
      case 'BlogUnpublished':
      case 'BlogFeatured':
      case 'BlogUnfeatured':
      case 'BlogDeleted':
        return streams.blog(event.data.blogId);
      case 'BlogSlugClaimed':
      case 'BlogSlugReleased':
        return streams.blogSlug(event.data.slug);
      case 'ClaimOpened':
      case 'ClaimMarkedWaiting':
      case 'ClaimApproved':
      case 'ClaimDeclined':
        return streams.claim(event.data.claimId);
      case 'ClaimTaskHeld':
      case 'ClaimTaskReleased':
        return streams.claimTask(event.data.uid, event.data.offerId, event.data.taskId);
    }
  };
}

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** A realistic history: two members, a bonus each, credits, a pending one approved, a reversal, a failure. */
export function sampleHistory(): PlayQuidEvent[] {
  return [
    { type: 'UserRegistered', data: { uid: 'ana', email: 'ana@example.com', username: 'ana', gender: 'female', referredBy: null, emailVerified: false, registeredAt: at(0) } },
    { type: 'WelcomeBonusGranted', data: { uid: 'ana', earningId: 'bonus-ana', amountPence: 200, grantedAt: at(0) } },
    { type: 'UserEmailVerified', data: { uid: 'ana', verifiedAt: at(1) } },
    { type: 'UserRegistered', data: { uid: 'ben', email: 'ben@example.com', username: 'ben', gender: 'male', referredBy: 'ana', emailVerified: true, registeredAt: at(2) } },
    { type: 'WelcomeBonusGranted', data: { uid: 'ben', earningId: 'bonus-ben', amountPence: 200, grantedAt: at(2) } },
    callbackReceived('cb-1', 'o1', 'ana', 125, 'COMPLETED', at(3)),
    credited('ana', 'e-1', 'cb-1', 'o1', 125, 'approved', at(3)),
    { type: 'CallbackProcessed', data: { callbackId: 'cb-1', uid: 'ana', earningId: 'e-1', outcome: 'credited_approved', processedAt: at(3) } },
    callbackReceived('cb-2', 'o2', 'ana', 300, 'PENDING', at(4)),
    credited('ana', 'e-2', 'cb-2', 'o2', 300, 'pending', at(4)),
    callbackReceived('cb-3', 'o3', 'ben', 80, 'PENDING', at(5)),
    credited('ben', 'e-3', 'cb-3', 'o3', 80, 'pending', at(5)),
    { type: 'EarningApproved', data: { uid: 'ben', earningId: 'e-3', callbackId: 'cb-4', approvedAt: at(6) } },
    { type: 'EarningReversed', data: { uid: 'ana', earningId: 'e-1', callbackId: 'cb-5', amountPence: 125, fromStatus: 'approved', reason: 'Reversed by BitLabs (transaction or1)', reversedAt: at(7) } },
    callbackReceived('cb-6', 'o6', 'ghost', 50, 'COMPLETED', at(8)),
    { type: 'CallbackProcessingFailed', data: { callbackId: 'cb-6', error: 'Unknown member ghost', failedAt: at(8) } },
    { type: 'UserRoleChanged', data: { uid: 'ben', role: 'ADMIN', changedBy: 'cli', reason: null, changedAt: at(9) } },
  ];
}

export function callbackReceived(callbackId: string, tx: string, uid: string, pence: number, state: 'COMPLETED' | 'PENDING', receivedAt: string): PlayQuidEvent {
  return {
    type: 'CallbackReceived',
    data: {
      callbackId,
      transactionId: tx,
      userId: uid,
      offerId: '42',
      offerName: 'Dragon Clash',
      taskId: '1',
      taskName: 'Level 5',
      userRewardRaw: (pence / 100).toFixed(2),
      rewardPence: pence,
      rawPaymentRaw: '1.0000',
      rawUsd: 10_000,
      state,
      type: 'COMPLETE',
      ref: null,
      fscore: 'GOOD',
      debug: false,
      sourceIp: '10.1.2.3',
      hash: 'f'.repeat(40),
      rawParameters: { uid, tx },
      triggeredBy: null,
      receivedAt,
    },
  };
}

export function credited(uid: string, earningId: string, callbackId: string, tx: string, pence: number, status: 'approved' | 'pending', creditedAt: string): PlayQuidEvent {
  return {
    type: 'EarningCredited',
    data: { uid, earningId, callbackId, transactionId: tx, offerId: '42', offerName: 'Dragon Clash', taskId: '1', taskName: 'Level 5', amountPence: pence, rawUsd: 10_000, status, creditedAt },
  };
}
