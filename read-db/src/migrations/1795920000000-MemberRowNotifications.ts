import { type Kysely, sql } from 'kysely';

/** The channel the API listens on to drop the rows it keeps of members (MemberRowCache). */
export const MEMBER_ROWS_CHANNEL = 'playquid_member_rows';
/** What a notification says when it cannot name the members: every kept row is stale. */
export const ALL_MEMBERS = '*';
/** Members named in one notification at most; past that (a rebuild, a large batch) it says ALL_MEMBERS. */
const MAX_NAMED = 100;

const TABLES = ['users', 'balances'] as const;

/**
 * The rows the API reads on every member call (the guard's role and ban in `users`, the balance in
 * `balances`) announce their changes: a statement that changes them notifies MEMBER_ROWS_CHANNEL
 * with the JSON array of the members' uids, or ALL_MEMBERS. Postgres delivers a notification only
 * when its transaction commits, so a listener never drops a row before the change is readable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_member_rows() returns trigger language plpgsql as $$
    declare
      payload text;
    begin
      if TG_OP in ('DELETE', 'TRUNCATE') then
        payload := ${sql.lit(ALL_MEMBERS)};
      else
        select case when count(distinct uid) > ${sql.lit(MAX_NAMED)} then ${sql.lit(ALL_MEMBERS)} else json_agg(distinct uid)::text end
          into payload from changed_rows;
        if payload is null then return null; end if;
        -- A notification carries at most 8,000 bytes; long uids make a short list too long.
        if octet_length(payload) > 7900 then payload := ${sql.lit(ALL_MEMBERS)}; end if;
      end if;
      perform pg_notify(${sql.lit(MEMBER_ROWS_CHANNEL)}, payload);
      return null;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    for (const operation of ['insert', 'update'] as const) {
      await sql`
        create trigger ${sql.id(`${table}_${operation}_notify`)} after ${sql.raw(operation)} on ${sql.table(table)}
        referencing new table as changed_rows for each statement execute function notify_member_rows()
      `.execute(db);
    }
    await sql`
      create trigger ${sql.id(`${table}_delete_notify`)} after delete on ${sql.table(table)}
      for each statement execute function notify_member_rows()
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_truncate_notify`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_member_rows()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const operation of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger if exists ${sql.id(`${table}_${operation}_notify`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function if exists notify_member_rows()`.execute(db);
}
