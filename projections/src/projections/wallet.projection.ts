import type { DB } from '@playquid/read-db';
import { type Transaction, sql } from 'kysely';
import { defineProjection } from '../projection';

interface BalanceChange {
  available?: number;
  pending?: number;
  totalEarned?: number;
  transactions?: number;
  pendingTransactions?: number;
  completedOffers?: number;
}

/** Adds to a member's balance row, creating it at the first event for that member. */
async function changeBalance(trx: Transaction<DB>, uid: string, at: string, change: BalanceChange): Promise<void> {
  const row = {
    available_pence: change.available ?? 0,
    pending_pence: change.pending ?? 0,
    total_earned_pence: change.totalEarned ?? 0,
    total_transactions: change.transactions ?? 0,
    pending_transactions: change.pendingTransactions ?? 0,
    completed_offers: change.completedOffers ?? 0,
  };
  await trx
    .insertInto('balances')
    .values({ uid, ...row, updated_at: at })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        available_pence: sql`balances.available_pence + ${row.available_pence}`,
        pending_pence: sql`balances.pending_pence + ${row.pending_pence}`,
        total_earned_pence: sql`balances.total_earned_pence + ${row.total_earned_pence}`,
        total_transactions: sql`balances.total_transactions + ${row.total_transactions}`,
        pending_transactions: sql`balances.pending_transactions + ${row.pending_transactions}`,
        completed_offers: sql`balances.completed_offers + ${row.completed_offers}`,
        updated_at: at,
      }),
    )
    .execute();
}

async function earningAmount(trx: Transaction<DB>, earningId: string): Promise<number> {
  const row = await trx.selectFrom('earnings').select('amount_pence').where('id', '=', earningId).executeTakeFirstOrThrow();
  return row.amount_pence;
}

/** Balances and the earnings list of every member, in integer pence. */
export const walletProjection = defineProjection({
  name: 'wallet',
  tables: ['balances', 'earnings'],
  handlers: {
    WelcomeBonusGranted: async (trx, d) => {
      await trx
        .insertInto('earnings')
        .values({
          id: d.earningId,
          uid: d.uid,
          amount_pence: d.amountPence,
          status: 'approved',
          is_bonus: true,
          callback_id: null,
          transaction_id: null,
          offer_id: null,
          offer_name: 'Welcome Bonus',
          task_id: null,
          task_name: null,
          payout_id: null,
          created_at: d.grantedAt,
          updated_at: d.grantedAt,
        })
        .execute();
      await changeBalance(trx, d.uid, d.grantedAt, { available: d.amountPence, totalEarned: d.amountPence, transactions: 1 });
    },
    EarningCredited: async (trx, d) => {
      await trx
        .insertInto('earnings')
        .values({
          id: d.earningId,
          uid: d.uid,
          amount_pence: d.amountPence,
          status: d.status,
          is_bonus: false,
          callback_id: d.callbackId,
          transaction_id: d.transactionId,
          offer_id: d.offerId,
          offer_name: d.offerName,
          task_id: d.taskId,
          task_name: d.taskName,
          payout_id: null,
          created_at: d.creditedAt,
          updated_at: d.creditedAt,
        })
        .execute();
      await changeBalance(
        trx,
        d.uid,
        d.creditedAt,
        d.status === 'pending'
          ? { pending: d.amountPence, transactions: 1, pendingTransactions: 1 }
          : { available: d.amountPence, totalEarned: d.amountPence, transactions: 1, completedOffers: 1 },
      );
    },
    EarningApproved: async (trx, d) => {
      const amount = await earningAmount(trx, d.earningId);
      await trx.updateTable('earnings').set({ status: 'approved', updated_at: d.approvedAt }).where('id', '=', d.earningId).execute();
      await changeBalance(trx, d.uid, d.approvedAt, {
        pending: -amount,
        available: amount,
        totalEarned: amount,
        pendingTransactions: -1,
        completedOffers: 1,
      });
    },
    EarningReversed: async (trx, d) => {
      await trx.updateTable('earnings').set({ status: 'rejected', updated_at: d.reversedAt }).where('id', '=', d.earningId).execute();
      await changeBalance(
        trx,
        d.uid,
        d.reversedAt,
        d.fromStatus === 'pending'
          ? { pending: -d.amountPence, pendingTransactions: -1 }
          : { available: -d.amountPence, totalEarned: -d.amountPence, completedOffers: -1 },
      );
    },
  },
});
