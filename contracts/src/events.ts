import type { Pence, UsdTenThousandths } from './money';

/**
 * Event types of the write side. Names are explicit string constants, never class names; each
 * payload carries its schema version in the store's metadata (`schemaVersion`), so a changed shape
 * is upcast on read (EVENT_SCHEMA_VERSIONS) without rewriting history.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The schema version each event type is written at: 1 unless listed here. A type whose data changes
 * shape gets the next version here and an upcaster from the previous one (`EVENT_UPCASTERS` in
 * @playquid/domain), which the event store applies on read: readers only ever see the shape below.
 */
export const EVENT_SCHEMA_VERSIONS: { readonly [Type in PlayQuidEventType]?: number } = {
  // v2: triggeredBy is always present (null unless an admin sent the callback from the console).
  CallbackReceived: 2,
};

export const schemaVersionOf = (type: string): number => EVENT_SCHEMA_VERSIONS[type as PlayQuidEventType] ?? 1;

/** Stream ids come from these helpers only. */
export const streams = {
  user: (uid: string) => `user-${uid}`,
  wallet: (uid: string) => `wallet-${uid}`,
  callback: (transactionId: string) => `callback-${transactionId}`,
  rejectedCallback: (callbackId: string) => `callbackrejected-${callbackId}`,
  offer: (offerId: string) => `offer-${offerId}`,
  /** The one stream the featured rule (at most FEATURED_OFFERS_MAX) is decided on. */
  offerCatalogue: () => 'offer-catalogue',
  offerStarts: (uid: string) => `offerstarts-${uid}`,
  /**
   * One stream per email: a member's email is claimed once, by one uid. Named by the email's lookup
   * hash (HMAC of the lower-cased email, PersonalDataVault.emailLookup), never by the email itself.
   */
  emailClaim: (emailLookup: string) => `useremail-${emailLookup}`,
  blog: (blogId: string) => `blog-${blogId}`,
  /** One stream per slug: a slug is held by one blog post at a time. */
  blogSlug: (slug: string) => `blogslug-${slug}`,
  /** One stream per day of the retention job (appended with no_stream: the day runs once). */
  retention: (day: string) => `retention-${day}`,
  /** One stream per missing-credit claim. */
  claim: (claimId: string) => `claim-${claimId}`,
  /** One stream per member, offer and task: at most one open (or approved) claim holds it. */
  claimTask: (uid: string, offerId: string, taskId: string) => `claimtask-${uid}:${offerId}:${taskId}`,
} as const;

// ---------------------------------------------------------------- users
export type Gender = 'male' | 'female';
export type Role = 'USER' | 'ADMIN';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    uid: string;
    email: string;
    username: string;
    gender: Gender | null;
    referredBy: string | null;
    emailVerified: boolean;
    registeredAt: string;
  }
>;
export type UserEmailVerified = DomainEvent<'UserEmailVerified', { uid: string; verifiedAt: string }>;
export type UserSignedIn = DomainEvent<'UserSignedIn', { uid: string; signedInAt: string }>;
export type UserProfileUpdated = DomainEvent<'UserProfileUpdated', { uid: string; username: string; updatedAt: string }>;
export type UserRoleChanged = DomainEvent<
  'UserRoleChanged',
  { uid: string; role: Role; changedBy: string; reason: string | null; changedAt: string }
>;
/**
 * The member closed their account (or an admin did, on a written request): sign-in is disabled, the
 * username and technical data are shredded at once, the identity kept for financial records expires
 * RETENTION.financialRecordsYears later. `forfeitedPence`: the available balance given up (BalanceForfeited).
 */
export type AccountClosed = DomainEvent<
  'AccountClosed',
  { uid: string; closedBy: string; byAdmin: boolean; reason: string | null; forfeitedPence: Pence; closedAt: string }
>;
export type UserEvent = UserRegistered | UserEmailVerified | UserSignedIn | UserProfileUpdated | UserRoleChanged | UserBanEvent | AccountClosed;

// ---------------------------------------------------------------- user bans (on the user stream)
/** An admin suspended the member: every member call is refused and their Firebase account disabled. */
export type UserBanned = DomainEvent<'UserBanned', { uid: string; bannedBy: string; reason: string; bannedAt: string }>;
/** An admin lifted the ban; the member may sign in again. */
export type UserUnbanned = DomainEvent<'UserUnbanned', { uid: string; unbannedBy: string; reason: string | null; unbannedAt: string }>;
export type UserBanEvent = UserBanned | UserUnbanned;

/** Stream useremail-<email>: the email belongs to this uid; appended with no_stream, so an email is never shared. */
export type EmailClaimed = DomainEvent<'EmailClaimed', { email: string; uid: string; claimedAt: string }>;
export type EmailClaimEvent = EmailClaimed;

// ---------------------------------------------------------------- wallet
export type EarningStatus = 'pending' | 'approved' | 'paid' | 'rejected';

export type WelcomeBonusGranted = DomainEvent<
  'WelcomeBonusGranted',
  { uid: string; earningId: string; amountPence: Pence; grantedAt: string }
>;
export type EarningCredited = DomainEvent<
  'EarningCredited',
  {
    uid: string;
    earningId: string;
    callbackId: string;
    transactionId: string;
    offerId: string | null;
    offerName: string | null;
    taskId: string | null;
    taskName: string | null;
    amountPence: Pence;
    rawUsd: UsdTenThousandths | null;
    status: 'pending' | 'approved';
    /**
     * Above the review threshold: held as pending until an admin approves it in the callbacks
     * console (EarningReviewApproved); a later COMPLETED callback does not release it.
     */
    heldForReview?: boolean;
    /** Why it is held: above the review threshold, or the partner's fraud score (fscore BAD) whatever its amount. */
    holdReason?: ReviewHoldReason;
    /** The admin who sent the callback from the console (a triggered callback); absent for BitLabs' own. */
    triggeredBy?: string | null;
    /** `claim`: an admin approved the member's missing-credit claim (no callback; ids are `claim-<claimId>`). */
    source?: 'claim';
    claimId?: string;
    /** The approving admin's email (or uid) and uid, and their reason (claims only). */
    approvedBy?: string;
    approvedByUid?: string;
    reason?: string;
    creditedAt: string;
  }
>;
/** An admin released a credit held for review: pending -> available. */
export type EarningReviewApproved = DomainEvent<
  'EarningReviewApproved',
  { uid: string; earningId: string; amountPence: Pence; approvedBy: string; reason: string; approvedAt: string }
>;
/** An admin refused a credit held for review: it leaves pending and is never available. */
export type EarningReviewRejected = DomainEvent<
  'EarningReviewRejected',
  { uid: string; earningId: string; amountPence: Pence; rejectedBy: string; reason: string; rejectedAt: string }
>;
/** A pending earning confirmed by a later COMPLETED callback for the same transaction (stateful mode). */
export type EarningApproved = DomainEvent<
  'EarningApproved',
  { uid: string; earningId: string; callbackId: string; approvedAt: string }
>;
/**
 * An earlier credit reversed by the partner (RECONCILED). Never an edit of the original: the amount
 * taken back is stated here. Balance may go below zero when the money was already paid out.
 */
export type EarningReversed = DomainEvent<
  'EarningReversed',
  {
    uid: string;
    earningId: string;
    callbackId: string;
    amountPence: Pence;
    /** Whether the reversed credit was still pending (taken from pending) or approved (from available). */
    fromStatus: 'pending' | 'approved';
    reason: string;
    reversedAt: string;
  }
>;
/**
 * A reversal whose credit has not arrived yet (BitLabs may send them in either order, and two
 * processes may handle them in either order): remembered on the wallet, and the credit it names is
 * booked as reversed the moment it arrives. No money moves here.
 */
export type ReversalAwaitingCredit = DomainEvent<
  'ReversalAwaitingCredit',
  { uid: string; callbackId: string; transactionId: string; creditTransactionId: string; receivedAt: string }
>;
/**
 * A partner credit (a BitLabs callback) for a task the member was already paid for through an
 * approved missing-credit claim: recorded, never paid a second time. The callback's transaction
 * now names the claim's earning, so a later partner reversal of it takes the claim credit back.
 * `amountPence`: what the partner sent (the claim credit may differ). No money moves here.
 */
export type CreditCoveredByClaim = DomainEvent<
  'CreditCoveredByClaim',
  {
    uid: string;
    callbackId: string;
    transactionId: string;
    offerId: string;
    taskId: string;
    claimId: string;
    /** The claim's earning, which already paid this task. */
    earningId: string;
    amountPence: Pence;
    receivedAt: string;
  }
>;
/**
 * A partner credit for a member whose account is closed: recorded, not credited (the member can
 * no longer withdraw or give consent to new earnings). Reversals of earlier credits still apply.
 * No money moves here.
 */
export type CreditRefusedAccountClosed = DomainEvent<
  'CreditRefusedAccountClosed',
  { uid: string; callbackId: string; transactionId: string; offerId: string | null; taskId: string | null; amountPence: Pence; closedAt: string; receivedAt: string }
>;
/** The account closed: the wallet's last settlement (after any BalanceForfeited); new partner credits are no longer booked. */
export type WalletClosed = DomainEvent<'WalletClosed', { uid: string; closedAt: string }>;
/**
 * The member's approved offer earnings went from none to some (MemberQualified) or back to none
 * (MemberQualificationLost, every qualifying offer reversed). The referrer's reward follows these
 * facts exactly once each, whatever the contention: `sequence` counts the changes on this wallet.
 */
export type MemberQualified = DomainEvent<'MemberQualified', { uid: string; sequence: number; qualifiedAt: string }>;
export type MemberQualificationLost = DomainEvent<'MemberQualificationLost', { uid: string; sequence: number; lostAt: string }>;
/** The friend whose first offer earned a referral reward no longer has an approved offer: the reward is taken back. */
export type ReferralRewardReversed = DomainEvent<
  'ReferralRewardReversed',
  { uid: string; friendUid: string; earningId: string; amountPence: Pence; reason: string; reversedAt: string }
>;

/** £1.50 to the referrer when a friend who joined through their link completes a first offer. */
export type ReferralRewardGranted = DomainEvent<
  'ReferralRewardGranted',
  { uid: string; friendUid: string; earningId: string; amountPence: Pence; grantedAt: string }
>;

// Payouts live on the wallet stream: a request reserves the whole available balance, so the rule
// "never pay out more than is available" is decided against one stream with an expected revision.
/** `returned`: the reward could not be delivered (order refused, or delivery failed) and the money went back to the balance. */
export type PayoutStatus = 'pending' | 'approved' | 'completed' | 'rejected' | 'cancelled' | 'returned';
/** Tremendous's reward states, as the payout shows them (`placed` once the order is accepted). */
export type RewardState = 'placed' | 'pending_approval' | 'flagged' | 'delivered' | 'failed' | 'cancelled';
export type PayoutMethod = 'tremendous_reward';

export type PayoutRequested = DomainEvent<
  'PayoutRequested',
  {
    uid: string;
    payoutId: string;
    amountPence: Pence;
    method: PayoutMethod;
    deliveryMethod: 'email';
    /** Where the reward email goes: the member's sign-in email at the time of the request. */
    email: string;
    /** The approved earnings this payout settles (they show payout_id from now on). */
    earningIds: string[];
    requestedAt: string;
  }
>;
export type PayoutApproved = DomainEvent<
  'PayoutApproved',
  {
    uid: string;
    payoutId: string;
    approvedBy: string;
    notes: string | null;
    /** The admin acknowledged a reversal that landed while this payout was open. */
    reversalAcknowledged?: boolean;
    approvedAt: string;
  }
>;
/** Refused by an admin: the reserve goes back to the available balance. */
export type PayoutRejected = DomainEvent<
  'PayoutRejected',
  { uid: string; payoutId: string; amountPence: Pence; reason: string; rejectedBy: string; rejectedAt: string }
>;
/** Paid: the reserved money has left; its earnings become paid. */
export type PayoutProcessed = DomainEvent<
  'PayoutProcessed',
  {
    uid: string;
    payoutId: string;
    amountPence: Pence;
    transactionReference: string;
    notes: string;
    processedBy: string;
    /** The admin acknowledged a reversal that landed while this payout was open. */
    reversalAcknowledged?: boolean;
    processedAt: string;
  }
>;
/** Withdrawn by the member (while pending) or an admin: the reserve goes back to available. */
export type PayoutCancelled = DomainEvent<
  'PayoutCancelled',
  { uid: string; payoutId: string; amountPence: Pence; reason: string; cancelledBy: string; byAdmin: boolean; cancelledAt: string }
>;
/**
 * The reward order is committed: decided on the wallet stream with its expected revision before
 * Tremendous is called, so from here on a cancel or reject is refused (the email may be on its way).
 */
export type PayoutRewardOrderPlaced = DomainEvent<
  'PayoutRewardOrderPlaced',
  { uid: string; payoutId: string; amountPence: Pence; placedAt: string }
>;
/**
 * A reversal landed while this payout was open: approving or processing it now needs an admin's
 * explicit acknowledgement (the member may be paid money the partner took back).
 */
export type PayoutFlaggedForReview = DomainEvent<
  'PayoutFlaggedForReview',
  { uid: string; payoutId: string; earningId: string; reversedPence: Pence; reason: string; flaggedAt: string }
>;
/** The reward order was placed with Tremendous (external_id = payoutId). */
export type PayoutRewardOrdered = DomainEvent<
  'PayoutRewardOrdered',
  { uid: string; payoutId: string; orderId: string; rewardId: string | null; orderStatus: string; orderedAt: string }
>;
export type PayoutRewardOrderFailed = DomainEvent<
  'PayoutRewardOrderFailed',
  { uid: string; payoutId: string; error: string; failedAt: string }
>;
/**
 * A webhook from Tremendous about the payout's reward, once per webhook uuid. `state` and
 * `occurredAt` (the webhook's created_utc) decide whether it changes the payout's reward state: a
 * late, older webhook is recorded and changes nothing (see rewardStateSupersedes).
 */
export type PayoutRewardDeliveryRecorded = DomainEvent<
  'PayoutRewardDeliveryRecorded',
  {
    uid: string;
    payoutId: string;
    webhookUuid: string;
    /** Kept for readers of older events: 'sent' for delivered, 'failed' for everything else. */
    outcome: 'sent' | 'failed';
    state?: RewardState;
    occurredAt?: string | null;
    detail: string | null;
    recordedAt: string;
  }
>;
/** An admin asked for the reward again after a failed delivery: the same email, or a corrected one, as a new order. */
export type PayoutRewardResendRequested = DomainEvent<
  'PayoutRewardResendRequested',
  { uid: string; payoutId: string; email: string; attempt: number; requestedBy: string; requestedAt: string }
>;
/**
 * The reward was not delivered and the reserved money went back to the member's balance: Tremendous
 * refused the order for good, or an admin returned it after a failed delivery.
 */
export type PayoutReturned = DomainEvent<
  'PayoutReturned',
  { uid: string; payoutId: string; amountPence: Pence; reason: string; returnedBy: string; returnedAt: string }
>;
export type PayoutEvent =
  | PayoutRequested
  | PayoutApproved
  | PayoutRejected
  | PayoutProcessed
  | PayoutCancelled
  | PayoutRewardOrderPlaced
  | PayoutFlaggedForReview
  | PayoutRewardOrdered
  | PayoutRewardOrderFailed
  | PayoutRewardDeliveryRecorded
  | PayoutRewardResendRequested
  | PayoutReturned;

/** The account closed with money still available and the member confirmed giving it up: it leaves the balance. */
export type BalanceForfeited = DomainEvent<'BalanceForfeited', { uid: string; amountPence: Pence; reason: string; forfeitedAt: string }>;
/** Why a credit is held for an admin's review (absent on credits held before reasons were recorded: large_credit). */
export type ReviewHoldReason = 'large_credit' | 'partner_fraud_score';

/** BitLabs' account states from its ban callbacks; every state but `active` pauses payouts. */
export const PARTNER_ACCOUNT_STATES = ['active', 'banned', 'shadow_ban', 'review', 'on_hold'] as const;
export type PartnerAccountState = (typeof PARTNER_ACCOUNT_STATES)[number];

/**
 * The offer partner told us the member's account state (a BitLabs ban callback). Anything but
 * `active` is an account hold: payouts pause with the partner's reason shown to the member and to
 * admins (never a silent ban) until the partner says `active` again or the end time passes.
 */
export type PartnerAccountStatusChanged = DomainEvent<
  'PartnerAccountStatusChanged',
  { uid: string; partner: 'bitlabs'; state: PartnerAccountState; reason: string | null; endsAt: string | null; changedAt: string }
>;

export type WalletEvent =
  | BalanceForfeited
  | WelcomeBonusGranted
  | PartnerAccountStatusChanged
  | EarningCredited
  | EarningApproved
  | EarningReversed
  | EarningReviewApproved
  | EarningReviewRejected
  | ReferralRewardGranted
  | ReferralRewardReversed
  | ReversalAwaitingCredit
  | CreditCoveredByClaim
  | CreditRefusedAccountClosed
  | WalletClosed
  | MemberQualified
  | MemberQualificationLost
  | PayoutEvent;

// ---------------------------------------------------------------- callbacks (BitLabs)
export type OfferState = 'NONE' | 'COMPLETED' | 'PENDING' | 'RECONCILED';

export type CallbackReceived = DomainEvent<
  'CallbackReceived',
  {
    callbackId: string;
    transactionId: string;
    userId: string;
    offerId: string | null;
    offerName: string | null;
    taskId: string | null;
    taskName: string | null;
    /** `val` exactly as sent, and parsed to pence (may be negative for a reversal). */
    userRewardRaw: string;
    rewardPence: Pence;
    /** `raw` exactly as sent, and parsed to USD ten-thousandths. */
    rawPaymentRaw: string | null;
    rawUsd: UsdTenThousandths | null;
    state: OfferState;
    type: string | null;
    ref: string | null;
    fscore: string | null;
    debug: boolean;
    sourceIp: string;
    hash: string;
    rawParameters: Record<string, string>;
    /** The admin who sent it from the console (`/api/bitlabs/callback/trigger`); null for BitLabs. */
    triggeredBy: string | null;
    receivedAt: string;
  }
>;
export type CallbackRejected = DomainEvent<
  'CallbackRejected',
  {
    callbackId: string;
    reason: string;
    transactionId: string | null;
    userId: string | null;
    sourceIp: string;
    hash: string | null;
    rawParameters: Record<string, string>;
    receivedAt: string;
  }
>;
export type CallbackProcessed = DomainEvent<
  'CallbackProcessed',
  { callbackId: string; uid: string; earningId: string | null; outcome: string; processedAt: string }
>;
export type CallbackProcessingFailed = DomainEvent<
  'CallbackProcessingFailed',
  { callbackId: string; error: string; failedAt: string }
>;
export type CallbackEvent = CallbackReceived | CallbackRejected | CallbackProcessed | CallbackProcessingFailed;

// ---------------------------------------------------------------- offers
// Literal unions rather than offers-api's types: events.ts must not import the API shapes (cycle).
type CatalogueStatus = 'active' | 'inactive' | 'draft';

/** One milestone of an offer (BitLabs "event"): what the member earns and what BitLabs pays us. */
export interface OfferTask {
  eventId: string;
  name: string;
  /** 1 Install, 2 Achievement, 3 Purchase, 4 Daily Activity, other General. */
  typeId: number;
  rewardPence: Pence;
  payoutUsd: UsdTenThousandths | null;
  ttcMinutes: number | null;
}

/** What an offer shows; anchor, status and featured have their own events. */
export interface OfferContent {
  title: string;
  productName: string;
  description: string;
  iconUrl: string | null;
  /** The member's "up to" reward: the sum of the tasks (or the admin's figure for a manual offer). */
  rewardPence: Pence;
  payoutUsd: UsdTenThousandths | null;
  category: string;
  categories: string[];
  difficulty: 'Easy' | 'Medium' | 'Hard';
  timeToComplete: string;
  /** Tracking link without the member; the start call adds the member's uid. */
  clickUrl: string | null;
  /** 1 Android, 2 iOS, 0 web/universal, 3 PC. */
  devicePlatform: 0 | 1 | 2 | 3;
  requirements: string[];
  instructions: string[];
  thingsToKnow: string[];
  tasks: OfferTask[];
  confirmationTime: string | null;
  disclaimer: string | null;
  supportUrl: string | null;
}

// Stream offer-<offerId>. `...By` is an admin's email/uid or 'bitlabs-sync'.
export type OfferCreated = DomainEvent<
  'OfferCreated',
  {
    offerId: string;
    /** BitLabs offer id; a manual offer uses its own id. */
    apiId: string;
    source: 'bitlabs' | 'manual';
    content: OfferContent;
    anchor: string | null;
    status: CatalogueStatus;
    createdBy: string;
    reason: string;
    createdAt: string;
  }
>;
/** The BitLabs feed changed these fields since the last sync (only the changed ones). */
export type OfferDataSynced = DomainEvent<
  'OfferDataSynced',
  { offerId: string; apiId: string; changes: Partial<OfferContent>; syncedBy: string; reason: string; syncedAt: string }
>;
/** An admin edited these fields (only the changed ones). */
export type OfferUpdated = DomainEvent<
  'OfferUpdated',
  { offerId: string; changes: Partial<OfferContent>; updatedBy: string; reason: string; updatedAt: string }
>;
export type OfferDeleted = DomainEvent<'OfferDeleted', { offerId: string; apiId: string; deletedBy: string; reason: string; deletedAt: string }>;
/** Trimmed; null clears it. */
export type OfferAnchorChanged = DomainEvent<
  'OfferAnchorChanged',
  { offerId: string; anchor: string | null; previousAnchor: string | null; changedBy: string; reason: string; changedAt: string }
>;
export type OfferStatusChanged = DomainEvent<
  'OfferStatusChanged',
  { offerId: string; status: CatalogueStatus; previousStatus: CatalogueStatus; changedBy: string; reason: string; changedAt: string }
>;
export type OfferStreamEvent = OfferCreated | OfferDataSynced | OfferUpdated | OfferDeleted | OfferAnchorChanged | OfferStatusChanged;

/**
 * Stream offer-catalogue: one event per offer whose flag flips, all of a group in one append, so
 * the featured total is decided against one stream and its expected revision.
 */
export type OfferFeaturedChanged = DomainEvent<
  'OfferFeaturedChanged',
  { offerId: string; anchor: string | null; featured: boolean; changedBy: string; reason: string; changedAt: string }
>;
export type OfferCatalogueEvent = OfferFeaturedChanged;

/** Stream offerstarts-<uid>: every click on Start (a second start is recorded too). */
export type OfferStarted = DomainEvent<'OfferStarted', { uid: string; offerId: string; apiId: string; offerTitle: string; startedAt: string }>;
/** What the member's client says about an offer they started; credits stay the partner's word. */
export type OfferProgressReported = DomainEvent<
  'OfferProgressReported',
  { uid: string; offerId: string; apiId: string; status: 'in_progress' | 'completed'; reportedAt: string }
>;
export type OfferStartsEvent = OfferStarted | OfferProgressReported;

export type OffersEvent = OfferStreamEvent | OfferCatalogueEvent | OfferStartsEvent;

// ---------------------------------------------------------------- blogs
/** What a post shows; `content` is HTML already sanitised by the server (never raw admin input). */
export interface BlogContent {
  slug: string;
  title: string;
  preview: string;
  content: string;
  metaDescription: string | null;
  featuredImageUrl: string | null;
}

// Stream blog-<blogId>. Views are not events: they are a counter the API keeps beside the read table.
export type BlogCreated = DomainEvent<
  'BlogCreated',
  { blogId: string; content: BlogContent; authorUid: string; authorName: string; createdAt: string }
>;
/** Only the changed fields. */
export type BlogUpdated = DomainEvent<'BlogUpdated', { blogId: string; changes: Partial<BlogContent>; updatedBy: string; updatedAt: string }>;
export type BlogPublished = DomainEvent<'BlogPublished', { blogId: string; publishedBy: string; publishedAt: string }>;
export type BlogUnpublished = DomainEvent<'BlogUnpublished', { blogId: string; unpublishedBy: string; unpublishedAt: string }>;
export type BlogFeatured = DomainEvent<'BlogFeatured', { blogId: string; featuredBy: string; featuredAt: string }>;
export type BlogUnfeatured = DomainEvent<'BlogUnfeatured', { blogId: string; unfeaturedBy: string; unfeaturedAt: string }>;
export type BlogDeleted = DomainEvent<'BlogDeleted', { blogId: string; slug: string; deletedBy: string; deletedAt: string }>;
export type BlogStreamEvent = BlogCreated | BlogUpdated | BlogPublished | BlogUnpublished | BlogFeatured | BlogUnfeatured | BlogDeleted;

/** Stream blogslug-<slug>: claimed when a post takes the slug, released when it leaves it (edit or delete). */
export type BlogSlugClaimed = DomainEvent<'BlogSlugClaimed', { slug: string; blogId: string; claimedAt: string }>;
export type BlogSlugReleased = DomainEvent<'BlogSlugReleased', { slug: string; blogId: string; releasedAt: string }>;
export type BlogSlugEvent = BlogSlugClaimed | BlogSlugReleased;

export type BlogsEvent = BlogStreamEvent | BlogSlugEvent;

// ---------------------------------------------------------------- privacy
/**
 * Stream retention-<day>: the daily retention job shredded the keys whose retention ended (counts
 * per category only: no personal data). Technical data (IPs, raw partner parameters) received
 * before `technicalBefore` is unreadable from now on.
 */
export type PersonalDataRetentionApplied = DomainEvent<
  'PersonalDataRetentionApplied',
  { day: string; technicalBefore: string; shreddedKeys: Record<string, number>; ranAt: string }
>;
export type PrivacyEvent = PersonalDataRetentionApplied;

// ---------------------------------------------------------------- missing-credit claims
export type ClaimStatus = 'open' | 'waiting_partner' | 'approved' | 'declined';

/** One partner callback we hold for the member and offer, as the claim saw it when opened. */
export interface ClaimCallbackEvidence {
  transactionId: string;
  taskId: string | null;
  taskName: string | null;
  state: string | null;
  rewardPence: Pence | null;
  receivedAt: string;
}

/** Stream claim-<claimId>. Opened by the member, pre-filled from our log; approved or declined by an admin. */
export type ClaimOpened = DomainEvent<
  'ClaimOpened',
  {
    claimId: string;
    uid: string;
    /** Our offer id, and BitLabs' (callbacks and earnings name the offer by it). */
    offerId: string;
    apiId: string;
    offerTitle: string;
    taskId: string;
    taskName: string;
    /** What the task pays the member: the amount an approval credits. */
    rewardPence: Pence;
    /** The member's first start of the offer (POST /api/offers/{id}/start). */
    startedAt: string;
    /** Every callback we received for the member and offer when the claim was opened. */
    callbacks: ClaimCallbackEvidence[];
    /** What is missing, in words (the tasks without a credit). */
    missing: string;
    note: string;
    evidence: string | null;
    openedAt: string;
  }
>;
export type ClaimMarkedWaiting = DomainEvent<
  'ClaimMarkedWaiting',
  { claimId: string; uid: string; by: string; byUid: string; note: string | null; markedAt: string }
>;
/** Approved: the wallet credits `amountPence` as earning `earningId` (an EarningCredited with source `claim`). */
export type ClaimApproved = DomainEvent<
  'ClaimApproved',
  { claimId: string; uid: string; earningId: string; amountPence: Pence; by: string; byUid: string; reason: string; approvedAt: string }
>;
/** Declined with a reason the member sees. */
export type ClaimDeclined = DomainEvent<
  'ClaimDeclined',
  { claimId: string; uid: string; by: string; byUid: string; reason: string; declinedAt: string }
>;
export type ClaimEvent = ClaimOpened | ClaimMarkedWaiting | ClaimApproved | ClaimDeclined;

/** Stream claimtask-<uid>:<offerId>:<taskId>: held by the claim that is open or approved, released when it is declined. */
export type ClaimTaskHeld = DomainEvent<'ClaimTaskHeld', { uid: string; offerId: string; taskId: string; claimId: string; heldAt: string }>;
export type ClaimTaskReleased = DomainEvent<'ClaimTaskReleased', { uid: string; offerId: string; taskId: string; claimId: string; releasedAt: string }>;
export type ClaimTaskEvent = ClaimTaskHeld | ClaimTaskReleased;

export type ClaimsEvent = ClaimEvent | ClaimTaskEvent;

export type PlayQuidEvent = UserEvent | EmailClaimEvent | WalletEvent | CallbackEvent | OffersEvent | BlogsEvent | ClaimsEvent | PrivacyEvent;
export type PlayQuidEventType = PlayQuidEvent['type'];
export type EventOfType<T extends PlayQuidEventType> = Extract<PlayQuidEvent, { type: T }>;
