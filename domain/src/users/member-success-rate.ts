/** Completed offers count for a member's success rate against this many attempts more. */
export const SUCCESS_RATE_PADDING = 5;

/**
 * A member's success rate on their profile: completed / (completed + 5), as a percentage with one
 * decimal (so a single completed offer is not 100%); 0 before the first completed offer.
 */
export function memberSuccessRate(completedOffers: number): number {
  if (completedOffers <= 0) return 0;
  return Math.round((completedOffers * 1000) / (completedOffers + SUCCESS_RATE_PADDING)) / 10;
}
