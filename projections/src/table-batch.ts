import type { DB } from '@playquid/read-db';
import { type RawBuilder, type Selectable, sql, type SqlBool, type Transaction } from 'kysely';
import type { ProjectionTable } from './tables';

type InMemory<V> = V extends Date ? Date | string : V;

/**
 * A whole row of a read table as a batch holds it: every column, times as pg reads them (Date) or
 * as events carry them (ISO text), JSON columns as values.
 */
export type Row<T extends ProjectionTable> = { [C in keyof Selectable<DB[T]>]: InMemory<Selectable<DB[T]>[C]> };

/** New values for some columns, or a function of the row as it is at that point of the batch. */
export type RowChange<T extends ProjectionTable> = Partial<Row<T>> | ((row: Row<T>) => Partial<Row<T>>);

type TextColumn<T extends ProjectionTable> = { [C in keyof Row<T>]: Row<T>[C] extends string ? C : never }[keyof Row<T>] & string;

/** `expression = any(values)`, or nothing to match when there are no values. */
export const anyOf = (expression: RawBuilder<unknown>, values: readonly string[]): RawBuilder<SqlBool> | undefined =>
  values.length > 0 ? sql<SqlBool>`${expression} = any(${[...new Set(values)]}::text[])` : undefined;

/**
 * The rows as one JSON parameter that Postgres turns back into rows of the table's own type, so one
 * statement carries any number of rows with every column converted by the table's definition.
 */
export const recordset = <T extends ProjectionTable>(table: T, rows: readonly object[]) =>
  sql`json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`;

const columnList = (columns: readonly string[]) => sql.join(columns.map((c) => sql.ref(c)));

/** One multi-row INSERT of whole rows. */
export async function insertRows<T extends ProjectionTable>(trx: Transaction<DB>, table: T, rows: readonly Row<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnList(Object.keys(rows[0]));
  await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from ${recordset(table, rows)}`.execute(trx);
}

/**
 * One `update … from` that sets the given columns of the given rows, matched by `key`: only those
 * columns travel (a row's other columns, large JSON included, are as the table holds them).
 */
async function updateRows<T extends ProjectionTable>(
  trx: Transaction<DB>,
  table: T,
  key: string,
  rows: readonly Row<T>[],
  columns: ReadonlySet<string>,
): Promise<void> {
  const changed = [...columns].filter((c) => c !== key);
  if (rows.length === 0 || changed.length === 0) return;
  const values = rows.map((row) => Object.fromEntries([key, ...changed].map((c) => [c, row[c as keyof Row<T>]])));
  const assignments = changed.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`);
  await sql`update ${sql.table(table)} as t set ${sql.join(assignments)} from ${recordset(table, values)} as v where t.${sql.ref(key)} = v.${sql.ref(key)}`.execute(
    trx,
  );
}

interface Entry<T extends ProjectionTable> {
  /** The row as the batch's events have left it so far; undefined while there is none. */
  row: Row<T> | undefined;
  /** The table held the row when the batch started. */
  stored: boolean;
  /** The row as the table held it when the batch started (counters take its part back). */
  original?: Row<T>;
  changed: boolean;
  /** The columns changed since the batch started (all of them once the row was replaced). */
  columns?: Set<string> | 'all';
}

/**
 * The rows of one table a batch of events touches: read once before the events are folded in,
 * changed in memory in log order with the same meaning as the statement each event used to run
 * (an update or delete of a missing row does nothing, an insert of a present key fails), and written
 * back with at most one DELETE, one UPDATE and one INSERT.
 *
 * Lookups find rows by another column (e.g. every earning of a payout); they follow every change,
 * so a lookup at any point of the batch sees what the table would hold at that point.
 */
export class TableBatch<T extends ProjectionTable, L extends string = never> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Per lookup, the keys of the rows by the lookup's value. */
  private readonly indexes: { name: L; valueOf: (row: Row<T>) => string | null; keys: Map<string, Set<string>> }[];

  constructor(
    readonly table: T,
    private readonly key: TextColumn<T>,
    lookups: Readonly<Record<L, (row: Row<T>) => string | null>> = {} as Record<L, never>,
  ) {
    this.indexes = (Object.keys(lookups) as L[]).map((name) => ({ name, valueOf: lookups[name], keys: new Map() }));
  }

  /**
   * Reads the rows of `keys` (the rows the batch's updates and deletes name) and any row matching
   * `also` (what its lookups will search). Only loaded keys may be updated or deleted.
   */
  async load(trx: Transaction<DB>, keys: Iterable<string>, also?: RawBuilder<SqlBool>): Promise<void> {
    const wanted = [...new Set(keys)].filter((key) => !this.entries.has(key));
    const byKey = anyOf(sql.ref(this.key), wanted);
    const where = byKey && also ? sql<SqlBool>`${byKey} or ${also}` : (byKey ?? also);
    for (const key of wanted) this.entries.set(key, { row: undefined, stored: false, changed: false });
    if (!where) return;
    const { rows } = await sql<Row<T>>`select * from ${sql.table(this.table)} where ${where}`.execute(trx);
    for (const row of rows) {
      const key = this.keyOf(row);
      if (this.entries.get(key)?.row) continue;
      this.entries.set(key, { row, stored: true, changed: false, original: row });
      this.index(key, row);
    }
  }

  get(key: string): Row<T> | undefined {
    return this.loaded(key).row;
  }

  /** The rows whose lookup `name` currently gives `value`. */
  find(name: L, value: string): Row<T>[] {
    const keys = this.indexes.find((index) => index.name === name)!.keys.get(value);
    return keys ? [...keys].map((key) => this.entries.get(key)!.row!) : [];
  }

  insert(row: Row<T>): void {
    const key = this.keyOf(row);
    const entry = this.entries.get(key);
    if (entry?.row) throw new Error(`${this.table}: a row with ${this.key} ${key} exists already`);
    this.entries.set(key, { row, stored: entry?.stored ?? false, changed: true, columns: 'all', original: entry?.original });
    this.index(key, row);
  }

  update(key: string, change: RowChange<T>): void {
    const entry = this.loaded(key);
    if (!entry.row) return;
    const changes = typeof change === 'function' ? change(entry.row) : change;
    const next = { ...entry.row, ...changes };
    this.unindex(key, entry.row);
    entry.row = next;
    entry.changed = true;
    if (entry.columns !== 'all') {
      entry.columns ??= new Set();
      for (const column of Object.keys(changes)) entry.columns.add(column);
    }
    this.index(key, next);
  }

  /** Updates every row whose lookup `name` gives `value` (and that `only` accepts). */
  updateWhere(name: L, value: string, change: RowChange<T>, only: (row: Row<T>) => boolean = () => true): void {
    for (const row of this.find(name, value)) if (only(row)) this.update(this.keyOf(row), change);
  }

  delete(key: string): void {
    const entry = this.loaded(key);
    if (!entry.row) return;
    this.unindex(key, entry.row);
    entry.row = undefined;
    entry.changed = true;
  }

  /**
   * Every row the batch changed, as the table held it before the batch (undefined: it had none) and
   * as the batch leaves it (undefined: deleted), so counters can take one's part back and add the other's.
   */
  *changes(): Generator<{ before: Row<T> | undefined; after: Row<T> | undefined }> {
    for (const { row, changed, original } of this.entries.values()) if (changed) yield { before: original, after: row };
  }

  /** Deletes first, so a key or unique value freed by the batch can be taken by a row it inserts. */
  async write(trx: Transaction<DB>): Promise<void> {
    const deleted: string[] = [];
    const updated: Row<T>[] = [];
    const inserted: Row<T>[] = [];
    const updatedColumns = new Set<string>();
    for (const [key, { row, stored, changed, columns }] of this.entries) {
      if (!changed) continue;
      if (!row) {
        // A row both inserted and deleted by the batch never reaches the table.
        if (stored) deleted.push(key);
      } else if (!stored) inserted.push(row);
      else {
        updated.push(row);
        for (const column of columns === 'all' || !columns ? Object.keys(row) : columns) updatedColumns.add(column);
      }
    }
    if (deleted.length > 0) await sql`delete from ${sql.table(this.table)} where ${anyOf(sql.ref(this.key), deleted)}`.execute(trx);
    await updateRows(trx, this.table, this.key, updated, updatedColumns);
    await insertRows(trx, this.table, inserted);
  }

  private keyOf(row: Row<T>): string {
    return row[this.key as keyof Row<T>] as string;
  }

  private loaded(key: string): Entry<T> {
    const entry = this.entries.get(key);
    if (!entry) throw new Error(`${this.table}: ${this.key} ${key} was not loaded for this batch`);
    return entry;
  }

  private index(key: string, row: Row<T>): void {
    for (const { valueOf, keys } of this.indexes) {
      const value = valueOf(row);
      if (value === null) continue;
      const same = keys.get(value);
      if (same) same.add(key);
      else keys.set(value, new Set([key]));
    }
  }

  private unindex(key: string, row: Row<T>): void {
    for (const { valueOf, keys } of this.indexes) {
      const value = valueOf(row);
      if (value !== null) keys.get(value)?.delete(key);
    }
  }
}
