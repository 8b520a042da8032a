import type { WalletEvent } from '@playquid/contracts';
import { DomainError } from '../decider';
import { assertNotOwnMoney } from './own-money';
import { taskKeys, type WalletState } from './wallet-state';

/** An approved missing-credit claim, credited on the member's wallet (the claim's stream says ClaimApproved). */
export interface CreditClaimCommand {
  type: 'CreditClaim';
  uid: string;
  claimId: string;
  earningId: string;
  /** BitLabs' offer id, like the offer credits' `offerId`. */
  offerId: string;
  offerName: string;
  taskId: string;
  taskName: string;
  amountPence: number;
  /** The approving admin's email (or uid), their uid, and their reason. */
  by: string;
  byUid: string;
  reason: string;
  now: string;
}

/** A claim approved for a task the partner has paid since it was opened: declined instead, never paid twice. */
export const CLAIM_CREDITED_SINCE_MESSAGE = 'The partner has credited this task since the claim was opened; decline the claim instead';
export const CLAIM_ACCOUNT_CLOSED_MESSAGE = 'The account is closed: a claim can no longer be credited';

/**
 * An approved offer earning with source `claim`: no callback stands behind it, so its callback and
 * transaction ids are the earning id. Credited once per claim (a retried approval books nothing),
 * never by an admin for their own account.
 */
export function decideClaimCredit(command: CreditClaimCommand, state: WalletState): WalletEvent[] {
  const { uid, claimId, earningId, offerId, offerName, taskId, taskName, amountPence, by, byUid, reason, now } = command;
  assertNotOwnMoney(byUid, uid);
  if (state.earnings[earningId]) return [];
  if (!Number.isInteger(amountPence) || amountPence <= 0) throw new DomainError('A claim credit must be a positive amount');
  if (state.closedAt !== null) throw new DomainError(CLAIM_ACCOUNT_CLOSED_MESSAGE, 'conflict');
  // The wallet is the truth: a partner credit for the task (not reversed), however recent, settles the claim.
  const paid = taskKeys(offerId, taskId, taskName).some((key) => {
    const partnerEarning = state.partnerCreditsByTask[key];
    return partnerEarning !== undefined && state.earnings[partnerEarning]?.status !== 'rejected';
  });
  if (paid) throw new DomainError(CLAIM_CREDITED_SINCE_MESSAGE, 'conflict');
  return [
    {
      type: 'EarningCredited',
      data: {
        uid,
        earningId,
        callbackId: earningId,
        transactionId: earningId,
        offerId,
        offerName,
        taskId,
        taskName,
        amountPence,
        rawUsd: null,
        status: 'approved',
        source: 'claim',
        claimId,
        approvedBy: by,
        approvedByUid: byUid,
        reason,
        creditedAt: now,
      },
    },
  ];
}
