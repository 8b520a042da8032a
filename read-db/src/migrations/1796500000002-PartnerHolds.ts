import { type Kysely, sql } from 'kysely';

/** The offer partner's hold on a member (BitLabs ban callbacks), kept on the users row the API already reads. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column partner_hold_state text, add column partner_hold_reason text, add column partner_hold_until timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column partner_hold_state, drop column partner_hold_reason, drop column partner_hold_until`.execute(db);
}
