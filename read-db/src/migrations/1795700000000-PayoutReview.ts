import type { Kysely } from 'kysely';

/**
 * What the admin payouts screen needs to refuse money twice: whether the reward order is committed
 * (cancel/reject no longer allowed) and whether a reversal landed while the payout was open
 * (approve/process need an acknowledgement), with the reversed amount.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payouts')
    .addColumn('reward_order_placed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_review', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('review_reversed_pence', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payouts')
    .dropColumn('review_reversed_pence')
    .dropColumn('needs_review')
    .dropColumn('reward_order_placed')
    .execute();
}
