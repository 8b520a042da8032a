import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import type { BatchWriter } from './projection';
import type { Row, TableBatch } from './table-batch';
import type { ProjectionTable } from './tables';

/** The counter tables: a text key and bigint figures. */
type CounterTableName = 'user_counters' | 'wallet_counters' | 'callback_counters' | 'offer_completions';

/**
 * Sums a batch adds to a counter table, written with one upsert (`n = n + delta` per figure) and a
 * delete of the touched rows left at 0 in every figure: a counter at 0 has no row, so a replay (which
 * may fold +1 and -1 into one batch) leaves exactly the rows the live path left. The figures are
 * written in the projection's transaction, beside its rows and checkpoint: a skipped or redelivered
 * range adds nothing.
 */
export class Counters<C extends string> {
  private readonly deltas = new Map<string, Record<C, number>>();

  constructor(
    readonly table: CounterTableName,
    private readonly key: string,
    private readonly columns: readonly C[],
  ) {}

  add(key: string, delta: Partial<Record<C, number>>, sign = 1): void {
    let sums = this.deltas.get(key);
    if (!sums) {
      sums = Object.fromEntries(this.columns.map((c) => [c, 0])) as Record<C, number>;
      this.deltas.set(key, sums);
    }
    for (const column of Object.keys(delta) as C[]) sums[column] += sign * (delta[column] ?? 0);
  }

  /** Writes the sums; returns each touched key's figures after the write. */
  async write(trx: Transaction<DB>): Promise<Map<string, Record<C, number>>> {
    const rows = [...this.deltas]
      .filter(([, sums]) => this.columns.some((c) => sums[c] !== 0))
      .map(([key, sums]) => ({ [this.key]: key, ...sums }));
    this.deltas.clear();
    if (rows.length === 0) return new Map();
    const key = sql.ref(this.key);
    const columns = this.columns.map((c) => sql.ref(c));
    const sums = this.columns.map((c) => sql`${sql.ref(c)} = t.${sql.ref(c)} + excluded.${sql.ref(c)}`);
    const { rows: after } = await sql<Record<string, string | number>>`
      insert into ${sql.table(this.table)} as t (${key}, ${sql.join(columns)})
      select ${key}, ${sql.join(columns)} from json_populate_recordset(null::${sql.table(this.table)}, ${JSON.stringify(rows)}::json)
      on conflict (${key}) do update set ${sql.join(sums)}
      returning t.*`.execute(trx);
    const zero = after.filter((row) => this.columns.every((c) => Number(row[c]) === 0)).map((row) => String(row[this.key]));
    if (zero.length > 0) await sql`delete from ${sql.table(this.table)} where ${key} = any(${zero}::text[])`.execute(trx);
    return new Map(
      after.map((row) => [String(row[this.key]), Object.fromEntries(this.columns.map((c) => [c, Number(row[c])])) as Record<C, number>]),
    );
  }
}

/** Simple key/n counters. */
export const keyCounters = (table: 'user_counters' | 'wallet_counters' | 'callback_counters') => new Counters(table, 'key', ['n'] as const);
export type KeyCounters = ReturnType<typeof keyCounters>;

/**
 * Adds each changed row's part (`part(after)`) and takes back the part it had when the batch started
 * (`part(before)`), so every counter stays the sum of `part` over the table's rows.
 */
export function countChanges<T extends ProjectionTable>(
  batch: Pick<TableBatch<T>, 'changes'>,
  part: (row: Row<T>, sign: number) => void,
): void {
  for (const { before, after } of batch.changes()) {
    if (before) part(before, -1);
    if (after) part(after, 1);
  }
}

/** The UTC day (YYYY-MM-DD) of a time as pg gives it (Date) or an event carries it (ISO text). */
export const utcDay = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

/** A batch part that writes counters worked out, when the batch is written, from what the other parts did. */
export class CountersOf implements BatchWriter {
  constructor(private readonly count: (trx: Transaction<DB>) => Promise<void>) {}

  write(trx: Transaction<DB>): Promise<void> {
    return this.count(trx);
  }
}
