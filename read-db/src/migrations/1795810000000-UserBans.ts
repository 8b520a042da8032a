import { type Kysely, sql } from 'kysely';

/**
 * Bans on the users row, so the auth guard learns role and ban in the one lookup it already makes.
 * The partial index serves the console's "banned" filter and stat card; most members are never banned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_banned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('banned_at', 'timestamptz')
    .addColumn('banned_by', 'text')
    .addColumn('ban_reason', 'text')
    .execute();
  await db.schema.createIndex('users_banned_idx').on('users').column('banned_at').where(sql.ref('is_banned'), '=', true).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_banned_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('ban_reason').dropColumn('banned_by').dropColumn('banned_at').dropColumn('is_banned').execute();
}
