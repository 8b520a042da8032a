import type { EarningStatus, Pence } from '@playquid/contracts';

/** What the totals read of one earning (the wallet decider's WalletEarning has it all). */
export interface EarningFacts {
  amountPence: Pence;
  status: EarningStatus;
  kind: 'offer' | 'bonus' | 'referral';
  payoutId: string | null;
}

/** Money of a member's earnings by kind; a rejected earning counts only as reversed. */
export interface EarningTotals {
  bonusPence: Pence;
  referralPence: Pence;
  /** Reversed by the partner or rejected after review. */
  reversedPence: Pence;
  /** Bonus money still available and in no payout: what the bonus lock can hold back. */
  unpaidBonusPence: Pence;
}

const isUnpaidBonus = (e: EarningFacts): boolean => e.kind === 'bonus' && e.status === 'approved' && e.payoutId === null;

export function earningTotals(earnings: Iterable<EarningFacts>): EarningTotals {
  const totals: EarningTotals = { bonusPence: 0, referralPence: 0, reversedPence: 0, unpaidBonusPence: 0 };
  for (const e of earnings) {
    if (e.status === 'rejected') totals.reversedPence += e.amountPence;
    else if (e.kind === 'bonus') totals.bonusPence += e.amountPence;
    else if (e.kind === 'referral') totals.referralPence += e.amountPence;
    if (isUnpaidBonus(e)) totals.unpaidBonusPence += e.amountPence;
  }
  return totals;
}
