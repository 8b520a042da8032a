import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';

/** What the read model shows as not finished yet, for re-queueing after Redis lost its jobs. */
export class UnfinishedWorkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Accepted callbacks not processed yet, oldest first. */
  async unprocessedCallbacks(): Promise<Array<{ userId: string; transactionId: string; callbackId: string }>> {
    const callbacks = await this.db
      .selectFrom('callbacks')
      .select(['id', 'transaction_id', 'user_id'])
      .where('accepted', '=', true)
      .where('is_processed', '=', false)
      .orderBy('created_at')
      .execute();
    return callbacks.flatMap((c) => (c.transaction_id && c.user_id ? [{ userId: c.user_id, transactionId: c.transaction_id, callbackId: c.id }] : []));
  }

  /** Approved payouts with no reward order yet (and none failed for good). */
  async payoutsAwaitingOrder(): Promise<Array<{ uid: string; payoutId: string }>> {
    const payouts = await this.db
      .selectFrom('payouts')
      .select(['id', 'uid'])
      .where('status', '=', 'approved')
      .where('reward_order_id', 'is', null)
      .where('reward_status', '!=', 'order_failed')
      .execute();
    return payouts.map((p) => ({ uid: p.uid, payoutId: p.id }));
  }
}
