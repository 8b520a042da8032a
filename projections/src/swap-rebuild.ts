import { formatPosition, type GlobalPosition, parsePosition, START_POSITION, type StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { OutOfOrderError } from './apply-range';
import { lockCheckpoints, saveCheckpoints } from './checkpoints';
import { INDEXES_PROJECTIONS_READ_BY } from './deferred-indexes';
import type { Projection } from './projection';
import { markEmptied } from './rebuild-scope';

const IN_FAILED_TRANSACTION = '25P02';
/** Every shadow schema is named so; one left by a rebuild that was killed is dropped by the next. */
const SHADOW_PREFIX = 'playquid_rebuild_';
/** Pages a filling connection may lag behind the reader (each held in memory until every connection has applied it). */
const PAGES_IN_FLIGHT = 2;
/** Serialises the rebuilds that swap (they drop each other's left-over shadow schemas). */
const REBUILD_LOCK = sql`hashtext('playquid_swap_rebuild')`;

export interface SwapRebuildOptions {
  /** Called after each page with the number of events replayed so far and the last one's position. */
  onProgress?(applied: number, position: string): void;
  /**
   * Connections filling the shadow tables at once, each a transaction of its own holding some of
   * the projections (default 1). The pool must hold this many plus one (the swap's transaction).
   */
  connections?: number;
  /** Connections building the indexes and gathering statistics at the end (default 2, at most `connections`). */
  indexConnections?: number;

  /** Called once the shadow tables are complete, just before the swap (tests fail a rebuild there). */
  beforeSwap?(): Promise<void>;
}

interface TableShape {
  table: string;
  /** The table's name as Postgres quotes it (as in its index and trigger definitions). */
  quoted: string;
  /** PRIMARY KEY / UNIQUE / EXCLUDE constraints: added before the fill (the projections rely on them). */
  constraints: { name: string; definition: string }[];
  /** Indexes built before the fill (unique ones, those the projections read by) and after it. */
  early: string[];
  late: string[];
  triggers: string[];
  grants: string[];
  owner: string;
  options: string[] | null;
}

interface ViewShape {
  name: string;
  definition: string;
  options: string[] | null;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE … ON <live>.<table> …` as Postgres states it, pointed at the same table in `schema`. */
function onSchema(definition: string, live: string, table: string, schema: string): string {
  const from = ` ON ${live}.${table} `;
  const fromOnly = ` ON ONLY ${live}.${table} `;
  if (definition.includes(fromOnly)) return definition.replace(fromOnly, ` ON ONLY ${q(schema)}.${table} `);
  if (!definition.includes(from)) throw new Error(`rebuild: cannot point "${definition}" at schema ${schema}`);
  return definition.replace(from, ` ON ${q(schema)}.${table} `);
}

async function shapeOf(db: Kysely<DB> | Transaction<DB>, live: string, table: string): Promise<TableShape> {
  const id = sql`(quote_ident(${live}) || '.' || quote_ident(${table}))::regclass`;
  const { rows: names } = await sql<{ quoted: string }>`select quote_ident(${table}) as quoted`.execute(db);
  const { rows: foreign } = await sql<{ conname: string }>`
    select conname from pg_constraint where contype = 'f' and (conrelid = ${id} or confrelid = ${id})`.execute(db);
  if (foreign.length > 0)
    throw new Error(`rebuild: ${table} has foreign keys (${foreign.map((f) => f.conname).join(', ')}); the swap does not carry them`);
  const { rows: constraints } = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${id} and contype in ('p', 'u', 'x') order by conname`.execute(db);
  const { rows: indexes } = await sql<{ name: string; definition: string; unique: boolean }>`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisunique as unique
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${id} and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`.execute(db);
  const { rows: triggers } = await sql<{ definition: string }>`
    select pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = ${id} and not tgisinternal order by tgname`.execute(db);
  const { rows: grants } = await sql<{ grantee: string; privilege: string; grantable: boolean }>`
    select case when a.grantee = 0 then 'public' else quote_ident(a.grantee::regrole::text) end as grantee, a.privilege_type as privilege, a.is_grantable as grantable
    from pg_class c, aclexplode(c.relacl) a where c.oid = ${id} and a.grantee <> c.relowner`.execute(db);
  const { rows: meta } = await sql<{ owner: string; options: string[] | null; persistence: string }>`
    select quote_ident(relowner::regrole::text) as owner, reloptions as options, relpersistence as persistence from pg_class where oid = ${id}`.execute(
    db,
  );
  const readBy = new Set<string>(INDEXES_PROJECTIONS_READ_BY);
  const early = indexes.filter((i) => i.unique || readBy.has(i.name)).map((i) => i.definition);
  const late = indexes.filter((i) => !(i.unique || readBy.has(i.name))).map((i) => i.definition);
  if (meta[0].persistence !== 'p') throw new Error(`rebuild: ${table} is not a plain logged table`);
  return {
    table,
    quoted: names[0].quoted,
    constraints,
    early,
    late,
    triggers: triggers.map((t) => t.definition),
    grants: grants.map((g) => `grant ${g.privilege} on table %s to ${g.grantee}${g.grantable ? ' with grant option' : ''}`),
    owner: meta[0].owner,
    options: meta[0].options,
  };
}

/** The views over `tables` (they follow a table that moves, so they are defined again on the new ones). */
async function viewsOver(db: Kysely<DB> | Transaction<DB>, live: string, tables: readonly string[]): Promise<ViewShape[]> {
  const { rows } = await sql<ViewShape>`
    select distinct quote_ident(vn.nspname) || '.' || quote_ident(v.relname) as name, pg_get_viewdef(v.oid) as definition, v.reloptions as options
    from pg_depend d
    join pg_rewrite r on r.oid = d.objid
    join pg_class v on v.oid = r.ev_class
    join pg_namespace vn on vn.oid = v.relnamespace
    join pg_class t on t.oid = d.refobjid
    where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and v.oid <> t.oid and v.relkind = 'v'
      and t.relnamespace = ${live}::regnamespace and t.relname = any(${[...tables]}::text[])
    order by 1`.execute(db);
  return rows;
}

/** Applies each page, in order, to a group of projections in one transaction (their statements queue on its connection). */
async function fillGroup(
  trx: Transaction<DB>,
  shadow: string,
  live: string,
  group: readonly Projection[],
  pages: AsyncIterable<readonly StoredEventMessage[]>,
): Promise<void> {
  await sql`select set_config('search_path', ${`${q(shadow)}, ${q(live)}`}, true)`.execute(trx);
  markEmptied(
    trx,
    group.flatMap((p) => p.tables),
  );
  for await (const page of pages) {
    const settled = await Promise.allSettled(group.map((projection) => projection.apply(trx, page)));
    const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    // After one statement fails, the others' are refused as "in a failed transaction": report the first.
    if (errors.length > 0) throw errors.find((e) => (e as { code?: string }).code !== IN_FAILED_TRANSACTION) ?? errors[0];
  }
}

/** Pages handed from the reader to one filling connection; `take` resolves once the page has been applied. */
class PageChannel {
  private readonly pages: { page: readonly StoredEventMessage[]; done: () => void; failed: (e: unknown) => void }[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private aborted: unknown;

  push(page: readonly StoredEventMessage[]): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pages.push({ page, done, failed });
      this.wake?.();
    });
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  /** The consumer stops with `reason` at its next page; pages still queued fail with it. */
  abort(reason: unknown): void {
    this.aborted = reason;
    for (const { failed } of this.pages.splice(0)) failed(reason);
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<readonly StoredEventMessage[]> {
    for (;;) {
      if (this.aborted !== undefined) throw this.aborted;
      const next = this.pages[0];
      if (next) {
        yield next.page;
        this.pages.shift();
        next.done();
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  /** The consumer failed: every page it will not apply fails with its error. */
  fail(error: unknown): void {
    for (const { failed } of this.pages.splice(0)) failed(error);
  }
}

/** Splits the projections into `n` groups, the ones with the most tables first, each to the group with the fewest tables so far. */
function groupsOf(projections: readonly Projection[], n: number): Projection[][] {
  const groups: Projection[][] = Array.from({ length: Math.max(1, Math.min(n, projections.length)) }, () => []);
  const weight = (g: Projection[]) => g.reduce((sum, p) => sum + p.tables.length, 0);
  for (const projection of [...projections].sort((a, b) => b.tables.length - a.tables.length)) {
    groups.reduce((lightest, g) => (weight(g) < weight(lightest) ? g : lightest)).push(projection);
  }
  return groups.filter((g) => g.length > 0);
}

/** Runs the tasks given to it, at most `n` at once, in the order given. */
class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly n: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Replays the log into fresh copies of the projections' tables and swaps them into place, so the
 * API reads the old rows until the swap and a rebuild that fails at any point leaves the live tables
 * as they were. Returns the number of events replayed. The pages must start at the beginning of the
 * log ("0/0") and follow each other; a gap fails the rebuild with OutOfOrderError.
 *
 * 1. A transaction takes the projections' checkpoint locks (and a lock that serialises these
 *    rebuilds) and keeps them to the end: the live worker's transaction for each of them waits
 *    meanwhile, exactly as during an in-place rebuild. The log is read only after that, so every
 *    event the worker applied before is in what the rebuild reads.
 * 2. A shadow schema gets a copy of each table: columns, defaults, checks, primary and unique keys,
 *    unique indexes and the indexes the projections read by, no triggers and no other index.
 * 3. The log is read once; each page goes to every filling connection (a transaction each, holding
 *    some projections), so Postgres works on several cores while node folds the next page.
 * 4. The remaining indexes are built on each projection's tables, and their statistics gathered,
 *    as soon as its connection has filled them (while the others go on).
 * 5. In the first transaction: the live tables are locked, moved out and the shadow ones moved in
 *    (indexes, constraints and row types go with their table), triggers, grants and the views over
 *    them are defined again as they were, the old tables truncated (their truncate triggers tell
 *    the API every member row changed, as the in-place rebuild's TRUNCATE did) and the checkpoints
 *    set to the last event replayed. The old tables are dropped after the commit.
 */
export async function rebuildProjectionsBySwap(
  db: Kysely<DB>,
  projections: readonly Projection[],
  pages: AsyncIterable<readonly StoredEventMessage[]>,
  options: SwapRebuildOptions = {},
): Promise<number> {
  const tables = projections.flatMap((p) => p.tables);
  const stamp = `${Date.now()}_${process.pid}`;
  const shadow = `${SHADOW_PREFIX}${stamp}`;
  const old = `${SHADOW_PREFIX}${stamp}_old`;
  try {
    return await db.transaction().execute(async (control) => {
      await sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`.execute(control);
      await lockCheckpoints(
        control,
        projections.map((p) => p.name),
      );
      const { rows: schemaRows } = await sql<{
        live: string;
        quoted: string;
      }>`select current_schema() as live, quote_ident(current_schema()) as quoted`.execute(control);
      const { live, quoted: liveQ } = schemaRows[0];
      // Left over by a rebuild that was killed (no other one runs: this one holds the lock).
      const { rows: leftOver } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where starts_with(nspname, ${SHADOW_PREFIX})`.execute(control);
      for (const { name } of leftOver) await sql`drop schema ${sql.id(name)} cascade`.execute(db);

      const shapes = await Promise.all(tables.map((t) => shapeOf(control, live, t)));
      const views = await viewsOver(control, live, tables);
      // Created outside this transaction, so the filling connections see them.
      await sql`create schema ${sql.id(shadow)}`.execute(db);
      await sql`create schema ${sql.id(old)}`.execute(db);
      for (const shape of shapes) {
        const target = `${q(shadow)}.${q(shape.table)}`;
        await sql
          .raw(
            `create table ${target} (like ${liveQ}.${q(shape.table)} including defaults including constraints including generated including identity including storage including compression including comments)` +
              (shape.options ? ` with (${shape.options.join(', ')})` : ''),
          )
          .execute(db);
        for (const c of shape.constraints) await sql.raw(`alter table ${target} add constraint ${q(c.name)} ${c.definition}`).execute(db);
        for (const definition of shape.early) await sql.raw(onSchema(definition, liveQ, shape.quoted, shadow)).execute(db);
      }

      // Fill: one reader, every page to every group's connection.
      const groups = groupsOf(projections, options.connections ?? 1);
      const channels = groups.map(() => new PageChannel());
      // The remaining indexes, then the planner's statistics (the new tables have none), as soon as a group's tables are filled.
      const limiter = new Limiter(Math.min(options.indexConnections ?? 2, options.connections ?? 1) || 1);
      const finishing: Promise<unknown>[] = [];
      const finish = (group: readonly Projection[]) => {
        for (const shape of shapes.filter((s) => group.some((p) => p.tables.includes(s.table as never)))) {
          for (const definition of shape.late) {
            finishing.push(
              limiter.run(() =>
                db.connection().execute(async (c) => {
                  await sql`set maintenance_work_mem = '256MB'`.execute(c);
                  await sql.raw(onSchema(definition, liveQ, shape.quoted, shadow)).execute(c);
                  await sql`reset maintenance_work_mem`.execute(c);
                }),
              ),
            );
          }
          finishing.push(limiter.run(() => sql.raw(`analyze ${q(shadow)}.${q(shape.table)}`).execute(db)));
        }
        finishing.forEach((f) => f.catch(() => undefined));
      };
      const filling = groups.map((group, i) =>
        db
          .transaction()
          .execute((trx) => fillGroup(trx, shadow, live, group, channels[i]))
          .then(() => finish(group))
          .catch((error: unknown) => {
            channels[i].fail(error);
            throw error;
          }),
      );
      filling.forEach((f) => f.catch(() => undefined));
      let count = 0;
      let last: GlobalPosition = START_POSITION;
      try {
        let previous = formatPosition(START_POSITION);
        const inFlight: { page: readonly StoredEventMessage[]; applied: Promise<unknown> }[] = [];
        const settleOldest = async () => {
          const { page, applied } = inFlight.shift()!;
          await applied;
          count += page.length;
          options.onProgress?.(count, page[page.length - 1].position);
        };
        for await (const page of pages) {
          if (page.length === 0) continue;
          for (const [i, message] of page.entries()) {
            if (message.previousPosition !== previous) {
              throw new OutOfOrderError(
                'rebuild',
                message,
                count === 0 && i === 0 && inFlight.length === 0 ? `the checkpoint is ${previous}` : `the range has ${previous} before it`,
              );
            }
            previous = message.position;
          }
          const applied = Promise.all(channels.map((c) => c.push(page)));
          applied.catch(() => undefined);
          inFlight.push({ page, applied });
          last = parsePosition(previous);
          if (inFlight.length > PAGES_IN_FLIGHT) await settleOldest();
        }
        while (inFlight.length > 0) await settleOldest();
        for (const c of channels) c.close();
        await Promise.all(filling);
      } catch (error) {
        // A filling connection's error reaches here through its pages; the others stop and roll back.
        for (const c of channels) c.abort(error);
        await Promise.allSettled(filling);
        await Promise.allSettled(finishing);
        throw error;
      }

      await Promise.all(finishing);
      await options.beforeSwap?.();

      // The swap.
      await sql
        .raw(
          `lock table ${[...tables]
            .sort()
            .map((t) => `${liveQ}.${q(t)}`)
            .join(', ')} in access exclusive mode`,
        )
        .execute(control);
      for (const shape of shapes) {
        await sql.raw(`alter table ${liveQ}.${q(shape.table)} set schema ${q(old)}`).execute(control);
        await sql.raw(`alter table ${q(shadow)}.${q(shape.table)} set schema ${liveQ}`).execute(control);
        const table = `${liveQ}.${q(shape.table)}`;
        for (const trigger of shape.triggers) await sql.raw(trigger).execute(control);
        for (const grant of shape.grants) await sql.raw(grant.replace('%s', table)).execute(control);
        await sql.raw(`alter table ${table} owner to ${shape.owner}`).execute(control);
      }
      for (const view of views) {
        await sql
          .raw(`create or replace view ${view.name}${view.options ? ` with (${view.options.join(', ')})` : ''} as ${view.definition}`)
          .execute(control);
      }
      await sql.raw(`truncate ${shapes.map((s) => `${q(old)}.${q(s.table)}`).join(', ')}`).execute(control);
      await saveCheckpoints(
        control,
        projections.map((p) => p.name),
        last,
      );
      return count;
    });
  } finally {
    // After a swap the old tables; otherwise the shadow ones (the live tables never moved).
    await sql`drop schema if exists ${sql.id(old)} cascade`.execute(db).catch(() => undefined);
    await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db).catch(() => undefined);
  }
}
