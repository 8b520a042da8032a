/* eslint-disable */
// Scale bench (issue 19): builds S, M and L databases (a tenth, three tenths and all of --members)
// from the project's history generator (projections/src/testing/generated-history.ts: real events,
// real hash chains, written as the Postgres event store writes them), replays them with `rebuild
// all` (events/s), then times the calls that grow with members and events: p50/p95 at one client
// (through the server's own repositories and services, on the built code) and the public calls at
// 10 connections over HTTP (autocannon, the built API on a port of its own). Asserts nothing.
//   npm run build && npm run bench:scale -- --members 100000 [--sizes S,M,L] [--events-per-member 30] [--runs 40] [--port 4210]
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const pg = require('pg');
const autocannon = require('autocannon');
const jiti = require('jiti').createJiti(__filename);
const readDb = require('@playquid/read-db');
const { ALL_PROJECTIONS, rebuildProjections, rebuildProjectionsBySwap } = require('@playquid/projections');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const MEMBERS = Number(arg('members', '100000'));
const SIZES = arg('sizes', 'S,M,L').split(',');
const EVENTS_PER_MEMBER = Number(arg('events-per-member', '30'));
const RUNS = Number(arg('runs', '40'));
const PORT = Number(arg('port', '4210'));
/** Keep (or reuse) the databases under this name prefix instead of throw-away ones: `<prefix>_s` etc. An existing one with events is not built again. */
const DATABASE = arg('database', '');
/** `rebuild all` this many times (median events/s reported); 0 with --rebuild-only skips the calls too. */
const REBUILD_RUNS = Number(arg('rebuild-runs', '1'));
const REBUILD_ONLY = process.argv.includes('--rebuild-only');
const BUILD_ONLY = process.argv.includes('--build-only');
/** `rebuild all --defer-indexes`: in place, secondary indexes dropped and built again at the end. */
const DEFER_INDEXES = process.argv.includes('--defer-indexes');
/** `rebuild all --in-place`: the live tables emptied and refilled in one transaction (the default swaps fresh tables in). */
const IN_PLACE = DEFER_INDEXES || process.argv.includes('--in-place');
const HEAVY_EVENTS = 10_000;
const root = path.join(__dirname, '..');
const server = (p) => require(path.join(root, 'server/dist', p));

const { seededSteps, historyOf, STEP_KINDS } = jiti(path.join(root, 'projections/src/testing/generated-history.ts'));
const { asLog } = jiti(path.join(root, 'projections/src/testing/events.ts'));
const { computeCanonicalEventHash, canonicalJson } = server('event-store/hash-chain.js');
const { metadataToStore } = server('event-store/upcasting.js');

/** Step kinds weighted like a live site: mostly callbacks and their approvals, few offers and posts. */
const WEIGHTS = { register: 40, userChange: 20, bonus: 30, referral: 8, callback: 300, rejectedCallback: 10, approveEarning: 120, reviewEarning: 4, reverseEarning: 10, requestPayout: 15, payoutChange: 15, offer: 1, offerStart: 60, blog: 1 };
const KINDS = STEP_KINDS.flatMap((kind) => Array(WEIGHTS[kind] ?? 1).fill(kind));

async function build(members, url) {
  const started = performance.now();
  // About 2 events per step; member m0 is the heavy one (HEAVY_EVENTS events of their own).
  // Registrations are not left to chance: with the register steps drawn at random only about 61% of
  // the members ever registered (1 - e^-0.94), so every member registers once instead, member k at
  // k/members of the way through the log (early members have the longest history, as on a live site).
  const drawn = seededSteps(Math.round((members * EVENTS_PER_MEMBER) / 2), { members, seed: 19, kinds: KINDS }).filter((s) => s.kind !== 'register');
  const steps = [];
  for (let i = 0, k = 1; i < drawn.length; i++) {
    for (; k < members && k * drawn.length <= i * members; k++) steps.push({ kind: 'register', member: k, pick: (k * 7919) % 1001, amount: 1 + ((k * 104729) % 6000), flag: k % 2 === 0 });
    steps.push(drawn[i]);
  }
  for (let k = steps.filter((s) => s.kind === 'register').length + 1; k < members; k++) steps.push({ kind: 'register', member: k, pick: 1, amount: 1, flag: false });
  const heavy = seededSteps(HEAVY_EVENTS, { members: 1, seed: 7, kinds: ['callback', 'callback', 'callback', 'approveEarning'] });
  const every = Math.max(1, Math.floor(steps.length / heavy.length));
  const merged = [];
  for (let i = 0, h = 0; i < steps.length; i++) {
    merged.push(steps[i]);
    if (i % every === 0 && h < heavy.length) merged.push(heavy[h++]);
  }
  // The heavy member registers first.
  merged.unshift({ kind: 'register', member: 0, pick: 1, amount: 1, flag: false }, { kind: 'bonus', member: 0, pick: 1, amount: 1, flag: false });
  const log = asLog(historyOf(merged));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tails = new Map();
  const BATCH = 2_000;
  for (let i = 0; i < log.length; i += BATCH) {
    const values = [];
    const tuples = [];
    for (const m of log.slice(i, i + BATCH)) {
      const previous = tails.get(m.streamId) ?? null;
      const revision = BigInt(m.revision);
      const id = randomUUID();
      const data = canonicalJson(m.data);
      const metadata = canonicalJson(metadataToStore(m.type));
      const hash = computeCanonicalEventHash(previous, { streamId: m.streamId, revision, id, type: m.type }, data, metadata);
      tails.set(m.streamId, hash);
      const n = values.length;
      tuples.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8})`);
      values.push(m.streamId, revision.toString(), id, m.type, data, metadata, hash, previous);
    }
    await client.query(`insert into events (stream_id, revision, event_id, type, data, metadata, hash, previous_hash) values ${tuples.join(', ')}`, values);
  }
  await client.end();
  const registered = log.filter((m) => m.type === 'UserRegistered').length;
  console.log(`  built: ${registered.toLocaleString('en-GB')} members, ${log.length.toLocaleString('en-GB')} events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { events: log.length, members: registered };
}

async function rebuildAll(url) {
  const { createEventStore } = server('event-store/create-event-store.js');
  const { logPages, REBUILD_PAGE_SIZE } = require(path.join(root, 'scripts/dist/commands/event-source.js'));
  const store = await createEventStore({ databaseUrl: url });
  const db = readDb.createReadDb({ connectionString: url, max: IN_PLACE ? 2 : ALL_PROJECTIONS.length + 1 });
  try {
    const started = performance.now();
    const count = IN_PLACE
      ? await rebuildProjections(db, ALL_PROJECTIONS, logPages(store), { deferIndexes: DEFER_INDEXES })
      : await rebuildProjectionsBySwap(db, ALL_PROJECTIONS, logPages(store, { pageSize: REBUILD_PAGE_SIZE }), { connections: ALL_PROJECTIONS.length });
    const seconds = (performance.now() - started) / 1000;
    await db.executeQuery({ sql: 'vacuum analyze', parameters: [], query: { kind: 'RawNode' } }).catch(() => undefined);
    return { count, seconds, rate: count / seconds };
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}

const pct = (times, p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];

async function timeCall(call, runs = RUNS) {
  await call();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function oneClient(url, members) {
  const db = readDb.createReadDb({ connectionString: url, max: 4 });
  await require('kysely').sql`vacuum analyze`.execute(db);
  const { UserRepository } = server('users/user.repository.js');
  const { CallbackRepository } = server('callbacks/callback.repository.js');
  const { PayoutRepository } = server('payouts/payout.repository.js');
  const { OfferRepository } = server('offers/offer.repository.js');
  const { OfferStatsRepository } = server('offers/offer-stats.repository.js');
  const { AdminStatsService } = server('offers/admin-stats.service.js');
  const { WalletRepository } = server('wallet/wallet.repository.js');
  const { WalletService } = server('wallet/wallet.service.js');
  const noCache = { get: (_uid, _kind, read) => read() };
  const users = new UserRepository(db);
  const stats = new OfferStatsRepository(db);
  const heavy = (await db.selectFrom('statement_entries').select(['uid', (eb) => eb.fn.countAll().as('n')]).groupBy('uid').orderBy('n', 'desc').limit(1).executeTakeFirst()) ?? { uid: 'm0', n: 0 };
  const middle = await db.selectFrom('statement_entries').select('at').where('uid', '=', heavy.uid).orderBy('revision').offset(Math.floor(Number(heavy.n) / 2)).limit(1).executeTakeFirst();
  // The moment is before the member's newest row, so the statement rows answer it without the store.
  const statementAsOf = () => new WalletService(new WalletRepository(db, noCache), undefined, { minPayoutPence: 79 }, db).statement(heavy.uid, new Date(middle?.at ?? 0).toISOString(), { page: 1, perPage: 50 });
  const member = 'm7';
  const lastPage = Math.floor((members - 1) / 20) * 20;
  const walkTo = async (offset) => {
    for (let o = 0; o <= offset; o += 20) await users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: o });
  };
  const calls = [
    ['member', 'member profile / stats row', () => users.find(member)],
    ['member', 'member balance row', () => new WalletRepository(db, noCache).balance(member)],
    ['member', 'statement, page of 50 (heavy member)', () => new WalletRepository(db, noCache).statementPage(heavy.uid, 50, 0)],
    ['member', 'statement, last page of 50 (heavy member)', () => new WalletRepository(db, noCache).statementPage(heavy.uid, 50, Math.max(0, Math.floor((Number(heavy.n) - 1) / 50) * 50))],
    ['member', 'statement as of a past moment, page of 50 (heavy member, from the rows)', statementAsOf],
    ['public', 'offer wall, per_page 100, most popular', () => new OfferRepository(db).page({ status: 'active' }, 'most_popular', 100, 0)],
    ['public', 'featured offers', () => new OfferRepository(db).featured(6)],
    ['public', 'site stats (landing counters)', () => stats.siteStats(new Date())],
    ['admin', 'admin stats', () => new AdminStatsService(stats).stats(new Date())],
    ['admin', 'admin users, page 1', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })],
    ['admin', 'admin users, page 100 (OFFSET)', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 1980 })],
    ['admin', 'admin users, page 500 (deepest OFFSET allowed)', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 9980 })],
    ['admin', 'admin users, last page (keyset after the page before)', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: lastPage })],
    ['admin', 'admin users, by total earned, page 1', () => users.page({ sortBy: 'total_earned', sortOrder: 'desc', limit: 20, offset: 0 })],
    ['admin', 'admin users, search', () => users.page({ search: 'm1234', sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })],
    ['admin', 'admin user stat cards', () => users.stats(new Date())],
    ['admin', 'callbacks console, page 1', () => new CallbackRepository(db).page({}, 50, 0)],
    ['admin', 'callbacks console, search', () => new CallbackRepository(db).page({ search: 'tx-1234' }, 50, 0)],
    ['admin', 'callbacks console stats', () => new CallbackRepository(db).counts(new Date(Date.now() - 86_400_000))],
    ['admin', 'admin payouts, page 1', () => new PayoutRepository(db).pageForAdmin(undefined, 50, 0)],
  ];
  console.log(`  heavy member: ${heavy.uid}, ${Number(heavy.n).toLocaleString('en-GB')} statement entries`);
  const results = {};
  try {
    for (const [kind, name, call] of calls) {
      if (name.startsWith('admin users, last page')) await walkTo(lastPage - 20);
      try {
        results[name] = { kind, ...(await timeCall(call, name.includes('total earned') ? Math.min(RUNS, 10) : RUNS)) };
      } catch (error) {
        results[name] = { kind, error: String(error.message ?? error).slice(0, 80) };
      }
    }
  } finally {
    await db.destroy();
  }
  return results;
}

async function overHttp(url) {
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', RUN_WORKERS: 'false', OFFER_SYNC: 'false', LOG_LEVEL: 'warn', BULL_PREFIX: `scale${Date.now()}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health/live`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('API did not start');
      await sleep(100);
    }
    const results = {};
    for (const [name, p] of [
      ['offer wall per_page 100', '/api/offers/alloffers?per_page=100'],
      ['featured offers', '/api/offers/featured'],
      ['site stats', '/api/offers/sitestats'],
    ]) {
      const one = await autocannon({ url: `http://127.0.0.1:${PORT}${p}`, connections: 1, duration: 4 });
      const ten = await autocannon({ url: `http://127.0.0.1:${PORT}${p}`, connections: 10, duration: 4 });
      results[name] = { one: { p50: one.latency.p50, p97: one.latency.p97_5, non2xx: one.non2xx }, ten: { p50: ten.latency.p50, p97: ten.latency.p97_5, rps: ten.requests.average, non2xx: ten.non2xx } };
    }
    return results;
  } finally {
    child.kill('SIGTERM');
  }
}

/** The generator writes the log directly: the event store's table first (the store makes it on first use). */
async function ensureEventsTable(url) {
  const { PostgresEventStore } = require('@playquid/server');
  const store = new PostgresEventStore(url);
  try {
    await store.ensureSchema();
  } finally {
    await store.close();
  }
}

/** A database of this name, created and migrated if missing; `built` is set when it already holds a log. */
async function namedDatabase(name) {
  const url = new URL(readDb.TEST_ADMIN_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const db = readDb.createReadDb({ connectionString: url.toString(), max: 1 });
  try {
    await readDb.migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await ensureEventsTable(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query(`select count(*)::int as events, count(*) filter (where type = 'UserRegistered')::int as members from events`);
  await client.end();
  console.log(`  database ${name}${rows[0].events > 0 ? `: ${rows[0].members.toLocaleString('en-GB')} members, ${rows[0].events.toLocaleString('en-GB')} events already` : ''}`);
  return { name, url: url.toString(), built: rows[0].events > 0 ? rows[0] : undefined };
}

async function main() {
  const sizes = { S: Math.round(MEMBERS / 10), M: Math.round((MEMBERS * 3) / 10), L: MEMBERS };
  const all = {};
  for (const size of SIZES) {
    const members = sizes[size];
    console.log(`${size}: ${members.toLocaleString('en-GB')} members`);
    const database = DATABASE ? await namedDatabase(`${DATABASE}_${size.toLowerCase()}`) : await readDb.createTestDatabase(`scale${size.toLowerCase()}`, { migrated: true });
    try {
      await ensureEventsTable(database.url);
      const built = database.built ?? (await build(members, database.url));
      if (BUILD_ONLY) continue;
      const rates = [];
      let rebuilt;
      for (let run = 0; run < Math.max(1, REBUILD_RUNS); run++) {
        rebuilt = await rebuildAll(database.url);
        rates.push(rebuilt.rate);
        console.log(`  rebuild all: ${rebuilt.count.toLocaleString('en-GB')} events in ${rebuilt.seconds.toFixed(1)} s = ${Math.round(rebuilt.rate).toLocaleString('en-GB')} events/s`);
      }
      rates.sort((a, b) => a - b);
      rebuilt.rate = rates[Math.floor(rates.length / 2)];
      if (rates.length > 1) console.log(`  rebuild all, median of ${rates.length}: ${Math.round(rebuilt.rate).toLocaleString('en-GB')} events/s`);
      if (REBUILD_ONLY) continue;
      const calls = await oneClient(database.url, built.members);
      for (const [name, r] of Object.entries(calls))
        console.log(`  ${r.kind.padEnd(6)} ${name.padEnd(62)} ${r.error ? r.error : `p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms`}`);
      const http = await overHttp(database.url);
      for (const [name, r] of Object.entries(http))
        console.log(`  http   ${name.padEnd(28)} 1 conn p50 ${r.one.p50} ms p97.5 ${r.one.p97} ms | 10 conns p50 ${r.ten.p50} ms p97.5 ${r.ten.p97} ms, ${Math.round(r.ten.rps)} req/s${r.ten.non2xx ? `, ${r.ten.non2xx} non-2xx` : ''}`);
      all[size] = { built, rebuilt, calls, http };
    } finally {
      if (!DATABASE && !process.argv.includes('--keep')) await database.drop();
    }
  }
  const done = SIZES.filter((s) => all[s]);
  if (done.length > 1) {
    const [first, last] = [done[0], done[done.length - 1]];
    console.log(`growth ${first} -> ${last} (p95):`);
    for (const name of Object.keys(all[first].calls)) {
      const a = all[first].calls[name];
      const b = all[last].calls[name];
      if (a && b && a.p95 && b.p95) console.log(`  ${name.padEnd(62)} ${(b.p95 / a.p95).toFixed(2)}x`);
    }
  }
  require('node:fs').writeFileSync('/tmp/bench-scale.json', JSON.stringify(all, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
