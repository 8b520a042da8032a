import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { checkLedgerInvariants } from '../audit/ledger-invariants';
import { CLAIM_CREDITED_SINCE_MESSAGE } from '../claims/claim.decider';
import { foldStatement } from './statement';
import { CLAIM_ACCOUNT_CLOSED_MESSAGE } from './wallet-claims';
import { walletDecider } from './wallet.decider';

const spec = deciderSpec(walletDecider);
const now = '2026-11-27T10:00:00.000Z';
const uid = 'member-1';
const admin = { by: 'admin@example.test', byUid: 'admin-1' };

const callback = (overrides: Partial<CallbackReceived['data']> = {}) =>
  callbackData({ userId: uid, offerId: '42', offerName: 'Dragon Quest', taskId: '7', taskName: 'Reach level 10', rewardPence: 125, receivedAt: now, ...overrides });
const apply = (data: CallbackReceived['data'], earningId = 'e-partner') => ({ type: 'ApplyCallback', uid, callback: data, earningId, now }) as const;

/** The claim credit of claim c-1 for task 7 of offer 42 (what CreditClaim books). */
const claimCredit: WalletEvent = {
  type: 'EarningCredited',
  data: {
    uid,
    earningId: 'claim-c-1',
    callbackId: 'claim-c-1',
    transactionId: 'claim-c-1',
    offerId: '42',
    offerName: 'Dragon Quest',
    taskId: '7',
    taskName: 'Reach level 10',
    amountPence: 125,
    rawUsd: null,
    status: 'approved',
    source: 'claim',
    claimId: 'c-1',
    approvedBy: admin.by,
    approvedByUid: admin.byUid,
    reason: 'Start and evidence match the task',
    creditedAt: now,
  },
};
const qualified: WalletEvent = { type: 'MemberQualified', data: { uid, sequence: 1, qualifiedAt: now } };
const lost: WalletEvent = { type: 'MemberQualificationLost', data: { uid, sequence: 2, lostAt: now } };
const covered = (overrides: Partial<Extract<WalletEvent, { type: 'CreditCoveredByClaim' }>['data']> = {}): WalletEvent => ({
  type: 'CreditCoveredByClaim',
  data: { uid, callbackId: 'cb-1', transactionId: 'o1', offerId: '42', taskId: '7', claimId: 'c-1', earningId: 'claim-c-1', amountPence: 125, receivedAt: now, ...overrides },
});
const claimReversed = (callbackId: string, transactionId: string): WalletEvent => ({
  type: 'EarningReversed',
  data: {
    uid,
    earningId: 'claim-c-1',
    callbackId,
    amountPence: 125,
    fromStatus: 'approved',
    reason: `Reversed by BitLabs (transaction ${transactionId}): it takes back your missing-credit claim #c-1`,
    reversedAt: now,
  },
});

describe('wallet decider: a task is paid once (a partner credit after an approved claim)', () => {
  it('records a partner credit for a task a claim already paid, and pays nothing', () => {
    spec.given([claimCredit, qualified]).when(apply(callback())).then([covered()]);
    const state = fold(walletDecider, [claimCredit, qualified, covered()]);
    expect([state.availablePence, state.totalEarnedPence, state.transactions]).toEqual([125, 125, 1]);
  });

  it('pays a partner credit of another task, or of the same task for another offer, as usual', () => {
    spec.given([claimCredit, qualified]).when(apply(callback({ taskId: '8', taskName: 'Reach level 20' }))).then([
      {
        type: 'EarningCredited',
        data: expect.objectContaining({ earningId: 'e-partner', taskId: '8', amountPence: 125, status: 'approved' }) as never,
      },
    ]);
    spec.given([claimCredit, qualified]).when(apply(callback({ offerId: '43' }))).then([
      { type: 'EarningCredited', data: expect.objectContaining({ offerId: '43', taskId: '7' }) as never },
    ]);
  });

  it('processes the same partner callback once, and a repeat of its transaction (stateful COMPLETED after PENDING) changes nothing', () => {
    spec.given([claimCredit, qualified, covered()]).when(apply(callback())).then([]);
    spec.given([claimCredit, qualified, covered()]).when(apply(callback({ callbackId: 'cb-2' }))).then([]);
  });

  it("lets the partner's later reversal of that transaction take the claim credit back", () => {
    const reversal = callback({ callbackId: 'cb-r', transactionId: 'or1', ref: 'o1', rewardPence: -125, state: 'RECONCILED' });
    spec.given([claimCredit, qualified, covered()]).when(apply(reversal)).then([claimReversed('cb-r', 'or1'), lost]);
    const state = fold(walletDecider, [claimCredit, qualified, covered(), claimReversed('cb-r', 'or1'), lost]);
    expect([state.availablePence, state.totalEarnedPence]).toEqual([0, 0]);
    // Taken back once: a repeat of the reversal finds the claim credit already reversed.
    spec.given([claimCredit, qualified, covered(), claimReversed('cb-r', 'or1'), lost]).when(apply({ ...reversal, callbackId: 'cb-r2' })).then([]);
  });

  it('books a reversal that waited for the partner credit against the claim credit when that credit arrives', () => {
    const waiting: WalletEvent = { type: 'ReversalAwaitingCredit', data: { uid, callbackId: 'cb-r', transactionId: 'or1', creditTransactionId: 'o1', receivedAt: now } };
    spec.given([claimCredit, qualified, waiting]).when(apply(callback())).then([covered(), claimReversed('cb-r', 'or1'), lost]);
  });

  it('says so to the audit: a task paid twice is a breach, a covered credit is not', () => {
    const at = (event: WalletEvent) => ({ ...event, createdAt: now });
    const options = { now, callbackDeadlineMs: 60_000, payoutDeadlineMs: 60_000 };
    const partnerCredit: WalletEvent = { ...claimCredit, data: { uid, earningId: 'e-p', callbackId: 'cb-1', transactionId: 'o1', offerId: '42', offerName: 'Dragon Quest', taskId: '7', taskName: 'Reach level 10', amountPence: 125, rawUsd: null, status: 'approved', creditedAt: now } };
    const clean = checkLedgerInvariants([{ uid, email: null, referredBy: null, wallet: [claimCredit, qualified, covered()].map(at) }], [], options);
    expect(clean.breaches).toEqual([]);
    const twice = checkLedgerInvariants([{ uid, email: null, referredBy: null, wallet: [claimCredit, qualified, partnerCredit].map(at) }], [], options);
    expect(twice.breaches).toEqual([`task 7 of offer 42 for ${uid}: paid twice (earnings claim-c-1 and e-p)`]);
  });
});

describe('wallet decider: partner credits after the account closed', () => {
  const walletClosed: WalletEvent = { type: 'WalletClosed', data: { uid, closedAt: '2026-11-26T09:00:00.000Z' } };
  const partnerCredit: WalletEvent = {
    type: 'EarningCredited',
    data: { uid, earningId: 'e-1', callbackId: 'cb-0', transactionId: 'o0', offerId: '42', offerName: 'Dragon Quest', taskId: '6', taskName: 'Install', amountPence: 300, rawUsd: null, status: 'approved', creditedAt: now },
  };
  const forfeited: WalletEvent = { type: 'BalanceForfeited', data: { uid, amountPence: 300, reason: 'Given up', forfeitedAt: now } };

  it('records a new credit as not credited: no money, nothing in Total Earned', () => {
    spec.given([partnerCredit, qualified, forfeited, walletClosed]).when(apply(callback())).then([
      {
        type: 'CreditRefusedAccountClosed',
        data: { uid, callbackId: 'cb-1', transactionId: 'o1', offerId: '42', taskId: '7', amountPence: 125, closedAt: '2026-11-26T09:00:00.000Z', receivedAt: now },
      },
    ]);
    const refused = walletDecider.decide(apply(callback()), fold(walletDecider, [partnerCredit, qualified, forfeited, walletClosed]));
    const state = fold(walletDecider, [partnerCredit, qualified, forfeited, walletClosed, ...refused]);
    expect([state.availablePence, state.pendingPence, state.totalEarnedPence]).toEqual([0, 0, 300]);
    spec.given([partnerCredit, qualified, forfeited, walletClosed, ...refused]).when(apply(callback())).then([]);
  });

  it("still books the partner's reversal of a credit from before the closure (the balance may go below zero)", () => {
    const reversal = callback({ callbackId: 'cb-r', transactionId: 'or0', ref: 'o0', rewardPence: -300, state: 'RECONCILED' });
    spec.given([partnerCredit, qualified, forfeited, walletClosed]).when(apply(reversal)).then([
      {
        type: 'EarningReversed',
        data: { uid, earningId: 'e-1', callbackId: 'cb-r', amountPence: 300, fromStatus: 'approved', reason: 'Reversed by BitLabs (transaction or0)', reversedAt: now },
      },
      lost,
    ]);
  });

  it('shows neither refused credit nor covered credit on the statement: no money moved', () => {
    const events = [claimCredit, covered()].map((event, i) => ({ ...event, id: `ev-${i}`, revision: i, createdAt: now }));
    expect(foldStatement(events as never).entries.map((e) => e.kind)).toEqual(['earning_approved']);
  });
});

describe('wallet decider: a partner credit naming the task only by name', () => {
  it('is recognised as the task the claim paid', () => {
    spec.given([claimCredit, qualified]).when(apply(callback({ taskId: null }))).then([covered({ taskId: 'Reach level 10' })]);
  });
});

describe('wallet decider: a claim is never credited for a task the partner paid', () => {
  const creditClaim = {
    type: 'CreditClaim',
    uid,
    claimId: 'c-1',
    earningId: 'claim-c-1',
    offerId: '42',
    offerName: 'Dragon Quest',
    taskId: '7',
    taskName: 'Reach level 10',
    amountPence: 125,
    ...admin,
    reason: 'Start and evidence match the task',
    now,
  } as const;
  // The partner's credit as the wallet books it: the wallet is the truth, whatever the read model shows yet.
  const partnerPaid = walletDecider.decide(apply(callback()), walletDecider.initialState());

  it('refuses the claim credit once the partner credited the task (by id or by name)', () => {
    expect(partnerPaid.map((e) => e.type)).toContain('EarningCredited');
    spec.given(partnerPaid).when(creditClaim).thenThrows(CLAIM_CREDITED_SINCE_MESSAGE);
    const byNameOnly = walletDecider.decide(apply(callback({ taskId: null })), walletDecider.initialState());
    spec.given(byNameOnly).when(creditClaim).thenThrows(CLAIM_CREDITED_SINCE_MESSAGE);
  });

  it("credits it when the partner's credit was for another task", () => {
    const otherTask = walletDecider.decide(apply(callback({ taskId: '8', taskName: 'Reach level 20' })), walletDecider.initialState());
    spec.given(otherTask).when(creditClaim).then([claimCredit]);
  });

  it('refuses a claim credit on a closed account', () => {
    spec.given([{ type: 'WalletClosed', data: { uid, closedAt: now } }]).when(creditClaim).thenThrows(CLAIM_ACCOUNT_CLOSED_MESSAGE);
  });
});
