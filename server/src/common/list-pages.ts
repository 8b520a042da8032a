import { BadRequestException } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type CompiledQuery, type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';

/**
 * Paging of the admin lists at any size (issue 19). The page-number UI stays; behind it:
 * - a page is read after a keyset anchor when any API process served the page before it (the last
 *   row of that page: its sort key and id; kept in the process and shared through Redis), so walking
 *   the pages costs one page each however deep, whichever replica serves the next page;
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

/** An anchor found for a page: the offset right after its row, and the row. */
interface Found {
  at: number;
  anchor: Anchor;
}

/**
 * Anchors shared by every API process (Redis): a page walk continues by keyset whichever replica
 * serves the next page. Set once at start (`shareAnchors`); without it each process keeps its own.
 */
export interface SharedAnchorStore {
  /** The anchor at `offset`, else the nearest before it at most MAX_OFFSET rows back. */
  nearest(signature: string, offset: number): Promise<Found | undefined>;
  put(signature: string, at: number, anchor: Anchor): Promise<void>;
}

let shared: SharedAnchorStore | undefined;

/** Makes every list share its anchors through `store` (undefined: back to per-process anchors). */
export function shareAnchors(store: SharedAnchorStore | undefined): void {
  shared = store;
}

/** Back to per-process anchors if `store` is still the one shared (an app closing its Redis client). */
export function stopSharingAnchors(store: SharedAnchorStore): void {
  if (shared === store) shared = undefined;
}

/** How long a shared anchor is kept after the last page written at it: an admin's walk, not a history. */
export const SHARED_ANCHOR_TTL_SECONDS = 15 * 60;
/** Most anchors kept per list and filter in Redis (the deepest are dropped first). */
const SHARED_ANCHORS_PER_LIST = 2_000;

/**
 * Anchors in Redis: one sorted set per list and filter (a hash of the signature), each member an
 * anchor scored by the offset after it, expiring SHARED_ANCHOR_TTL_SECONDS after the last write.
 */
export class RedisAnchorStore implements SharedAnchorStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = SHARED_ANCHOR_TTL_SECONDS,
  ) {}

  private key(signature: string): string {
    return `${this.prefix}:${createHash('sha1').update(signature).digest('hex')}`;
  }

  async nearest(signature: string, offset: number): Promise<Found | undefined> {
    const [member] = await this.redis.zrevrangebyscore(this.key(signature), offset, offset - MAX_OFFSET, 'LIMIT', 0, 1);
    if (!member) return undefined;
    const { at, key, id } = JSON.parse(member) as { at: number; key: string | null; id: string };
    return { at, anchor: { key, id } };
  }

  async put(signature: string, at: number, anchor: Anchor): Promise<void> {
    const key = this.key(signature);
    await this.redis
      .multi()
      .zremrangebyscore(key, at, at)
      .zadd(key, at, JSON.stringify({ at, key: anchor.key, id: anchor.id }))
      .zremrangebyrank(key, SHARED_ANCHORS_PER_LIST, -1)
      .expire(key, this.ttlSeconds)
      .exec();
  }
}

/**
 * The last rows of pages served recently, per list and filter ("signature"), by the offset after
 * them: this process's own, and the ones every process shares (when `shareAnchors` was called).
 */
export class PageAnchors {
  private readonly anchors = new Map<string, Anchor>();

  /** How to read the page at `offset` of the list `signature`. */
  async startOf(signature: string, offset: number): Promise<PageStart> {
    if (offset === 0) return { offset: 0 };
    let best = this.nearestHere(signature, offset);
    if (shared && best?.at !== offset) {
      // Another process may have served the page before; Redis away, this process's own anchors still serve.
      const there = await shared.nearest(signature, offset).catch(() => undefined);
      if (there && (!best || there.at > best.at)) best = there;
    }
    if (best) return { after: best.anchor, offset: offset - best.at };
    if (offset > MAX_OFFSET) throw new BadRequestException(PAGE_TOO_DEEP);
    return { offset };
  }

  private nearestHere(signature: string, offset: number): Found | undefined {
    const exact = this.anchors.get(`${signature}@${offset}`);
    if (exact) return { at: offset, anchor: exact };
    let best: Found | undefined;
    const prefix = `${signature}@`;
    for (const [key, anchor] of this.anchors) {
      if (!key.startsWith(prefix)) continue;
      const at = Number(key.slice(prefix.length));
      if (at > 0 && at < offset && offset - at <= MAX_OFFSET && (!best || at > best.at)) best = { at, anchor };
    }
    return best;
  }

  /** Remembers the last row of a page that started at `offset` and held `count` rows. */
  async remember(signature: string, offset: number, count: number, last: Anchor | undefined): Promise<void> {
    if (!last || count === 0) return;
    const at = offset + count;
    const key = `${signature}@${at}`;
    this.anchors.delete(key);
    this.anchors.set(key, last);
    while (this.anchors.size > ANCHORS_KEPT) this.anchors.delete(this.anchors.keys().next().value!);
    await shared?.put(signature, at, last).catch(() => undefined);
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

/**
 * Runs reads that must agree, such as a page of rows and its total, on one snapshot: a read-only
 * REPEATABLE READ transaction. Read side by side on two connections, a projection committing
 * between the two showed a member their one payout under a total of 0.
 */
export function oneSnapshot<T>(db: Kysely<DB>, read: (snapshot: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}
