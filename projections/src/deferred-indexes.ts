import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';

/**
 * Indexes the projections read by while they apply events (a review finds its callback by earning,
 * a payout its earnings, a closed account its callbacks and payouts, retention the old callbacks, a
 * claim its member's claims, an approval its pending statement entry): a rebuild keeps them, or
 * every page would scan a growing table.
 * Leaving one out makes a rebuild slow, never wrong; `deferred-indexes.test.ts` checks each exists.
 */
export const INDEXES_PROJECTIONS_READ_BY = [
  'callbacks_earning_idx',
  'callbacks_user_idx',
  'callbacks_created_idx',
  'earnings_payout_idx',
  'payouts_uid_requested_idx',
  'claims_uid_offer_idx',
  'statement_entries_uid_earning_idx',
] as const;

export interface DeferredIndex {
  name: string;
  /** `CREATE INDEX …` as Postgres states it (pg_get_indexdef), to build it again. */
  definition: string;
}

/**
 * Drops the secondary indexes of `tables` in the current schema inside the caller's transaction and
 * returns them, so the caller can fill the tables and build the indexes once at the end (a sort of
 * the whole table, instead of an index insert per row, GIN trigram ones above all). Unique indexes,
 * constraints' indexes and those the projections read by stay: the projections rely on uniqueness.
 *
 * Crash-safe by being transactional: a rebuild that fails or dies before its commit rolls the drops
 * back with everything else, so the indexes are never left missing. DROP INDEX locks each table
 * ACCESS EXCLUSIVE until the commit: reads of these tables wait for the rebuild meanwhile.
 */
export async function dropSecondaryIndexes(trx: Transaction<DB>, tables: readonly string[]): Promise<DeferredIndex[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<DeferredIndex>`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace
      and t.relname = any(${[...tables]}::text[])
      and not x.indisunique
      and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      and i.relname <> all(${[...INDEXES_PROJECTIONS_READ_BY]}::text[])
    order by i.relname`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  return rows;
}

/** Builds the dropped indexes again, in the same transaction (more sort memory for the bulk builds). */
export async function recreateIndexes(trx: Transaction<DB>, indexes: readonly DeferredIndex[]): Promise<void> {
  if (indexes.length === 0) return;
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
}
