import { type RewardOrderRequest, type RewardOrderResult, type TremendousClient, TremendousError } from '../rewards/tremendous.client';

/** A reward the fake Tremendous sent: for which payout, how much, and whether it bounced. */
export interface SentReward {
  payoutId: string;
  amountPence: number;
  rewardId: string;
  bounced: boolean;
}

/**
 * A fake Tremendous: one order per external id (its idempotency), some refused for good, some
 * failing for a while, some rewards bounced; records what it sent so nothing is paid twice.
 * `refusedPayouts` is the set of external ids it refuses (422); an email with '+fail' bounces.
 */
export function fakeTremendous({ pause, chance, nextId }: { pause: () => Promise<void>; chance: (p: number) => boolean; nextId: (prefix: string) => string }) {
  const sent = new Map<string, SentReward>();
  const refusedPayouts = new Set<string>();
  const tremendous = {
    async createOrder(request: RewardOrderRequest): Promise<RewardOrderResult> {
      await pause();
      const known = sent.get(request.externalId);
      if (known) return { orderId: `ord-${request.externalId}`, rewardId: known.rewardId, status: 'EXECUTED', source: 'existing' };
      if (refusedPayouts.has(request.externalId)) throw new TremendousError('HTTP 422: recipient refused', 422, false);
      if (chance(0.15)) throw new TremendousError('HTTP 503: try later', 503, true);
      const payoutId = request.externalId.replace(/-resend-\d+$/, '');
      const rewardId = nextId('rw');
      sent.set(request.externalId, { payoutId, amountPence: request.amountPence, rewardId, bounced: request.email.includes('+fail') });
      return { orderId: `ord-${request.externalId}`, rewardId, status: 'EXECUTED', source: 'created' };
    },
  } as unknown as TremendousClient;
  return { tremendous, sent, refusedPayouts };
}
