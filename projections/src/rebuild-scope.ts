import type { DB } from '@playquid/read-db';
import type { Transaction } from 'kysely';

/**
 * What a rebuild knows that a live batch does not: it emptied its tables at the start of its one
 * transaction, so every row they hold was written by an earlier page of the same rebuild. A
 * projection may keep state across those pages (keyed by the transaction, gone with it) to find
 * its own rows without scanning a table that grows with the log; a live batch, or a rebuild of
 * other tables, gets no scope and takes the ordinary path.
 */
const emptied = new WeakMap<object, Set<string>>();
const scopes = new WeakMap<object, Map<string, unknown>>();

/** Called by the rebuild once it has emptied `tables` in `trx`. */
export function markEmptied(trx: Transaction<DB>, tables: readonly string[]): void {
  emptied.set(trx, new Set([...(emptied.get(trx) ?? []), ...tables]));
}

/** The state named `name` kept across the pages of the rebuild that emptied `table` in `trx`; undefined outside one. */
export function rebuildScope<T>(trx: Transaction<DB>, table: string, name: string, create: () => T): T | undefined {
  if (!emptied.get(trx)?.has(table)) return undefined;
  let scope = scopes.get(trx);
  if (!scope) scopes.set(trx, (scope = new Map()));
  if (!scope.has(name)) scope.set(name, create());
  return scope.get(name) as T;
}
