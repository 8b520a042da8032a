import type { DB } from '@playquid/read-db';
import { type Transaction, sql } from 'kysely';
import { defineProjection } from '../projection';

interface BalanceChange {
  available?: number;
  pending?: number;
  reserved?: number;
  paidOut?: number;
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
    reserved_pence: change.reserved ?? 0,
    paid_out_pence: change.paidOut ?? 0,
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
        reserved_pence: sql`balances.reserved_pence + ${row.reserved_pence}`,
        paid_out_pence: sql`balances.paid_out_pence + ${row.paid_out_pence}`,
        total_earned_pence: sql`balances.total_earned_pence + ${row.total_earned_pence}`,
        total_transactions: sql`balances.total_transactions + ${row.total_transactions}`,
        pending_transactions: sql`balances.pending_transactions + ${row.pending_transactions}`,
        completed_offers: sql`balances.completed_offers + ${row.completed_offers}`,
        updated_at: at,
      }),
    )
    .execute();
}

/** Approved money credited without an offer: the welcome bonus and referral rewards. */
async function creditReward(trx: Transaction<DB>, d: { uid: string; earningId: string; amountPence: number }, kind: 'bonus' | 'referral', title: string, at: string) {
  await trx
    .insertInto('earnings')
    .values({
      id: d.earningId,
      uid: d.uid,
      amount_pence: d.amountPence,
      status: 'approved',
      is_bonus: true,
      kind,
      callback_id: null,
      transaction_id: null,
      offer_id: null,
      offer_name: title,
      task_id: null,
      task_name: null,
      payout_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await changeBalance(trx, d.uid, at, { available: d.amountPence, totalEarned: d.amountPence, transactions: 1 });
}

/** A rejected or cancelled payout gives its reserve back and frees its earnings for the next one. */
async function releasePayout(trx: Transaction<DB>, d: { uid: string; payoutId: string; amountPence: number }, at: string) {
  await trx.updateTable('earnings').set({ payout_id: null, updated_at: at }).where('payout_id', '=', d.payoutId).execute();
  await changeBalance(trx, d.uid, at, { available: d.amountPence, reserved: -d.amountPence });
}

async function earningAmount(trx: Transaction<DB>, earningId: string): Promise<number> {
  const row = await trx.selectFrom('earnings').select('amount_pence').where('id', '=', earningId).executeTakeFirstOrThrow();
  return row.amount_pence;
}

/**
 * Balances and the earnings list of every member, in integer pence. `total_earned_pence` is the one
 * "Total Earned" of every screen (contracts EARNED_STATUSES): every credit not reversed or rejected,
 * pending, approved and paid alike, bonus and referral rewards included.
 */
export const walletProjection = defineProjection({
  name: 'wallet',
  tables: ['balances', 'earnings'],
  handlers: {
    WelcomeBonusGranted: (trx, d) => creditReward(trx, d, 'bonus', 'Welcome Bonus', d.grantedAt),
    ReferralRewardGranted: (trx, d) => creditReward(trx, d, 'referral', 'Referral Reward', d.grantedAt),
    EarningCredited: async (trx, d) => {
      await trx
        .insertInto('earnings')
        .values({
          id: d.earningId,
          uid: d.uid,
          amount_pence: d.amountPence,
          status: d.status,
          is_bonus: false,
          kind: 'offer',
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
          ? { pending: d.amountPence, totalEarned: d.amountPence, transactions: 1, pendingTransactions: 1 }
          : { available: d.amountPence, totalEarned: d.amountPence, transactions: 1, completedOffers: 1 },
      );
    },
    EarningApproved: async (trx, d) => {
      const amount = await earningAmount(trx, d.earningId);
      await trx.updateTable('earnings').set({ status: 'approved', updated_at: d.approvedAt }).where('id', '=', d.earningId).execute();
      // Already counted as earned when it arrived pending: approval only moves it to available.
      await changeBalance(trx, d.uid, d.approvedAt, {
        pending: -amount,
        available: amount,
        pendingTransactions: -1,
        completedOffers: 1,
      });
    },
    EarningReviewApproved: async (trx, d) => {
      await trx.updateTable('earnings').set({ status: 'approved', updated_at: d.approvedAt }).where('id', '=', d.earningId).execute();
      await changeBalance(trx, d.uid, d.approvedAt, {
        pending: -d.amountPence,
        available: d.amountPence,
        pendingTransactions: -1,
        completedOffers: 1,
      });
    },
    EarningReviewRejected: async (trx, d) => {
      await trx.updateTable('earnings').set({ status: 'rejected', updated_at: d.rejectedAt }).where('id', '=', d.earningId).execute();
      await changeBalance(trx, d.uid, d.rejectedAt, { pending: -d.amountPence, totalEarned: -d.amountPence, pendingTransactions: -1 });
    },
    EarningReversed: async (trx, d) => {
      // A chargeback shows as rejected; paid money comes back off the available balance.
      await trx.updateTable('earnings').set({ status: 'rejected', updated_at: d.reversedAt }).where('id', '=', d.earningId).execute();
      await changeBalance(
        trx,
        d.uid,
        d.reversedAt,
        d.fromStatus === 'pending'
          ? { pending: -d.amountPence, totalEarned: -d.amountPence, pendingTransactions: -1 }
          : { available: -d.amountPence, totalEarned: -d.amountPence, completedOffers: -1 },
      );
    },
    PayoutRequested: async (trx, d) => {
      if (d.earningIds.length > 0) {
        await trx.updateTable('earnings').set({ payout_id: d.payoutId, updated_at: d.requestedAt }).where('id', 'in', d.earningIds).execute();
      }
      await changeBalance(trx, d.uid, d.requestedAt, { available: -d.amountPence, reserved: d.amountPence });
    },
    PayoutRejected: (trx, d) => releasePayout(trx, d, d.rejectedAt),
    PayoutCancelled: (trx, d) => releasePayout(trx, d, d.cancelledAt),
    PayoutProcessed: async (trx, d) => {
      await trx
        .updateTable('earnings')
        .set({ status: 'paid', updated_at: d.processedAt })
        .where('payout_id', '=', d.payoutId)
        .where('status', '=', 'approved')
        .execute();
      await changeBalance(trx, d.uid, d.processedAt, { reserved: -d.amountPence, paidOut: d.amountPence });
    },
  },
});
