import { DomainError } from '../decider';

/**
 * Nobody acts as admin on their own money: an admin cannot send a callback for their own account,
 * approve, reject, process or cancel their own payout, or release or refuse their own held credit.
 * Another admin must do it, so every admin action on money has two people behind it.
 */
export const OWN_MONEY_MESSAGE = 'Admins cannot act on their own money; another admin must do this';

/** Refuses (403) an admin action whose admin is the member whose money it moves. */
export function assertNotOwnMoney(actorUid: string, memberUid: string): void {
  if (actorUid === memberUid) throw new DomainError(OWN_MONEY_MESSAGE, 'forbidden');
}
