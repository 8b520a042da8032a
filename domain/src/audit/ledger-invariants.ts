import type { WalletEvent } from '@playquid/contracts';
import { payoutFigures } from '../wallet/wallet-payouts';
import { taskKeys } from '../wallet/wallet-state';
import { walletDecider, walletFold, type WalletState } from '../wallet/wallet.decider';

/**
 * The business rules the ledger must keep, checked from the event log alone (the `audit` command
 * and its tests): folds being right is not enough, the money must also have moved by the rules.
 * Each breach is one line naming the member and what is wrong.
 */

/** A wallet event as the log holds it: the event, its stream time and who asked (metadata.actor). */
export type AuditedWalletEvent = WalletEvent & { createdAt: string; actor?: string | null };

export interface AuditedMember {
  uid: string;
  email: string | null;
  referredBy: string | null;
  wallet: readonly AuditedWalletEvent[];
}

export interface AuditedCallback {
  callbackId: string;
  userId: string;
  receivedAt: string;
  /** processed or failed (visible in the console); null while waiting. */
  outcome: 'processed' | 'failed' | null;
}

export interface InvariantOptions {
  now: string;
  /** A callback neither processed nor failed after this long is a breach. */
  callbackDeadlineMs: number;
  /** An approved payout not paid, returned or delivered after this long is stuck. */
  payoutDeadlineMs: number;
}

export interface InvariantReport {
  breaches: string[];
  /** Facts worth seeing that break no rule (a reversal still waiting for its credit, with its age). */
  notes: string[];
  counts: { unprocessedCallbacks: number; waitingReversals: number; stuckPayouts: number; oldestStuckPayoutMs: number | null };
}

const age = (from: string, now: string) => Date.parse(now) - Date.parse(from);
export const formatAge = (ms: number) => (ms >= 3_600_000 ? `${(ms / 3_600_000).toFixed(1)} h` : `${Math.round(ms / 60_000)} min`);

/** Payout events only an admin decides (a member's own cancel is not one). */
function isAdminPayoutEvent(event: AuditedWalletEvent): boolean {
  switch (event.type) {
    case 'PayoutApproved':
    case 'PayoutRejected':
    case 'PayoutProcessed':
    case 'PayoutRewardResendRequested':
      return true;
    case 'PayoutCancelled':
      return event.data.byAdmin;
    case 'PayoutReturned':
      return event.data.returnedBy !== 'tremendous';
    default:
      return false;
  }
}

function memberBreaches(member: AuditedMember, options: InvariantOptions, report: InvariantReport): WalletState {
  const { uid } = member;
  // One private draft for the whole stream (the checks read it between events), returned at the end.
  const state = walletFold.copy(walletDecider.initialState());
  const approvedAt = new Map<string, string>();
  for (const event of member.wallet) {
    if (event.type === 'PayoutRequested') {
      const { withdrawablePence } = payoutFigures(state);
      if (event.data.amountPence > withdrawablePence) {
        report.breaches.push(
          `payout ${event.data.payoutId} of ${uid}: requested ${event.data.amountPence}p with only ${withdrawablePence}p withdrawable`,
        );
      }
    }
    if (isAdminPayoutEvent(event) && event.actor === uid) report.breaches.push(`payout ${(event.data as { payoutId: string }).payoutId} of ${uid}: ${event.type} by the member themself`);
    if (event.type === 'EarningCredited' && event.data.triggeredBy && member.email && event.data.triggeredBy === member.email) {
      report.breaches.push(`earning ${event.data.earningId} of ${uid}: a triggered callback sent by the member themself`);
    }
    if (event.type === 'EarningCredited' && event.data.source === 'claim' && event.data.approvedByUid === uid) {
      report.breaches.push(`earning ${event.data.earningId} of ${uid}: a missing-credit claim approved by the member themself`);
    }
    if (event.type === 'PayoutApproved') approvedAt.set(event.data.payoutId, event.createdAt);
    walletFold.apply(state, event);
  }
  // A task paid through a claim is not paid again by the partner's credit (CreditCoveredByClaim): both standing is a double payment.
  const standing = member.wallet.flatMap((event) =>
    event.type === 'EarningCredited' && state.earnings[event.data.earningId]?.status !== 'rejected'
      ? [{ data: event.data, keys: taskKeys(event.data.offerId, event.data.taskId, event.data.taskName) }]
      : [],
  );
  for (const claim of standing.filter((credit) => credit.data.source === 'claim')) {
    const others = standing.filter((credit) => credit !== claim && credit.keys.some((key) => claim.keys.includes(key)));
    if (others.length === 0) continue;
    const earnings = [claim, ...others].map((credit) => credit.data.earningId).join(' and ');
    report.breaches.push(`task ${claim.data.taskId ?? claim.data.taskName} of offer ${claim.data.offerId} for ${uid}: paid twice (earnings ${earnings})`);
  }
  for (const [creditTx, waiting] of Object.entries(state.awaitingReversals)) {
    const received = member.wallet.find((e) => e.type === 'ReversalAwaitingCredit' && e.data.callbackId === waiting.callbackId);
    report.counts.waitingReversals++;
    report.notes.push(
      `reversal ${waiting.transactionId} of ${uid}: waiting for its credit ${creditTx}${received ? ` for ${formatAge(age(received.createdAt, options.now))}` : ''}`,
    );
  }
  for (const [payoutId, payout] of Object.entries(state.payouts)) {
    const since = approvedAt.get(payoutId);
    if (payout.status !== 'approved' || !since || payout.rewardState === 'delivered') continue;
    const waited = age(since, options.now);
    if (waited <= options.payoutDeadlineMs) continue;
    report.counts.stuckPayouts++;
    report.counts.oldestStuckPayoutMs = Math.max(report.counts.oldestStuckPayoutMs ?? 0, waited);
    report.breaches.push(`payout ${payoutId} of ${uid}: approved ${formatAge(waited)} ago and not yet delivered, paid or returned (reward ${payout.rewardState ?? 'not ordered'})`);
  }
  return state;
}

/** Checks every rule over the whole ledger. */
export function checkLedgerInvariants(members: readonly AuditedMember[], callbacks: readonly AuditedCallback[], options: InvariantOptions): InvariantReport {
  const report: InvariantReport = { breaches: [], notes: [], counts: { unprocessedCallbacks: 0, waitingReversals: 0, stuckPayouts: 0, oldestStuckPayoutMs: null } };
  const wallets = new Map<string, WalletState>();
  const byUid = new Map(members.map((m) => [m.uid, m]));
  for (const member of members) wallets.set(member.uid, memberBreaches(member, options, report));

  // Every standing referral reward matches a friend who was referred by this member and has an approved offer.
  for (const [uid, state] of wallets) {
    for (const [friendUid, earningId] of Object.entries(state.activeReferralRewards)) {
      const friend = byUid.get(friendUid);
      if (!friend || friend.referredBy !== uid) report.breaches.push(`referral ${earningId} of ${uid}: ${friendUid} was not referred by them`);
      else if ((wallets.get(friendUid)?.completedOffers ?? 0) <= 0) report.breaches.push(`referral ${earningId} of ${uid}: ${friendUid} has no approved offer`);
    }
  }
  // Every qualified friend's referrer holds the reward (a settlement still queued shows here until it runs).
  for (const member of members) {
    const referrer = member.referredBy ? wallets.get(member.referredBy) : undefined;
    if (!referrer || member.referredBy === member.uid) continue;
    if ((wallets.get(member.uid)?.completedOffers ?? 0) > 0 && !referrer.activeReferralRewards[member.uid]) {
      report.breaches.push(`referral of ${member.referredBy}: ${member.uid} has an approved offer and no referral reward stands for it`);
    }
  }
  for (const callback of callbacks) {
    if (callback.outcome !== null) continue;
    report.counts.unprocessedCallbacks++;
    const waited = age(callback.receivedAt, options.now);
    if (waited > options.callbackDeadlineMs) {
      report.breaches.push(`callback ${callback.callbackId} for ${callback.userId}: not processed after ${formatAge(waited)}`);
    }
  }
  return report;
}
