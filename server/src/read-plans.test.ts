import { createHash } from 'node:crypto';
import { createPool, createTestDatabase, type DB, seedReadModel, type TestDatabase } from '@playquid/read-db';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackRepository } from './callbacks/callback.repository';
import { OfferRepository } from './offers/offer.repository';
import { OfferStatsRepository, periodsOf } from './offers/offer-stats.repository';
import type { MemberRowCache } from './infra/member-row-cache';
import { PayoutRepository } from './payouts/payout.repository';
import { UserRepository } from './users/user.repository';
import { EarningRepository } from './wallet/earning.repository';
import { WalletRepository } from './wallet/wallet.repository';

/**
 * Every admin and member list query, run through its repository with representative parameters on
 * a seeded, analysed read model, has a plan that reads no large table from end to end: each filter
 * and sort the API offers has an index (issue 19). A whole-table count without a WHERE (the total
 * of an unfiltered list) reads every row whatever the plan, so it is the one query allowed to.
 */
const MEMBERS = 15_000;
const LARGE_TABLES = new Set(['users', 'balances', 'payouts', 'earnings', 'callbacks', 'statement_entries', 'wallet_counters', 'offer_starts']);

let database: TestDatabase;
let db: Kysely<DB>;
let captured: CompiledQuery[] = [];

beforeAll(async () => {
  database = await createTestDatabase('readplans', { migrated: true });
  db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: createPool({ connectionString: database.url, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await seedReadModel(db, MEMBERS);
}, 30_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The large tables a plan reads end to end. A sequential scan feeding a LIMIT directly (a count
 * capped at COUNT_CAP rows) stops at the limit, so it is bounded and not counted.
 */
const seqScans = (node: PlanNode, underLimit = false): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && !underLimit && node['Relation Name'] && LARGE_TABLES.has(node['Relation Name']) ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap((child) => seqScans(child, node['Node Type'] === 'Limit' || (underLimit && node['Node Type'] === 'Subquery Scan'))),
];

const wholeTableCount = (query: string) => /^select count\(\*\)/i.test(query) && !/ where (?!1 = 1$)/i.test(query);

/** Runs `read`, then EXPLAINs each query it sent: the large tables each one scans sequentially. */
async function scansOf(read: () => Promise<unknown>): Promise<Array<{ sql: string; seqScans: string[] }>> {
  captured = [];
  await read();
  // The planner's estimate of a capped count is an EXPLAIN already; the statements that open and
  // close a list's snapshot (oneSnapshot) read nothing.
  const queries = captured.filter((q) => !wholeTableCount(q.sql) && !/^(explain|start transaction|begin|commit|rollback)\b/i.test(q.sql));
  captured = [];
  expect(queries.length).toBeGreaterThan(0);
  const results = [];
  for (const query of queries) {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({
      ...query,
      sql: `explain (format json) ${query.sql}`,
    } as CompiledQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>);
    results.push({ sql: query.sql, seqScans: seqScans(rows[0]['QUERY PLAN'][0].Plan) });
  }
  return results;
}

/** An admin pastes part of a transaction id (the seed's are 'tx-' and the md5 of the row number). */
const TRANSACTION_PART = createHash('md5').update('1717').digest('hex').slice(4, 14);

/** A day inside the seeded rows' span, so the day counters and the partial-day index counts have rows to read. */
const NOW = new Date('2026-02-03T12:00:00Z');

const noCache = { get: (_uid: string, _kind: string, read: () => Promise<unknown>) => read() } as unknown as MemberRowCache;

describe('read plans on a seeded read model', () => {
  const users = () => new UserRepository(db);
  // Page 11 of 20 rows: deep enough that OFFSET matters, shallow enough that a real site's tables
  // (tens of thousands of rows, not the few thousand seeded here) would still favour the index.
  const deep = { limit: 20, offset: 200 };

  const cases: Array<[string, () => Promise<unknown>]> = [
    ['admin users, default sort (newest first), deep page', () => users().page({ sortBy: 'created_at', sortOrder: 'desc', ...deep })],
    ['admin users, oldest first', () => users().page({ sortBy: 'created_at', sortOrder: 'asc', ...deep })],
    ['admin users, last login, newest first', () => users().page({ sortBy: 'last_login', sortOrder: 'desc', ...deep })],
    ['admin users, last login, oldest first', () => users().page({ sortBy: 'last_login', sortOrder: 'asc', ...deep })],
    ['admin users, email', () => users().page({ sortBy: 'email', sortOrder: 'asc', ...deep })],
    ['admin users, username', () => users().page({ sortBy: 'username', sortOrder: 'desc', ...deep })],
    ['admin users, role', () => users().page({ sortBy: 'role', sortOrder: 'desc', ...deep })],
    ['admin users, by total earned (money sort, a balances index)', () => users().page({ sortBy: 'total_earned', sortOrder: 'desc', ...deep })],
    ['admin users, by pending, lowest first', () => users().page({ sortBy: 'pending_earnings', sortOrder: 'asc', ...deep })],
    ['admin users, by completed offers, banned only', () => users().page({ status: 'banned', sortBy: 'completed_offers', sortOrder: 'desc', limit: 20, offset: 0 })],
    ['admin users, search', () => users().page({ search: 'player1234', sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })],
    ['a member with their referral count (profile, stats, admin detail)', () => users().find('u7')],
    ['admin payouts, every status', () => new PayoutRepository(db).pageForAdmin(undefined, 20, 200)],
    ['admin payouts, one status', () => new PayoutRepository(db).pageForAdmin('pending', 20, 200)],
    ['member payouts', () => new PayoutRepository(db).pageForMember('u7', 20, 0)],
    ['admin earnings', () => new EarningRepository(db).adminPage({}, 20, 200)],
    ['admin earnings of a member', () => new EarningRepository(db).adminPage({ uid: 'u7' }, 20, 0)],
    ['callbacks console, newest first', () => new CallbackRepository(db).page({}, 20, 200)],
    ['callbacks console, search', () => new CallbackRepository(db).page({ search: TRANSACTION_PART }, 20, 0)],
    ['callbacks console, one offer', () => new CallbackRepository(db).page({ offerId: 'api17' }, 20, 0)],
    ['callbacks console, one member', () => new CallbackRepository(db).page({ userId: 'u17' }, 20, 0)],
    ['statement', () => new WalletRepository(db, noCache).statementEntries('u7')],
    ['statement, one page of 50 from the newest', () => new WalletRepository(db, noCache).statementPage('u7', 50, 100)],
    // An as_of statement (issue 19): the last row by then on (uid, at, revision), then a page up to its revision.
    ['statement as of a moment: the last entry by then', () => new WalletRepository(db, noCache).statementRowAtOrBefore('u7', NOW)],
    ['statement as of a moment: how many entries by then', () => new WalletRepository(db, noCache).statementCount('u7', 1000)],
    ['statement as of a moment: one page', () => new WalletRepository(db, noCache).statementSlice('u7', 1000, 1200, 1100, 50)],
    // A page after one served before starts after its last row (keyset), whatever its depth.
    ['admin users, the page after one served (keyset)', async () => {
      const first = { sortBy: 'created_at', sortOrder: 'desc', limit: 20 } as const;
      await users().page({ ...first, offset: 0 });
      return users().page({ ...first, offset: 20 });
    }],
    ['admin users, filtered total counted up to a cap', () => users().page({ role: 'USER', sortBy: 'email', sortOrder: 'asc', limit: 20, offset: 0 })],
    ['callbacks console, the page after one served (keyset)', async () => {
      await new CallbackRepository(db).page({}, 50, 0);
      return new CallbackRepository(db).page({}, 50, 50);
    }],
    ['admin payouts, the page after one served (keyset)', async () => {
      await new PayoutRepository(db).pageForAdmin(undefined, 50, 0);
      return new PayoutRepository(db).pageForAdmin(undefined, 50, 50);
    }],
    // Figures over every member read the projections' counters (issue 19), never the large tables.
    ['public site stats (landing counters)', () => new OfferStatsRepository(db).siteStats(NOW)],
    ['admin stats: signups', () => new OfferStatsRepository(db).signups(periodsOf(NOW), NOW)],
    [
      'admin stats: revenue',
      () =>
        Promise.all([
          new OfferStatsRepository(db).companyRevenueUsd(),
          new OfferStatsRepository(db).clientRevenuePence(periodsOf(NOW), NOW),
        ]),
    ],
    ['admin stats: top offers', () => new OfferStatsRepository(db).topOffers(6)],
    ['admin stats: offers started and converted (counters)', () => new OfferStatsRepository(db).starts()],
    ['admin users stat cards', () => users().stats(NOW)],
    ['callbacks console stats', () => new CallbackRepository(db).counts(new Date(NOW.getTime() - 86_400_000))],
    ['offer wall, most popular (completions per offer)', () => new OfferRepository(db).page({ status: 'active' }, 'most_popular', 100, 0)],
  ];

  it.each(cases)('%s: no sequential scan of a large table', async (_name, read) => {
    const results = await scansOf(read);
    expect(results.filter((r) => r.seqScans.length > 0)).toEqual([]);
  });

  it('flags a sequential scan (the check itself works)', async () => {
    const results = await scansOf(() => sql`select count(*) from users where username like '%9'`.execute(db));
    expect(results.map((r) => r.seqScans)).toEqual([['users']]);
  });

  describe('paging at any depth', () => {
    it('walks pages after the last row of the page before, giving the rows OFFSET gives, each once', async () => {
      const repo = new CallbackRepository(db);
      const walked: string[] = [];
      for (let page = 0; page < 4; page++) walked.push(...(await repo.page({}, 25, page * 25)).rows.map((r) => r.id));
      const expected = await db.selectFrom('callback_log').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
      expect(walked).toEqual(expected.map((r) => r.id));

      const seen: string[] = [];
      for (let page = 0; page < 3; page++) seen.push(...(await users().page({ sortBy: 'username', sortOrder: 'asc', limit: 30, offset: page * 30 })).rows.map((r) => r.uid));
      const byName = await db.selectFrom('users').select('uid').orderBy(sql`lower(username)`).orderBy('uid').limit(90).execute();
      expect(seen).toEqual(byName.map((r) => r.uid));
    });

    it('sorts by money as a sort of every member would, members without a balance as zero', async () => {
      for (const sortOrder of ['desc', 'asc'] as const) {
        const page = await users().page({ sortBy: 'total_earned', sortOrder, limit: 25, offset: 2_990 });
        const expected = await db
          .selectFrom('users')
          .leftJoin('balances', 'balances.uid', 'users.uid')
          .select('users.uid')
          .orderBy(sql`coalesce(balances.total_earned_pence, 0) ${sql.raw(sortOrder)}`)
          .orderBy('users.uid')
          .limit(25)
          .offset(2_990)
          .execute();
        expect(page.rows.map((r) => r.uid)).toEqual(expected.map((r) => r.uid));
      }
    });

    it('refuses a page deeper than the offset cap that no served page leads to, with a message saying what to do', async () => {
      await expect(users().page({ sortBy: 'created_at', sortOrder: 'asc', limit: 20, offset: 12_000 })).rejects.toThrow(/page by page/);
      await expect(new PayoutRepository(db).pageForAdmin('paid', 20, 12_000)).rejects.toThrow(/too deep/);
    });

    it('totals: exact from the counters unfiltered, an estimate (marked) for a large filtered list', async () => {
      expect(await users().page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })).toMatchObject({ total: MEMBERS, estimated: false });
      const filtered = await users().page({ role: 'USER', sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 });
      expect(filtered.estimated).toBe(true);
      expect(filtered.total).toBeGreaterThan(10_000);
      expect(await users().page({ status: 'banned', sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })).toMatchObject({ total: 0, estimated: false });
    });
  });
});
