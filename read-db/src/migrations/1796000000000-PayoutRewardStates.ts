import { type Kysely, sql } from 'kysely';

/**
 * The provider's time of a payout's reward state (the webhook's created_utc), so the projection
 * applies webhooks by time and state precedence as the wallet decider does: a late, older webhook
 * never overwrites a newer state. `reward_status` now also takes Tremendous's other reward states
 * (pending_approval, flagged, cancelled) and `resend_requested`; `status` takes `returned`.
 * Callbacks get `awaiting_credit`: a reversal that came before the credit it names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payouts').addColumn('reward_state_at', 'timestamptz').execute();
  // A reversal that arrived before its credit waits on the member's wallet until the credit comes:
  // the health figures count them (few at a time, so a partial index).
  await db.schema.alterTable('callbacks').addColumn('awaiting_credit', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('callbacks_awaiting_credit_idx').on('callbacks').column('created_at').where(sql.ref('awaiting_credit'), '=', true).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('callbacks_awaiting_credit_idx').ifExists().execute();
  await db.schema.alterTable('callbacks').dropColumn('awaiting_credit').execute();
  await db.schema.alterTable('payouts').dropColumn('reward_state_at').execute();
}
