import type { Kysely } from 'kysely';

/**
 * An `as_of` statement is read from the statement rows (issue 19): the member's last entry at or
 * before the moment is found on (uid, at, revision), then the page by revision as any other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('statement_entries_uid_at_idx').on('statement_entries').columns(['uid', 'at', 'revision']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('statement_entries_uid_at_idx').ifExists().execute();
}
