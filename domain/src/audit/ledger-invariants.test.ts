import type { WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { type AuditedMember, type AuditedWalletEvent, checkLedgerInvariants } from './ledger-invariants';

const now = '2026-11-22T12:00:00.000Z';
const at = (event: WalletEvent, createdAt = '2026-11-22T10:00:00.000Z', actor: string | null = null): AuditedWalletEvent =>
  ({ ...event, createdAt, actor }) as AuditedWalletEvent;
const options = { now, callbackDeadlineMs: 15 * 60_000, payoutDeadlineMs: 60 * 60_000 };
const member = (uid: string, wallet: AuditedWalletEvent[], referredBy: string | null = null): AuditedMember => ({ uid, email: `${uid}@x.test`, referredBy, wallet });
const bonus = (uid: string) => at({ type: 'WelcomeBonusGranted', data: { uid, earningId: `b-${uid}`, amountPence: 200, grantedAt: now } });
const credit = (uid: string, tx: string, amountPence = 300) =>
  at({
    type: 'EarningCredited',
    data: { uid, earningId: `e-${tx}`, callbackId: `cb-${tx}`, transactionId: tx, offerId: null, offerName: null, taskId: null, taskName: null, amountPence, rawUsd: null, status: 'approved', creditedAt: now },
  });
const requested = (uid: string, amountPence: number) =>
  at({ type: 'PayoutRequested', data: { uid, payoutId: 'p-1', amountPence, method: 'tremendous_reward', deliveryMethod: 'email', email: 'x', earningIds: [], requestedAt: now } });

describe('ledger invariants (audit)', () => {
  it('passes a ledger that kept every rule', () => {
    const report = checkLedgerInvariants([member('ana', [bonus('ana'), credit('ana', 'o1'), requested('ana', 500)])], [], options);
    expect(report.breaches).toEqual([]);
  });

  it('names a payout larger than what was withdrawable, an admin action on one’s own money, and a stuck payout', () => {
    const report = checkLedgerInvariants(
      [
        member('ana', [
          bonus('ana'),
          credit('ana', 'o1'),
          requested('ana', 900),
          at({ type: 'PayoutApproved', data: { uid: 'ana', payoutId: 'p-1', approvedBy: 'ana@x.test', notes: null, approvedAt: now } }, '2026-11-22T10:00:00.000Z', 'ana'),
        ]),
      ],
      [],
      options,
    );
    expect(report.breaches).toEqual([
      'payout p-1 of ana: requested 900p with only 500p withdrawable',
      'payout p-1 of ana: PayoutApproved by the member themself',
      'payout p-1 of ana: approved 2.0 h ago and not yet delivered, paid or returned (reward not ordered)',
    ]);
    expect(report.counts).toMatchObject({ stuckPayouts: 1, oldestStuckPayoutMs: 2 * 3_600_000 });
  });

  it('names a referral reward with no qualifying friend, a qualified friend with no reward, and an overdue callback', () => {
    const granted = at({ type: 'ReferralRewardGranted', data: { uid: 'ref', friendUid: 'ben', earningId: 'r-ben', amountPence: 150, grantedAt: now } });
    const report = checkLedgerInvariants(
      [member('ref', [bonus('ref'), granted]), member('ben', [bonus('ben')], 'ref'), member('cat', [bonus('cat'), credit('cat', 'o2')], 'ref')],
      [
        { callbackId: 'cb-late', userId: 'cat', receivedAt: '2026-11-22T11:00:00.000Z', outcome: null },
        { callbackId: 'cb-fresh', userId: 'cat', receivedAt: '2026-11-22T11:59:00.000Z', outcome: null },
      ],
      options,
    );
    expect(report.breaches).toEqual([
      'referral r-ben of ref: ben has no approved offer',
      'referral of ref: cat has an approved offer and no referral reward stands for it',
      'callback cb-late for cat: not processed after 1.0 h',
    ]);
    expect(report.counts.unprocessedCallbacks).toBe(2);
  });

  it('notes a reversal still waiting for its credit, with its age, without calling it a breach', () => {
    const waiting = at({ type: 'ReversalAwaitingCredit', data: { uid: 'ana', callbackId: 'cb-r', transactionId: 'or1', creditTransactionId: 'o1', receivedAt: now } }, '2026-11-22T11:30:00.000Z');
    const report = checkLedgerInvariants([member('ana', [bonus('ana'), waiting])], [], options);
    expect([report.breaches, report.notes, report.counts.waitingReversals]).toEqual([[], ['reversal or1 of ana: waiting for its credit o1 for 30 min'], 1]);
  });
});
