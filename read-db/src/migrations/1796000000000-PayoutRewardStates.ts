import type { Kysely } from 'kysely';

/**
 * The provider's time of a payout's reward state (the webhook's created_utc), so the projection
 * applies webhooks by time and state precedence as the wallet decider does: a late, older webhook
 * never overwrites a newer state. `reward_status` now also takes Tremendous's other reward states
 * (pending_approval, flagged, cancelled) and `resend_requested`; `status` takes `returned`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payouts').addColumn('reward_state_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payouts').dropColumn('reward_state_at').execute();
}
