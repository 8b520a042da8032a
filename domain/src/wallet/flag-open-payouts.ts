import type { WalletEvent } from '@playquid/contracts';
import { isOpenPayout, reversalReviewReason } from './payout-rules';
import type { WalletState } from './wallet-state';

/**
 * Approved money taken back while a payout is open: that payout reserved it, so an admin must look
 * before it is approved or paid (also once its order is placed, for the record). Pending money was
 * never in a payout, so its reversal flags nothing.
 */
export function flagOpenPayouts(state: WalletState, uid: string, earningId: string, reversedPence: number, now: string): WalletEvent[] {
  return Object.entries(state.payouts)
    .filter(([, payout]) => isOpenPayout(payout))
    .map(([payoutId]) => ({
      type: 'PayoutFlaggedForReview',
      data: { uid, payoutId, earningId, reversedPence, reason: reversalReviewReason(reversedPence), flaggedAt: now },
    }));
}
