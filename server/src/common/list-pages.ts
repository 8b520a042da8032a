import { BadRequestException } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import { type CompiledQuery, type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';

/**
 * Paging of the admin lists at any size (issue 19). The page-number UI stays; behind it:
 * - a page is read after a keyset anchor when this process served the page before it (the last row
 *   of that page: its sort key and id), so walking the pages costs one page each however deep;
 * - else with OFFSET from the nearest anchor before it, or from the start, at most `MAX_OFFSET` rows;
 *   a deeper page with no anchor near it is refused (400) rather than read through every row above it;
 * - totals are counted up to `COUNT_CAP` rows; beyond, the planner's estimate is shown ('about N').
 */
export const MAX_OFFSET = 10_000;
export const COUNT_CAP = 10_000;
const ANCHORS_KEPT = 5_000;

export const PAGE_TOO_DEEP =
  'That page is too deep to open directly: go to it page by page from a nearby page, or narrow the list with a search or filter.';

/** Where a page starts: after an anchor row (its sort key as text and its id), then `offset` more rows. */
export interface PageStart {
  after?: Anchor;
  offset: number;
}

export interface Anchor {
  /** The sort key as Postgres prints it (full precision), null for a null key. */
  key: string | null;
  id: string;
}

/** The last rows of pages served recently, per list and filter ("signature"), by the offset after them. */
export class PageAnchors {
  private readonly anchors = new Map<string, Anchor>();

  /** How to read the page at `offset` of the list `signature`. */
  startOf(signature: string, offset: number): PageStart {
    if (offset === 0) return { offset: 0 };
    const exact = this.anchors.get(`${signature}@${offset}`);
    if (exact) return { after: exact, offset: 0 };
    let best: { at: number; anchor: Anchor } | undefined;
    const prefix = `${signature}@`;
    for (const [key, anchor] of this.anchors) {
      if (!key.startsWith(prefix)) continue;
      const at = Number(key.slice(prefix.length));
      if (at < offset && offset - at <= MAX_OFFSET && (!best || at > best.at)) best = { at, anchor };
    }
    if (best && offset - best.at < offset) return { after: best.anchor, offset: offset - best.at };
    if (offset > MAX_OFFSET) throw new BadRequestException(PAGE_TOO_DEEP);
    return { offset };
  }

  /** Remembers the last row of a page that started at `offset` and held `count` rows. */
  remember(signature: string, offset: number, count: number, last: Anchor | undefined): void {
    if (!last || count === 0) return;
    const key = `${signature}@${offset + count}`;
    this.anchors.delete(key);
    this.anchors.set(key, last);
    while (this.anchors.size > ANCHORS_KEPT) this.anchors.delete(this.anchors.keys().next().value!);
  }
}

/**
 * The rows after `anchor` in the order `key <direction>, id asc` (`id desc` with `idDirection`), as a
 * range an index on (key, id) can start from: the key bound alone, then the tie on the id.
 */
export function afterAnchor(
  key: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  id: RawBuilder<unknown>,
  anchor: Anchor,
  cast: string,
  idDirection: 'asc' | 'desc' = 'asc',
): RawBuilder<SqlBool> {
  const value = sql`${anchor.key}::${sql.raw(cast)}`;
  const [bound, strict] = direction === 'asc' ? [sql.raw('>='), sql.raw('>')] : [sql.raw('<='), sql.raw('<')];
  const idAfter = idDirection === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql<SqlBool>`(${key} ${bound} ${value} and (${key} ${strict} ${value} or ${id} ${idAfter} ${anchor.id}))`;
}

/**
 * How many rows `query` (a SELECT of the matching rows) returns, counted up to COUNT_CAP; beyond it,
 * the planner's estimate, marked as one.
 */
export async function countUpTo(db: Kysely<DB>, query: CompiledQuery): Promise<{ total: number; estimated: boolean }> {
  const { rows } = await db.executeQuery<{ n: string }>({
    ...query,
    sql: `select count(*) as n from (${query.sql} limit ${COUNT_CAP + 1}) as capped`,
  } as CompiledQuery<{ n: string }>);
  const counted = Number(rows[0].n);
  if (counted <= COUNT_CAP) return { total: counted, estimated: false };
  const plan = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>({
    ...query,
    sql: `explain (format json) ${query.sql}`,
  } as CompiledQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>);
  return { total: Math.max(COUNT_CAP + 1, Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
}
