import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';

/**
 * Reads of the counters the projections keep (read-db migration 1796300000000-Counters): primary-key
 * lookups, never an aggregate over a large table. A counter without a row is 0.
 */
export type CounterTableName = 'user_counters' | 'wallet_counters' | 'callback_counters';

const DAY_MS = 86_400_000;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The start of the UTC day after the one `at` falls in. */
export const nextUtcDay = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) + DAY_MS);

/** `<prefix>:<day>` for every UTC day from the one of `from` to the one of `to`, both included. */
export function dayKeys(prefix: string, from: Date, to: Date): string[] {
  const keys: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t <= to.getTime(); t += DAY_MS)
    keys.push(`${prefix}:${utcDay(new Date(t))}`);
  return keys;
}

export async function readCounters(db: Kysely<DB>, table: CounterTableName, keys: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>(keys.map((key) => [key, 0]));
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom(table)
    .select(['key', 'n'])
    .where('key', 'in', [...new Set(keys)])
    .execute();
  for (const row of rows) found.set(row.key, Number(row.n));
  return found;
}

export const sumOf = (counters: Map<string, number>, keys: readonly string[]): number =>
  keys.reduce((sum, key) => sum + (counters.get(key) ?? 0), 0);

/** Tomorrow too: a time a little ahead of this clock still counts as "since". */
export const throughTomorrow = (now: Date): Date => new Date(nextUtcDay(now).getTime());
