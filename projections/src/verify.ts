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

async function rowsByKey(db: Kysely<DB>, schema: string, table: string, key: string): Promise<Map<string, Row>> {
  const result = await sql<Row>`select * from ${sql.id(schema, table)}`.execute(db);
  return new Map(result.rows.map((row) => [String(row[key]), row]));
}

// Every column is compared: handlers take times from the events, so a replay is exactly equal.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changedColumns(live: Row, rebuilt: Row): string[] {
  const columns = new Set([...Object.keys(live), ...Object.keys(rebuilt)]);
  return [...columns].filter((c) => !same(live[c], rebuilt[c])).sort();
}

/**
 * Compares every table of the given projections in two schemas of one database, by primary key and
 * independent of row order. Returns no differences when the rebuilt schema equals the live one.
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
    const [live, rebuilt] = await Promise.all([rowsByKey(db, liveSchema, table, key), rowsByKey(db, rebuiltSchema, table, key)]);
    for (const [id, row] of [...live].sort(([a], [b]) => a.localeCompare(b))) {
      const other = rebuilt.get(id);
      if (!other) differences.push({ table, key: id, kind: 'extra', live: row });
      else {
        const columns = changedColumns(row, other);
        if (columns.length > 0) differences.push({ table, key: id, kind: 'changed', columns, live: row, rebuilt: other });
      }
    }
    for (const [id, row] of rebuilt) if (!live.has(id)) differences.push({ table, key: id, kind: 'missing', rebuilt: row });
  }
  return differences;
}
