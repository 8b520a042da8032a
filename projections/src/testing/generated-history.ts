import type { EarningStatus, PayoutStatus, PlayQuidEvent } from '@playquid/contracts';
import { callbackData, content } from '@playquid/domain/testing';
import fc from 'fast-check';

/**
 * Plausible histories of the whole product for property tests and measurements: a few members
 * registering (some with an email someone else already used, as old logs hold), earning from
 * callbacks (pending, approved, held for review, failed), having credits approved, reviewed and
 * reversed, requesting payouts that are approved, ordered, paid, rejected or cancelled; offers and
 * blog posts created, edited and deleted; offer starts. Every event is one the write side could have
 * appended at that point, so applying a history must never fail.
 */
export const STEP_KINDS = [
  'register',
  'userChange',
  'bonus',
  'referral',
  'callback',
  'rejectedCallback',
  'approveEarning',
  'reviewEarning',
  'reverseEarning',
  'requestPayout',
  'payoutChange',
  'offer',
  'offerStart',
  'blog',
  'closeAccount',
  'retention',
  'claim',
] as const;

export interface HistoryStep {
  kind: (typeof STEP_KINDS)[number];
  /** Which member acts. */
  member: number;
  /** Chooses among the things the step could act on, and among its variants. */
  pick: number;
  amount: number;
  flag: boolean;
}

const stepArbitrary = (members: number) =>
  fc.record({
    kind: fc.constantFrom(...STEP_KINDS),
    member: fc.nat({ max: members - 1 }),
    pick: fc.nat({ max: 1_000 }),
    amount: fc.integer({ min: 1, max: 6_000 }),
    flag: fc.boolean(),
  });

/** fast-check steps of a history (turn them into events with historyOf). */
export const historySteps = ({ members = 4, maxLength = 120 }: { members?: number; maxLength?: number } = {}) =>
  fc.array(stepArbitrary(members), { minLength: 1, maxLength });

/** `count` steps from a seed, without fast-check's machinery: for large logs. `kinds` weighs them (repeat a kind to make it likelier). */
export function seededSteps(
  count: number,
  { members = 4, seed = 42, kinds = STEP_KINDS }: { members?: number; seed?: number; kinds?: readonly HistoryStep['kind'][] } = {},
): HistoryStep[] {
  let state = seed >>> 0;
  // mulberry32
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return Array.from({ length: count }, () => ({
    kind: kinds[int(kinds.length)],
    member: int(members),
    pick: int(1_001),
    amount: 1 + int(6_000),
    flag: next() < 0.5,
  }));
}

/** The events of a history; steps that make no sense at their point (e.g. approving nothing) add none. */
export function historyOf(steps: readonly HistoryStep[]): PlayQuidEvent[] {
  const history = new History();
  for (const step of steps) history.step(step);
  return history.events;
}

/** Pending credits above this are held for an admin's review. */
const HELD_ABOVE_PENCE = 5_000;
/** How far back approvals, reviews and reversals look for an earning to act on. */
const RECENT_EARNINGS = 300;

interface Earning {
  uid: string;
  amount: number;
  status: EarningStatus;
  held: boolean;
  payoutId: string | null;
}

interface Payout {
  uid: string;
  amount: number;
  status: PayoutStatus;
  earningIds: string[];
}

class History {
  readonly events: PlayQuidEvent[] = [];
  private clock = Date.parse('2026-11-22T10:00:00.000Z');
  private ids = 0;
  private readonly registered = new Set<string>();
  private readonly bonusGranted = new Set<string>();
  private readonly banned = new Set<string>();
  private readonly closed = new Set<string>();
  private readonly earnings = new Map<string, Earning>();
  /** Earning ids in the order they were booked: approvals, reviews and reversals pick among the recent ones. */
  private readonly earningOrder: string[] = [];
  private readonly earningsOf = new Map<string, string[]>();
  /** Payouts an admin or a webhook may still act on; a member has at most one pending or approved. */
  private readonly payouts = new Map<string, Payout>();
  private readonly offers = new Map<string, { apiId: string; status: 'active' | 'inactive' | 'draft' }>();
  /** Offers ever created, deleted ones too: a member may have started one before it went. */
  private readonly offerIds: string[] = [];
  private readonly blogs = new Map<string, { slug: string; published: boolean; featured: boolean }>();
  private readonly claims = new Map<string, { uid: string; status: 'open' | 'waiting_partner' | 'approved' | 'declined' }>();

  step(s: HistoryStep): void {
    this.clock += 60_000;
    const uid = `m${s.member}`;
    switch (s.kind) {
      case 'register':
        return this.register(uid, s);
      case 'userChange':
        return this.changeUser(uid, s);
      case 'bonus':
        if (!this.registered.has(uid) || this.bonusGranted.has(uid)) return;
        this.bonusGranted.add(uid);
        return this.credit(uid, 'approved', false, 200, (earningId) => ({
          type: 'WelcomeBonusGranted',
          data: { uid, earningId, amountPence: 200, grantedAt: this.now },
        }));
      case 'referral': {
        if (!this.registered.has(uid)) return;
        const friendUid = `m${s.pick % 4}`;
        let granted = '';
        this.credit(uid, 'approved', false, 150, (earningId) => {
          granted = earningId;
          return { type: 'ReferralRewardGranted', data: { uid, friendUid, earningId, amountPence: 150, grantedAt: this.now } };
        });
        // The friend's qualifying offer was reversed: the reward goes with it.
        if (s.flag && s.pick % 3 === 0) {
          this.earnings.get(granted)!.status = 'rejected';
          this.emit({
            type: 'ReferralRewardReversed',
            data: { uid, friendUid, earningId: granted, amountPence: 150, reason: 'Referral reward reversed', reversedAt: this.now },
          });
        }
        return;
      }
      case 'callback':
        return this.callback(uid, s);
      case 'rejectedCallback':
        return this.emit({
          type: 'CallbackRejected',
          data: {
            callbackId: this.id('cbr'),
            reason: 'Invalid hash',
            transactionId: s.flag ? this.id('tx') : null,
            userId: s.flag ? uid : null,
            sourceIp: '10.0.0.9',
            hash: s.flag ? 'b'.repeat(40) : null,
            rawParameters: s.flag ? { uid, val: '1.00', offer_id: '7', state: 'COMPLETED' } : {},
            receivedAt: this.now,
          },
        });
      case 'approveEarning':
        return this.withEarning(
          s,
          (e) => e.status === 'pending' && !e.held,
          (earningId, e) => {
            e.status = 'approved';
            this.emit({ type: 'EarningApproved', data: { uid: e.uid, earningId, callbackId: this.id('cb'), approvedAt: this.now } });
          },
        );
      case 'reviewEarning':
        return this.withEarning(
          s,
          (e) => e.status === 'pending' && e.held,
          (earningId, e) => {
            e.status = s.flag ? 'approved' : 'rejected';
            const common = { uid: e.uid, earningId, amountPence: e.amount, reason: 'Checked' };
            this.emit(
              s.flag
                ? { type: 'EarningReviewApproved', data: { ...common, approvedBy: 'admin', approvedAt: this.now } }
                : { type: 'EarningReviewRejected', data: { ...common, rejectedBy: 'admin', rejectedAt: this.now } },
            );
          },
        );
      case 'reverseEarning':
        return this.withEarning(
          s,
          (e) => (e.status === 'pending' && !e.held) || e.status === 'approved',
          (earningId, e) => {
            const fromStatus = e.status === 'pending' ? 'pending' : 'approved';
            e.status = 'rejected';
            this.emit({
              type: 'EarningReversed',
              data: {
                uid: e.uid,
                earningId,
                callbackId: this.id('cb'),
                amountPence: e.amount,
                fromStatus,
                reason: 'Reversed by BitLabs',
                reversedAt: this.now,
              },
            });
            // A reversal while a payout is open flags it for an admin's review.
            for (const [payoutId, p] of this.payouts) {
              if (p.uid === e.uid && (p.status === 'pending' || p.status === 'approved')) {
                this.emit({
                  type: 'PayoutFlaggedForReview',
                  data: { uid: e.uid, payoutId, earningId, reversedPence: e.amount, reason: 'A reversal landed', flaggedAt: this.now },
                });
              }
            }
          },
        );
      case 'requestPayout':
        return this.requestPayout(uid, s);
      case 'payoutChange':
        return this.changePayout(s);
      case 'offer':
        return this.offer(s);
      case 'offerStart':
        return this.offerStart(uid, s);
      case 'blog':
        return this.blog(s);
      case 'closeAccount':
        // Closed members' personal data is erased from the tables; later events about them still come.
        if (!this.registered.has(uid) || this.closed.has(uid)) return;
        this.closed.add(uid);
        if (s.flag) this.emit({ type: 'BalanceForfeited', data: { uid, amountPence: s.amount % 500, reason: 'Given up on closure', forfeitedAt: this.now } });
        return this.emit({
          type: 'AccountClosed',
          data: { uid, closedBy: uid, byAdmin: false, reason: null, forfeitedPence: s.flag ? s.amount % 500 : 0, closedAt: this.now },
        });
      case 'retention': {
        // Technical data older than a cut-off some minutes back becomes unreadable.
        const before = new Date(this.clock - (s.pick % 120) * 60_000).toISOString();
        return this.emit({
          type: 'PersonalDataRetentionApplied',
          data: { day: `${this.now.slice(0, 10)}-${this.id('run')}`, technicalBefore: before, shreddedKeys: { technical: s.pick % 5 }, ranAt: this.now },
        });
      }
      case 'claim':
        return this.claim(uid, s);
    }
  }

  /** A member's missing-credit claim opened, or an admin moving one along (waiting, approved, declined). */
  private claim(uid: string, s: HistoryStep): void {
    const undecided = [...this.claims].filter(([, c]) => c.status === 'open' || c.status === 'waiting_partner');
    const by = { by: 'admin@playquid.test', byUid: 'admin-1' };
    if (undecided.length === 0 || s.flag) {
      if (!this.registered.has(uid)) return;
      const claimId = this.id('claim');
      this.claims.set(claimId, { uid, status: 'open' });
      const offerId = this.offerIds[s.pick % Math.max(1, this.offerIds.length)] ?? 'offer-0';
      this.emit({
        type: 'ClaimOpened',
        data: {
          claimId,
          uid,
          offerId,
          apiId: offerId,
          offerTitle: `Offer ${offerId}`,
          taskId: `task-${s.pick % 3}`,
          taskName: `Task ${s.pick % 3}`,
          rewardPence: s.amount,
          startedAt: this.now,
          callbacks: [],
          missing: `No credit yet for: Task ${s.pick % 3}`,
          note: 'Completed it',
          evidence: s.pick % 2 === 0 ? `Player ${s.pick}` : null,
          openedAt: this.now,
        },
      });
      return;
    }
    const [claimId, claim] = undecided[s.pick % undecided.length];
    const variant = s.amount % 3;
    if (variant === 0 && claim.status === 'open') {
      claim.status = 'waiting_partner';
      this.emit({ type: 'ClaimMarkedWaiting', data: { claimId, uid: claim.uid, ...by, note: null, markedAt: this.now } });
    } else if (variant === 1) {
      claim.status = 'approved';
      this.emit({
        type: 'ClaimApproved',
        data: { claimId, uid: claim.uid, earningId: `claim-${claimId}`, amountPence: s.amount, ...by, reason: 'Confirmed', approvedAt: this.now },
      });
    } else {
      claim.status = 'declined';
      this.emit({ type: 'ClaimDeclined', data: { claimId, uid: claim.uid, ...by, reason: 'No record', declinedAt: this.now } });
    }
  }

  private get now(): string {
    return new Date(this.clock).toISOString();
  }

  private id(prefix: string): string {
    this.ids += 1;
    return `${prefix}-${this.ids}`;
  }

  private emit(event: PlayQuidEvent): void {
    this.events.push(event);
  }

  private register(uid: string, s: HistoryStep): void {
    if (this.registered.has(uid)) return;
    const others = [...this.registered];
    // Some old profiles named an email another member had already used: the projection parks it.
    const email = s.flag && others.length > 0 ? `${others[s.pick % others.length]}@example.com` : `${uid}@example.com`;
    if (email === `${uid}@example.com`) this.emit({ type: 'EmailClaimed', data: { email, uid, claimedAt: this.now } });
    this.emit({
      type: 'UserRegistered',
      data: {
        uid,
        email: s.pick % 3 === 0 ? email.toUpperCase() : email,
        username: uid,
        gender: s.pick % 2 === 0 ? 'female' : null,
        referredBy: others.length > 0 && s.pick % 4 === 1 ? others[0] : null,
        emailVerified: s.amount % 2 === 0,
        registeredAt: this.now,
      },
    });
    this.registered.add(uid);
  }

  private changeUser(uid: string, s: HistoryStep): void {
    if (!this.registered.has(uid)) return;
    const at = this.now;
    switch (s.pick % 6) {
      case 0:
        return this.emit({ type: 'UserEmailVerified', data: { uid, verifiedAt: at } });
      case 1:
        return this.emit({ type: 'UserSignedIn', data: { uid, signedInAt: at } });
      case 2:
        return this.emit({ type: 'UserProfileUpdated', data: { uid, username: `${uid}-${s.amount}`, updatedAt: at } });
      case 3:
        return this.emit({
          type: 'UserRoleChanged',
          data: { uid, role: s.flag ? 'ADMIN' : 'USER', changedBy: 'cli', reason: null, changedAt: at },
        });
      case 4:
        // A BitLabs ban callback: a hold with a reason and end time, or the hold lifted.
        return this.emit({
          type: 'PartnerAccountStatusChanged',
          data: { uid, partner: 'bitlabs', state: s.flag ? 'on_hold' : 'active', reason: s.flag ? 'Chargebacks' : null, endsAt: s.flag ? at : null, changedAt: at },
        });
      default:
        if (this.banned.has(uid)) {
          this.banned.delete(uid);
          return this.emit({ type: 'UserUnbanned', data: { uid, unbannedBy: 'admin', reason: null, unbannedAt: at } });
        }
        this.banned.add(uid);
        return this.emit({ type: 'UserBanned', data: { uid, bannedBy: 'admin', reason: 'Fraud', bannedAt: at } });
    }
  }

  private credit(
    uid: string,
    status: 'pending' | 'approved',
    held: boolean,
    amount: number,
    event: (earningId: string) => PlayQuidEvent,
  ): void {
    const earningId = this.id('e');
    this.earnings.set(earningId, { uid, amount, status, held, payoutId: null });
    this.earningOrder.push(earningId);
    const mine = this.earningsOf.get(uid);
    if (mine) mine.push(earningId);
    else this.earningsOf.set(uid, [earningId]);
    this.emit(event(earningId));
  }

  /** A partner callback and what processing made of it: a credit, or a failure first. */
  private callback(uid: string, s: HistoryStep): void {
    const callbackId = this.id('cb');
    const transactionId = this.id('tx');
    const status = s.flag ? 'pending' : 'approved';
    this.emit({
      type: 'CallbackReceived',
      data: callbackData({
        callbackId,
        transactionId,
        userId: uid,
        offerId: s.pick % 2 === 0 ? '42' : null,
        offerName: s.pick % 2 === 0 ? 'Dragon Clash' : null,
        rewardPence: s.amount,
        state: s.flag ? 'PENDING' : 'COMPLETED',
        rawParameters: { uid, tx: transactionId },
        triggeredBy: s.pick % 7 === 0 ? 'admin@playquid.test' : null,
        receivedAt: this.now,
      }),
    });
    if (!this.registered.has(uid) || s.pick % 5 === 0) {
      this.emit({ type: 'CallbackProcessingFailed', data: { callbackId, error: `Unknown member ${uid}`, failedAt: this.now } });
      if (!this.registered.has(uid)) return;
    }
    // A closed member's credit is recorded, not credited. Only some: this generator is not the decider, and letting
    // the other credits of closed members through keeps every later event type (reviews, payouts) in the histories.
    if (this.closed.has(uid) && s.pick % 4 === 0) {
      this.emit({ type: 'CreditRefusedAccountClosed', data: { uid, callbackId, transactionId, offerId: '42', taskId: null, amountPence: s.amount, closedAt: this.now, receivedAt: this.now } });
      this.emit({ type: 'CallbackProcessed', data: { callbackId, uid, earningId: null, outcome: 'account_closed_not_credited', processedAt: this.now } });
      return;
    }
    // Now and then a credit for a task a claim already paid: recorded on the wallet, not paid (its callback shows it).
    if (s.pick % 11 === 5) {
      const coveredId = this.id('cb');
      const coveredTx = this.id('tx');
      this.emit({ type: 'CallbackReceived', data: callbackData({ callbackId: coveredId, transactionId: coveredTx, userId: uid, offerId: '42', taskId: 'task-1', rewardPence: s.amount, receivedAt: this.now }) });
      this.emit({ type: 'CreditCoveredByClaim', data: { uid, callbackId: coveredId, transactionId: coveredTx, offerId: '42', taskId: 'task-1', claimId: 'claim-0', earningId: 'claim-claim-0', amountPence: s.amount, receivedAt: this.now } });
      this.emit({ type: 'CallbackProcessed', data: { callbackId: coveredId, uid, earningId: 'claim-claim-0', outcome: 'already_credited_by_claim', processedAt: this.now } });
    }
    // Now and then a reversal of a credit not here yet: it waits on the wallet (its callback shows it).
    if (s.pick % 11 === 3) {
      const reversalId = this.id('cb');
      const reversalTx = this.id('tx');
      this.emit({
        type: 'CallbackReceived',
        data: callbackData({ callbackId: reversalId, transactionId: reversalTx, userId: uid, rewardPence: -s.amount, state: 'RECONCILED', ref: this.id('tx'), receivedAt: this.now }),
      });
      this.emit({ type: 'ReversalAwaitingCredit', data: { uid, callbackId: reversalId, transactionId: reversalTx, creditTransactionId: this.id('tx'), receivedAt: this.now } });
      this.emit({ type: 'CallbackProcessed', data: { callbackId: reversalId, uid, earningId: null, outcome: 'reversal_awaiting_credit', processedAt: this.now } });
    }
    const held = status === 'pending' && s.amount > HELD_ABOVE_PENCE;
    let earningId = '';
    this.credit(uid, status, held, s.amount, (id) => {
      earningId = id;
      return {
        type: 'EarningCredited',
        data: {
          uid,
          earningId: id,
          callbackId,
          transactionId,
          offerId: '42',
          offerName: 'Dragon Clash',
          taskId: null,
          taskName: s.pick % 3 === 0 ? null : 'Level 5',
          amountPence: s.amount,
          rawUsd: null,
          status,
          ...(held ? { heldForReview: true } : {}),
          creditedAt: this.now,
        },
      };
    });
    this.emit({ type: 'CallbackProcessed', data: { callbackId, uid, earningId, outcome: `credited_${status}`, processedAt: this.now } });
  }

  private withEarning(s: HistoryStep, eligible: (e: Earning) => boolean, act: (earningId: string, e: Earning) => void): void {
    const candidates = this.earningOrder
      .slice(-RECENT_EARNINGS)
      .map((id) => [id, this.earnings.get(id)!] as const)
      .filter(([, e]) => eligible(e));
    if (candidates.length === 0) return;
    const [earningId, earning] = candidates[s.pick % candidates.length];
    act(earningId, earning);
  }

  private requestPayout(uid: string, s: HistoryStep): void {
    if (
      !this.registered.has(uid) ||
      [...this.payouts.values()].some((p) => p.uid === uid && (p.status === 'pending' || p.status === 'approved'))
    )
      return;
    const unpaid = (this.earningsOf.get(uid) ?? []).filter((id) => {
      const e = this.earnings.get(id)!;
      return e.uid === uid && e.status === 'approved' && e.payoutId === null;
    });
    // Older payouts carried no earning ids; newer ones settle the member's approved earnings.
    const earningIds = s.flag ? unpaid : [];
    const amount = earningIds.length > 0 ? earningIds.reduce((sum, id) => sum + this.earnings.get(id)!.amount, 0) : s.amount;
    const payoutId = this.id('p');
    for (const id of earningIds) this.earnings.get(id)!.payoutId = payoutId;
    this.payouts.set(payoutId, { uid, amount, status: 'pending', earningIds });
    this.emit({
      type: 'PayoutRequested',
      data: {
        uid,
        payoutId,
        amountPence: amount,
        method: 'tremendous_reward',
        deliveryMethod: 'email',
        email: `${uid}@example.com`,
        earningIds,
        requestedAt: this.now,
      },
    });
  }

  private changePayout(s: HistoryStep): void {
    const open = [...this.payouts];
    if (open.length === 0) return;
    const [payoutId, p] = open[s.pick % open.length];
    const at = this.now;
    const base = { uid: p.uid, payoutId };
    const release = (status: 'rejected' | 'cancelled' | 'returned') => {
      this.payouts.delete(payoutId);
      for (const id of p.earningIds) this.earnings.get(id)!.payoutId = null;
      p.status = status;
    };
    if (p.status === 'pending') {
      switch (s.pick % 3) {
        case 0:
          p.status = 'approved';
          return this.emit({
            type: 'PayoutApproved',
            data: { ...base, approvedBy: 'admin', notes: null, reversalAcknowledged: s.flag, approvedAt: at },
          });
        case 1:
          release('rejected');
          return this.emit({
            type: 'PayoutRejected',
            data: { ...base, amountPence: p.amount, reason: 'No', rejectedBy: 'admin', rejectedAt: at },
          });
        default:
          release('cancelled');
          return this.emit({
            type: 'PayoutCancelled',
            data: { ...base, amountPence: p.amount, reason: 'Changed my mind', cancelledBy: p.uid, byAdmin: false, cancelledAt: at },
          });
      }
    }
    if (p.status === 'approved') {
      switch (s.pick % 6) {
        case 4:
          return this.emit({
            type: 'PayoutRewardResendRequested',
            data: { ...base, email: `${p.uid}+fixed@example.com`, attempt: 1, requestedBy: 'admin', requestedAt: at },
          });
        case 5:
          release('returned');
          return this.emit({
            type: 'PayoutReturned',
            data: { ...base, amountPence: p.amount, reason: 'Reward email bounced', returnedBy: 'admin', returnedAt: at },
          });
        case 0:
          return this.emit({ type: 'PayoutRewardOrderPlaced', data: { ...base, amountPence: p.amount, placedAt: at } });
        case 1:
          return this.emit({
            type: 'PayoutRewardOrdered',
            data: {
              ...base,
              orderId: this.id('order'),
              rewardId: s.flag ? this.id('reward') : null,
              orderStatus: 'EXECUTED',
              orderedAt: at,
            },
          });
        case 2:
          return this.emit({ type: 'PayoutRewardOrderFailed', data: { ...base, error: 'Tremendous is down', failedAt: at } });
        default:
          p.status = 'completed';
          for (const id of p.earningIds) {
            const e = this.earnings.get(id)!;
            if (e.status === 'approved') e.status = 'paid';
          }
          return this.emit({
            type: 'PayoutProcessed',
            data: {
              ...base,
              amountPence: p.amount,
              transactionReference: `REF-${payoutId}`,
              notes: 'ok',
              processedBy: 'admin',
              processedAt: at,
            },
          });
      }
    }
    // Paid, and its reward email delivered or bounced: nothing more happens to it.
    this.payouts.delete(payoutId);
    this.emit({
      type: 'PayoutRewardDeliveryRecorded',
      data: {
        ...base,
        webhookUuid: this.id('hook'),
        outcome: s.flag ? 'sent' : 'failed',
        detail: s.flag ? null : 'bounced',
        recordedAt: at,
      },
    });
  }

  private offer(s: HistoryStep): void {
    const live = [...this.offers];
    const at = this.now;
    if (live.length === 0 || s.pick % 8 === 0) {
      const offerId = this.id('offer');
      const source = s.flag ? 'bitlabs' : 'manual';
      const apiId = source === 'bitlabs' ? this.id('api') : offerId;
      this.offers.set(offerId, { apiId, status: 'active' });
      this.offerIds.push(offerId);
      return this.emit({
        type: 'OfferCreated',
        data: {
          offerId,
          apiId,
          source,
          content: content({ title: `Offer ${offerId}`, rewardPence: s.amount }),
          anchor: s.pick % 2 === 0 ? 'Dragon Clash' : null,
          status: 'active',
          createdBy: 'admin',
          reason: 'New',
          createdAt: at,
        },
      });
    }
    const [offerId, offer] = live[s.pick % live.length];
    switch (s.pick % 7) {
      case 1:
        return this.emit({
          type: 'OfferDataSynced',
          data: {
            offerId,
            apiId: offer.apiId,
            changes: { rewardPence: s.amount, categories: ['Android', `c${s.amount}`] },
            syncedBy: 'bitlabs-sync',
            reason: 'Feed',
            syncedAt: at,
          },
        });
      case 2:
        return this.emit({
          type: 'OfferUpdated',
          data: {
            offerId,
            changes: { title: `Offer ${s.amount}`, disclaimer: s.flag ? 'Terms apply' : null, requirements: ['New players'] },
            updatedBy: 'admin',
            reason: 'Edit',
            updatedAt: at,
          },
        });
      case 3:
        return this.emit({
          type: 'OfferAnchorChanged',
          data: {
            offerId,
            anchor: s.flag ? `Anchor ${s.amount}` : null,
            previousAnchor: null,
            changedBy: 'admin',
            reason: 'Edit',
            changedAt: at,
          },
        });
      case 4: {
        const status = s.flag ? 'inactive' : 'active';
        const previousStatus = offer.status;
        offer.status = status;
        return this.emit({
          type: 'OfferStatusChanged',
          data: { offerId, status, previousStatus, changedBy: 'admin', reason: 'Edit', changedAt: at },
        });
      }
      case 5:
        return this.emit({
          type: 'OfferFeaturedChanged',
          data: { offerId, anchor: null, featured: s.flag, changedBy: 'admin', reason: 'Feature', changedAt: at },
        });
      default:
        this.offers.delete(offerId);
        return this.emit({
          type: 'OfferDeleted',
          data: { offerId, apiId: offer.apiId, deletedBy: 'admin', reason: 'Gone', deletedAt: at },
        });
    }
  }

  private offerStart(uid: string, s: HistoryStep): void {
    if (!this.registered.has(uid) || this.offerIds.length === 0) return;
    const offerId = this.offerIds[s.pick % this.offerIds.length];
    if (s.flag) {
      return this.emit({
        type: 'OfferStarted',
        data: { uid, offerId, apiId: offerId, offerTitle: `Offer ${offerId}`, startedAt: this.now },
      });
    }
    this.emit({
      type: 'OfferProgressReported',
      data: { uid, offerId, apiId: offerId, status: s.amount % 2 === 0 ? 'completed' : 'in_progress', reportedAt: this.now },
    });
  }

  private blog(s: HistoryStep): void {
    const live = [...this.blogs];
    const at = this.now;
    if (live.length === 0 || s.pick % 6 === 0) {
      const blogId = this.id('blog');
      const slug = `post-${blogId}`;
      this.blogs.set(blogId, { slug, published: false, featured: false });
      this.emit({ type: 'BlogSlugClaimed', data: { slug, blogId, claimedAt: at } });
      return this.emit({
        type: 'BlogCreated',
        data: {
          blogId,
          content: {
            slug,
            title: `Post ${blogId}`,
            preview: 'A preview.',
            content: '<p>Hello</p>',
            metaDescription: null,
            featuredImageUrl: s.flag ? 'https://images.example/a.jpg' : null,
          },
          authorUid: 'admin-1',
          authorName: 'Ada',
          createdAt: at,
        },
      });
    }
    const [blogId, blog] = live[s.pick % live.length];
    switch (s.pick % 5) {
      case 1: {
        const slug = `post-${blogId}-${s.amount}`;
        this.emit({ type: 'BlogSlugClaimed', data: { slug, blogId, claimedAt: at } });
        this.emit({
          type: 'BlogUpdated',
          data: { blogId, changes: { slug, title: `Post ${s.amount}`, metaDescription: 'About it.' }, updatedBy: 'admin-1', updatedAt: at },
        });
        this.emit({ type: 'BlogSlugReleased', data: { slug: blog.slug, blogId, releasedAt: at } });
        blog.slug = slug;
        return;
      }
      case 2:
        blog.published = !blog.published;
        return this.emit(
          blog.published
            ? { type: 'BlogPublished', data: { blogId, publishedBy: 'admin-1', publishedAt: at } }
            : { type: 'BlogUnpublished', data: { blogId, unpublishedBy: 'admin-1', unpublishedAt: at } },
        );
      case 3:
        blog.featured = !blog.featured;
        return this.emit(
          blog.featured
            ? { type: 'BlogFeatured', data: { blogId, featuredBy: 'admin-1', featuredAt: at } }
            : { type: 'BlogUnfeatured', data: { blogId, unfeaturedBy: 'admin-1', unfeaturedAt: at } },
        );
      default:
        this.blogs.delete(blogId);
        this.emit({ type: 'BlogDeleted', data: { blogId, slug: blog.slug, deletedBy: 'admin-1', deletedAt: at } });
        return this.emit({ type: 'BlogSlugReleased', data: { slug: blog.slug, blogId, releasedAt: at } });
    }
  }
}
