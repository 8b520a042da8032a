import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import type { Projection } from './projection';
import { ALL_PROJECTIONS } from './registry';
import { PRIMARY_KEYS } from './tables';

type Row = Record<string, unknown>;

/**
 * One row that differs between the live read model and a rebuilt one. missing: only the rebuild
 * has it (live lost it); extra: only live has it; changed: both, with the differing columns.
 */
export interface RowDifference {
  table: string;
  key: string;
  kind: 'missing' | 'extra' | 'changed';
  columns?: string[];
  live?: Row;
  rebuilt?: Row;
}

/**
 * The rows of `schema.table` that `otherSchema.table` does not hold exactly, by primary key. Both
 * schemas come from the same migrations, so their columns line up; values are compared by
 * Postgres (EXCEPT) and come back as JSON, at full precision.
 */
async function rowsOnlyIn(db: Kysely<DB>, schema: string, otherSchema: string, table: string, key: string): Promise<Map<string, Row>> {
  const result = await sql<{ row: Row }>`
    select to_jsonb(d) as row
    from (select * from ${sql.table(`${schema}.${table}`)} except select * from ${sql.table(`${otherSchema}.${table}`)}) as d`.execute(db);
  return new Map(result.rows.map(({ row }) => [String(row[key]), row]));
}

// Every column is compared: handlers take times from the events, so a replay is exactly equal.
function changedColumns(live: Row, rebuilt: Row): string[] {
  const columns = new Set([...Object.keys(live), ...Object.keys(rebuilt)]);
  return [...columns].filter((c) => JSON.stringify(live[c]) !== JSON.stringify(rebuilt[c])).sort();
}

const byKey = ([a]: [string, Row], [b]: [string, Row]) => a.localeCompare(b);

/**
 * Compares every table of the given projections in two schemas of one database, set-based: only
 * the rows that differ leave the database. Returns no differences when the rebuilt schema equals
 * the live one; otherwise per table the extra and changed rows, then the missing ones, by key.
 */
export async function diffReadModels(
  db: Kysely<DB>,
  liveSchema: string,
  rebuiltSchema: string,
  projections: readonly Projection[] = ALL_PROJECTIONS,
): Promise<RowDifference[]> {
  const differences: RowDifference[] = [];
  for (const table of projections.flatMap((p) => p.tables)) {
    const key = PRIMARY_KEYS[table];
    const [live, rebuilt] = await Promise.all([
      rowsOnlyIn(db, liveSchema, rebuiltSchema, table, key),
      rowsOnlyIn(db, rebuiltSchema, liveSchema, table, key),
    ]);
    for (const [id, row] of [...live].sort(byKey)) {
      const other = rebuilt.get(id);
      if (other) differences.push({ table, key: id, kind: 'changed', columns: changedColumns(row, other), live: row, rebuilt: other });
      else differences.push({ table, key: id, kind: 'extra', live: row });
    }
    for (const [id, row] of [...rebuilt].sort(byKey))
      if (!live.has(id)) differences.push({ table, key: id, kind: 'missing', rebuilt: row });
  }
  return differences;
}
