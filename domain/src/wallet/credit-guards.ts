import type { CallbackReceived, WalletEvent } from '@playquid/contracts';
import { flagOpenPayouts } from './flag-open-payouts';
import { taskKeys, type WalletState } from './wallet-state';

/**
 * The rules that stop a partner credit from paying: a task is paid once, and a closed account earns
 * nothing new. Each still records the callback on the wallet (an event the console and the audit
 * can explain), so it is processed once and never retried into money.
 */

/** The console's and the statement's words for a partner credit a claim had already paid. */
export const coveredByClaimText = (claimId: string) => `Already credited by your missing-credit claim #${claimId}: not paid twice`;

/** The claim whose approval credited `earningId`, if any. */
export const claimOfEarning = (state: WalletState, earningId: string): string | null =>
  Object.values(state.claimCreditsByTask).find((c) => c.earningId === earningId)?.claimId ?? null;

/** The reason of a partner reversal: it names the claim whose credit it takes back. */
export function partnerReversalReason(state: WalletState, earningId: string, transactionId: string): string {
  const claimId = claimOfEarning(state, earningId);
  return claimId === null
    ? `Reversed by BitLabs (transaction ${transactionId})`
    : `Reversed by BitLabs (transaction ${transactionId}): it takes back your missing-credit claim #${claimId}`;
}

/** The console's words for a partner credit that arrived after the account closed. */
export const ACCOUNT_CLOSED_CREDIT_TEXT = 'Not credited: the account was closed before this credit arrived';

/**
 * A new partner credit (not a reversal, not the approval of a credit already booked) that must not
 * be paid: null when it may be credited as usual.
 *
 * - The account is closed (WalletClosed): CreditRefusedAccountClosed. The member has left and can
 *   no longer withdraw; crediting and forfeiting at once would inflate "Total Earned" with money
 *   nobody received, so the honest record is "received, not credited".
 * - The task was already paid through an approved missing-credit claim: CreditCoveredByClaim. The
 *   partner's transaction is tied to the claim's earning, so the partner's later reversal of that
 *   transaction takes the claim credit back (EarningReversed of the claim's earning). A reversal
 *   that arrived before this credit and waited for it is booked at once, against the claim's earning.
 */
export function refusedPartnerCredit(callback: CallbackReceived['data'], state: WalletState, uid: string, now: string): WalletEvent[] | null {
  if (state.closedAt !== null) {
    return [
      {
        type: 'CreditRefusedAccountClosed',
        data: {
          uid,
          callbackId: callback.callbackId,
          transactionId: callback.transactionId,
          offerId: callback.offerId,
          taskId: callback.taskId,
          amountPence: callback.rewardPence,
          closedAt: state.closedAt,
          receivedAt: now,
        },
      },
    ];
  }
  const claim = taskKeys(callback.offerId, callback.taskId, callback.taskName)
    .map((key) => state.claimCreditsByTask[key])
    .find((found) => found !== undefined);
  if (!claim || !callback.offerId) return null;
  const covered: WalletEvent = {
    type: 'CreditCoveredByClaim',
    data: {
      uid,
      callbackId: callback.callbackId,
      transactionId: callback.transactionId,
      offerId: callback.offerId,
      taskId: callback.taskId ?? callback.taskName ?? '',
      claimId: claim.claimId,
      earningId: claim.earningId,
      amountPence: callback.rewardPence,
      receivedAt: now,
    },
  };
  const waiting = state.awaitingReversals[callback.transactionId];
  const earning = state.earnings[claim.earningId];
  if (!waiting || earning.status === 'rejected') return [covered];
  const fromStatus = earning.status === 'pending' ? 'pending' : 'approved';
  return [
    covered,
    {
      type: 'EarningReversed',
      data: {
        uid,
        earningId: claim.earningId,
        callbackId: waiting.callbackId,
        amountPence: earning.amountPence,
        fromStatus,
        reason: partnerReversalReason(state, claim.earningId, waiting.transactionId),
        reversedAt: now,
      },
    },
    ...(fromStatus === 'approved' ? flagOpenPayouts(state, uid, claim.earningId, earning.amountPence, now) : []),
  ];
}
