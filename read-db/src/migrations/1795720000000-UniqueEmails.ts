import { type Kysely, sql } from 'kysely';

/**
 * One profile per email (case-insensitive). Profiles created before emails were claimed on the
 * write side may share one (a register body could name any email): the earliest profile keeps it
 * and each later one is parked on a per-uid placeholder, the same rule the users projection applies
 * on replay, so `verify` and `rebuild` agree with the migrated table. Each parked profile is
 * reported with RAISE WARNING so the operator can see which accounts to look at.
 */
export const PARKED_EMAIL_DOMAIN = 'duplicate-email.playquid.invalid';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare parked record;
    begin
      for parked in
        select uid, email from (
          select uid, email, row_number() over (partition by lower(email) order by created_at, uid) as n from users
        ) ranked where n > 1
      loop
        raise warning 'users: % shares the email % with an earlier profile; parked as %', parked.uid, parked.email,
          parked.uid || '@' || ${sql.lit(PARKED_EMAIL_DOMAIN)};
        update users set email = parked.uid || '@' || ${sql.lit(PARKED_EMAIL_DOMAIN)} where uid = parked.uid;
      end loop;
    end $$`.execute(db);
  await db.schema.dropIndex('users_email_idx').ifExists().execute();
  await db.schema.createIndex('users_email_lower_key').unique().on('users').expression(sql`lower(email)`).execute();
}

/** The placeholders stay: the original emails are still in the event log, and a rebuild restores them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_lower_key').ifExists().execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
}
