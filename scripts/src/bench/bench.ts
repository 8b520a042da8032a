import { type CallbackReceived, streams, type WalletEvent } from '@playquid/contracts';
import { callbackDecider, decideCallbacks, walletDecider } from '@playquid/domain';
import { createEventStore, type EventStore } from '@playquid/server';
import autocannon, { type Request } from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { logPages } from '../commands/event-source';
import { rebuild } from '../commands/rebuild';
import { buildCallbackUrl } from '../commands/send-callback';
import { env } from '../env';
import { type EmulatorUser, signUp, verifyEmail } from '../firebase-emulator';
import type { LoadOptions } from './load';

/**
 * `npm run bench`: the write side's figures on this machine, each beside its yardstick measured in
 * the same run, with the goal next to it. Prints; asserts nothing.
 *
 * P1  callbacks accepted per second and p99 at 32 connections, next to a bare Fastify INSERT
 *     route: once with the pipeline stopped (intake alone: the API with RUN_WORKERS=false), once
 *     with it running in the production shape (the API process with its forwarder and callback
 *     worker, and the projection worker; BENCH_SEPARATE_WORKERS=true moves forwarder and callback
 *     worker to a server process of their own). The second run is the burst whose drain is timed:
 *     until every credit is in the read model.
 * P2  callback accepted -> balance visible through GET /api/users/balance, while a steady load of
 *     half the P1 rate (pipeline running) comes from another process.
 * P4  authenticated GET /api/users/balance next to a bare Fastify JSON route.
 * P3  `rebuild all` over the log (topped up to at least 200,000 events) next to a raw batched
 *     INSERT of the same events, with the servers stopped.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const FRESHNESS_SAMPLES = Number(process.env.BENCH_FRESHNESS_SAMPLES ?? 100);
const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 200_000);
const DB_NAME = 'playquid_bench';
const API_PORT = 3901;
const BARE_PORT = 3902;
const WORKERS_PORT = 3903;
const SECRET = 'bench-secret';
/** The forwarder and the callback worker in a server process of their own instead of the API's. */
const SEPARATE_WORKERS = process.env.BENCH_SEPARATE_WORKERS === 'true';
/** Signed callbacks prepared per second of a run at full speed (more than the intake can take here). */
const PATHS_PER_SECOND = 12_000;
const RAW_INSERT_ROWS = 2_000;
const root = resolve(__dirname, '../../..');
const apiUrl = `http://127.0.0.1:${API_PORT}`;
const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

const children = new Set<ChildProcess>();

/** Starts a node script of the repository; its output (the servers' warnings) goes to stderr unless `output` is read. */
function start(script: string, environment: Record<string, string>, options: { args?: string[]; output?: boolean } = {}): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, script), ...(options.args ?? [])], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', options.output ? 'pipe' : process.stderr, 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Run {
  rps: number;
  p99: number;
  ok: number;
  failed: number;
}

async function hammer(
  url: string,
  request: (request: Request) => Request,
  options: { duration?: number; overallRate?: number } = {},
): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.duration ?? DURATION_S,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [{ method: 'GET', setupRequest: request }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, ok: result['2xx'], failed: result.non2xx + result.errors };
}

/** Signed ahead of a run, so the load generator spends no CPU signing during it. */
function signedCallbacks(count: number, uids: string[], label: string): (request: Request) => Request {
  const paths = Array.from({ length: count }, (_, i) =>
    buildCallbackUrl({
      uid: uids[i % uids.length],
      amount: '0.10',
      tx: `${label}-${process.pid}-${i}`,
      baseUrl: apiUrl,
      secret: SECRET,
    }).slice(apiUrl.length),
  );
  let next = 0;
  return (request) => ({ ...request, path: paths[next++ % paths.length] });
}

/** INSERTs on the bare route carrying the query a callback would. */
function bareInserts(label: string): (request: Request) => Request {
  let next = 0;
  return (request) => ({ ...request, path: `/insert?tx=${label}-${next++}&uid=bench-member&val=0.10&raw=0.1300&state=COMPLETED` });
}

const path = (value: string) => (request: Request) => ({ ...request, path: value });

function databaseUrls() {
  const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? env.databaseUrl);
  admin.pathname = '/postgres';
  const bench = new URL(env.databaseUrl);
  bench.pathname = `/${DB_NAME}`;
  return { admin: admin.toString(), bench: bench.toString() };
}

async function freshDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
}

async function registeredMembers(count: number): Promise<EmulatorUser[]> {
  const members: EmulatorUser[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${Date.now()}-${i}@playquid.test`;
    await signUp(email, 'bench-password');
    const member = await verifyEmail(email, 'bench-password');
    const response = await fetch(`${apiUrl}/api/auth/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (!response.ok) throw new Error(`register: ${response.status}`);
    members.push(member);
  }
  return members;
}

/** A credited callback as intake and processing record it, for topping the log up without HTTP. */
function syntheticCallback(uid: string, n: number, now: string) {
  const transactionId = `replay-${n}`;
  const callback: CallbackReceived['data'] = {
    callbackId: randomUUID(),
    transactionId,
    userId: uid,
    offerId: '1',
    offerName: 'Bench offer',
    taskId: null,
    taskName: null,
    userRewardRaw: '0.10',
    rewardPence: 10,
    rawPaymentRaw: '0.1300',
    rawUsd: 1_300,
    state: 'COMPLETED',
    type: 'COMPLETE',
    ref: null,
    fscore: null,
    debug: false,
    sourceIp: '127.0.0.1',
    hash: '0'.repeat(40),
    rawParameters: { uid, tx: transactionId, val: '0.10' },
    triggeredBy: null,
    receivedAt: now,
  };
  const [received] = callbackDecider.decide({ type: 'ReceiveCallback', callback }, callbackDecider.initialState());
  const earningId = randomUUID();
  const [decision] = decideCallbacks(walletDecider.initialState(), uid, [{ callback, earningId }], { now }).decisions;
  const credit = 'events' in decision ? decision.events : [];
  const [processed] = callbackDecider.decide(
    { type: 'RecordCallbackProcessed', callbackId: callback.callbackId, uid, earningId, outcome: 'credited_approved', now },
    callbackDecider.evolve(callbackDecider.initialState(), received),
  );
  return { stream: streams.callback(transactionId), callbackEvents: [received, processed], credit };
}

async function inParallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

/** Callbacks appended together by the top-up: each step of a chunk lands in the log before the next. */
const TOP_UP_CHUNK = 1_000;

/**
 * Appends credited callbacks until the log holds `target` events; returns how many callbacks it
 * added. The log gets them in the order processing writes them (received, then the member's
 * credit, then processed), a chunk of callbacks at a time, as a busy day would leave it.
 */
async function topUpLog(store: EventStore, uids: string[], current: number, target: number): Promise<number> {
  const count = Math.max(0, Math.ceil((target - current) / 3));
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += TOP_UP_CHUNK) {
    const chunk = Array.from({ length: Math.min(TOP_UP_CHUNK, count - start) }, (_, i) => {
      const n = start + i;
      return { uid: uids[n % uids.length], ...syntheticCallback(uids[n % uids.length], n, now) };
    });
    await inParallel(chunk, 16, async ({ stream, callbackEvents: [received] }) => {
      await store.appendToStream(stream, [received], { expectedRevision: 'no_stream' });
    });
    await inParallel(uids, 4, async (uid) => {
      const credits: WalletEvent[] = chunk.filter((c) => c.uid === uid).flatMap((c) => c.credit);
      if (credits.length > 0) await store.appendToStream(streams.wallet(uid), credits);
    });
    await inParallel(chunk, 16, async ({ stream, callbackEvents: [, processed] }) => {
      await store.appendToStream(stream, [processed], { expectedRevision: 0n });
    });
  }
  return count;
}

/** The same events as plain rows, in one transaction of batched INSERTs: what Postgres takes without any projection work. */
async function rawInsert(store: EventStore, databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows = 0;
  try {
    await client.query(
      'drop table if exists bench_replay; create table bench_replay (stream_id text, revision bigint, type text, data jsonb, metadata jsonb)',
    );
    await client.query('begin');
    for await (const page of logPages(store)) {
      for (let i = 0; i < page.length; i += RAW_INSERT_ROWS) {
        const chunk = page.slice(i, i + RAW_INSERT_ROWS);
        const values = chunk.flatMap((e) => [e.streamId, e.revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
        const tuples = chunk.map((_, r) => `($${r * 5 + 1}, $${r * 5 + 2}, $${r * 5 + 3}, $${r * 5 + 4}, $${r * 5 + 5})`);
        await client.query(`insert into bench_replay values ${tuples.join(', ')}`, values);
      }
      rows += page.length;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  return rows;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const urls = databaseUrls();
  await freshDatabase(urls.admin);
  const serverEnv = {
    DATABASE_URL: urls.bench,
    BITLABS_SECRET: SECRET,
    PUBLIC_BASE_URL: apiUrl,
    PORT: String(API_PORT),
    BULL_PREFIX: `bench${Date.now()}`,
    LOG_LEVEL: 'warn',
    OFFER_SYNC: 'false',
  };
  Object.assign(process.env, { DATABASE_URL: urls.bench });
  const migrate = start('scripts/dist/cli.js', serverEnv, { args: ['migrate'] });
  const [migrated] = await once(migrate, 'exit');
  if (migrated !== 0) throw new Error('migrate failed');

  const loadAtStart = loadavg();
  start('scripts/dist/bench/bare-server.js', { DATABASE_URL: urls.bench, PORT: String(BARE_PORT) });
  let api = start('server/dist/main.js', { ...serverEnv, RUN_WORKERS: 'false' });
  await Promise.all([waitFor(`${apiUrl}/api/health`), waitFor(`${bareUrl}/json`)]);

  // Callbacks are spread over several members, as real traffic is; the first member is the freshness probe.
  const members = await registeredMembers(MEMBERS + 1);
  const [probe, ...loaded] = members;
  const uids = loaded.map((m) => m.uid);
  const paths = PATHS_PER_SECOND * DURATION_S;
  console.log(
    `\nPlayQuid bench: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${process.platform} ${cpus().length} cores, ${MEMBERS} members; ` +
      `forwarder and callback worker ${SEPARATE_WORKERS ? 'in a process of their own' : 'in the API process'}`,
  );
  console.log(
    `load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} (a shared machine: other work here moves every figure)\n`,
  );

  // P1, intake alone: the pipeline is stopped, callbacks wait in the log.
  console.log('P1: bare INSERT route, then callback intake alone ...');
  await hammer(bareUrl, bareInserts('warm'), { duration: 3 });
  const bareInsert = await hammer(bareUrl, bareInserts('bare'));
  await hammer(apiUrl, signedCallbacks(PATHS_PER_SECOND * 3, uids, 'warm'), { duration: 3 });
  const intakeAlone = await hammer(apiUrl, signedCallbacks(paths, uids, 'alone'));

  const db = new pg.Pool({ connectionString: urls.bench, max: 2 });
  const visibleCredits = async () => Number((await db.query('select coalesce(sum(total_transactions), 0) as n from balances')).rows[0].n);
  /** Every callback in the log is a credit, and so is each welcome bonus. */
  const creditsInLog = async () =>
    Number((await db.query(`select count(*) as n from events where type in ('CallbackReceived', 'WelcomeBonusGranted')`)).rows[0].n);
  const lastSequence = async () => Number((await db.query('select coalesce(max(sequence), 0) as n from events')).rows[0].n);
  const eventsAfter = async (sequence: number) =>
    Number((await db.query('select count(*) as n from events where sequence > $1', [sequence])).rows[0].n);
  if (SEPARATE_WORKERS) {
    start('server/dist/main.js', { ...serverEnv, RUN_WORKERS: 'true', PORT: String(WORKERS_PORT) });
    await waitFor(`http://127.0.0.1:${WORKERS_PORT}/api/health`);
  } else {
    await stop(api);
    api = start('server/dist/main.js', { ...serverEnv, RUN_WORKERS: 'true' });
    await waitFor(`${apiUrl}/api/health`);
  }
  start('projections/dist/worker.js', serverEnv);
  console.log('pipeline started: crediting the callbacks of the intake-alone runs ...');
  const backlogStart = Date.now();
  const backlog = await creditsInLog();
  await until(async () => (await visibleCredits()) >= backlog, 600_000, 'the backlog to be credited');
  const backlogSeconds = (Date.now() - backlogStart) / 1_000;
  // Every event of the log went through the forwarder and the projections (and each callback through processing).
  const backlogEvents = await eventsAfter(0);

  console.log('P1 with the pipeline running: a burst at full speed, then its drain ...');
  await hammer(bareUrl, bareInserts('bare2'), { duration: 3 });
  const bareInsert2 = await hammer(bareUrl, bareInserts('bare3'));
  const burstSequence = await lastSequence();
  const burstStart = Date.now();
  const intakePipeline = await hammer(apiUrl, signedCallbacks(paths, uids, 'burst'));
  const burstEnd = Date.now();
  const expected = await creditsInLog();
  await until(async () => (await visibleCredits()) >= expected, 600_000, 'the burst to be credited');
  const drained = Date.now();
  const burstEvents = await eventsAfter(burstSequence);
  const drainSeconds = (drained - burstEnd) / 1_000;
  const pipelineEventsPerSecond = burstEvents / ((drained - burstStart) / 1_000);

  // P2: freshness one callback at a time while another process keeps up half the P1 rate.
  const steadyRate = Math.max(1, Math.round(intakePipeline.rps / 2));
  console.log(`P2: freshness under a steady ${fmt(steadyRate)} callbacks/s ...`);
  const loadOptions: LoadOptions = { apiUrl, secret: SECRET, uids, rate: steadyRate, connections: CONNECTIONS };
  const load = start('scripts/dist/bench/load.js', {}, { args: [JSON.stringify(loadOptions)], output: true });
  let loadOutput = '';
  load.stdout!.on('data', (chunk: Buffer) => (loadOutput += chunk.toString()));
  await until(async () => loadOutput.startsWith('ready\n'), 120_000, 'the steady load to start');
  await sleep(3_000);
  const balanceOf = async (member: EmulatorUser) => {
    const response = await fetch(`${apiUrl}/api/users/balance`, { headers: { authorization: `Bearer ${member.idToken}` } });
    if (!response.ok) throw new Error(`balance: ${response.status}`);
    return ((await response.json()) as { data: { available_pence: number } }).data.available_pence;
  };
  const freshness: number[] = [];
  for (let i = 0; i < FRESHNESS_SAMPLES; i++) {
    const before = await balanceOf(probe);
    const url = buildCallbackUrl({ uid: probe.uid, amount: '0.10', tx: `probe-${process.pid}-${i}`, baseUrl: apiUrl, secret: SECRET });
    const response = await fetch(url);
    if (!response.ok) throw new Error(`callback: ${response.status}`);
    const accepted = performance.now();
    while ((await balanceOf(probe)) <= before) await sleep(5);
    freshness.push(performance.now() - accepted);
  }
  await stop(load);
  const steady = JSON.parse(loadOutput.slice('ready\n'.length)) as { rps: number };
  freshness.sort((a, b) => a - b);

  // P4: authenticated reads (tokens of all members in turn) next to constant JSON, once what the
  // steady load left is credited.
  const leftover = await creditsInLog();
  await until(async () => (await visibleCredits()) >= leftover, 600_000, 'the steady load to be credited');
  console.log('P4: bare JSON route, then authenticated GET /api/users/balance ...');
  const tokens = members.map((m) => `Bearer ${m.idToken}`);
  let nextToken = 0;
  const balanceRequest = (request: Request): Request => ({
    ...request,
    path: '/api/users/balance',
    headers: { ...request.headers, authorization: tokens[nextToken++ % tokens.length] },
  });
  await hammer(bareUrl, path('/json'), { duration: 3 });
  const bareJson = await hammer(bareUrl, path('/json'));
  await hammer(apiUrl, balanceRequest, { duration: 3 });
  const balance = await hammer(apiUrl, balanceRequest);

  // P3: the servers stop; the log is topped up, then replayed, then copied raw.
  for (const child of [...children]) await stop(child);
  const loadAtEnd = loadavg();
  const store = await createEventStore({ databaseUrl: urls.bench });
  const inLog = await eventsAfter(0);
  console.log(`P3: ${fmt(inLog)} events in the log${inLog < REPLAY_EVENTS ? `, topping up to ${fmt(REPLAY_EVENTS)}` : ''} ...`);
  await topUpLog(store, uids, inLog, REPLAY_EVENTS);
  const rebuildStart = performance.now();
  const replayed = await rebuild('all');
  const rebuildSeconds = (performance.now() - rebuildStart) / 1_000;
  const rawStart = performance.now();
  const copied = await rawInsert(store, urls.bench);
  const rawSeconds = (performance.now() - rawStart) / 1_000;
  await store.close();
  await db.end();

  const rebuildRate = replayed / rebuildSeconds;
  const rawRate = copied / rawSeconds;
  const p1 = (run: Run) => `${fmt(run.rps)} req/s, p99 ${run.p99} ms${run.failed ? `, ${fmt(run.failed)} failed` : ''}`;
  const rows: Array<[string, string, string, string, string]> = [
    [
      'P1 intake alone (pipeline stopped)',
      p1(intakeAlone),
      `bare INSERT ${fmt(bareInsert.rps)} req/s, p99 ${bareInsert.p99} ms`,
      `${fmt(intakeAlone.rps / bareInsert.rps, 2)}x`,
      '>= 0.6x, p99 <= 25 ms',
    ],
    [
      'P1 intake, pipeline running',
      p1(intakePipeline),
      `bare INSERT ${fmt(bareInsert2.rps)} req/s, p99 ${bareInsert2.p99} ms`,
      `${fmt(intakePipeline.rps / bareInsert2.rps, 2)}x`,
      '>= 0.6x, p99 <= 25 ms',
    ],
    [
      `Drain after that ${DURATION_S} s burst`,
      `${fmt(drainSeconds, 1)} s`,
      `${fmt(burstEvents)} events in ${fmt((drained - burstStart) / 1_000, 1)} s`,
      `${fmt(pipelineEventsPerSecond)} events/s`,
      '<= 5 s, >= 5,000 events/s',
    ],
    [
      'Pipeline alone (intake-alone backlog)',
      `${fmt(backlogEvents / backlogSeconds)} events/s`,
      `${fmt(backlog)} credits, ${fmt(backlogEvents)} events in ${fmt(backlogSeconds, 1)} s`,
      '',
      '>= 5,000 events/s',
    ],
    [
      'P2 freshness (accepted -> balance)',
      `p50 ${fmt(percentile(freshness, 50))} ms, p99 ${fmt(percentile(freshness, 99))} ms`,
      `${freshness.length} callbacks under ${fmt(steady.rps)} req/s`,
      '',
      'p99 <= 500 ms',
    ],
    [
      'P3 rebuild all',
      `${fmt(rebuildRate)} events/s`,
      `raw batched INSERT ${fmt(rawRate)} events/s`,
      `${fmt(rebuildRate / rawRate, 2)}x`,
      '>= 20,000 events/s, >= 0.5x',
    ],
    [
      'P4 GET /api/users/balance',
      p1(balance),
      `bare JSON ${fmt(bareJson.rps)} req/s, p99 ${bareJson.p99} ms`,
      `${fmt(balance.rps / bareJson.rps, 2)}x`,
      '>= 0.5x',
    ],
  ];
  const header: [string, string, string, string, string] = ['figure', 'measured', 'yardstick (same run)', 'ratio', 'goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nP3 over ${fmt(replayed)} events (${fmt(rebuildSeconds, 1)} s rebuild, ${fmt(rawSeconds, 1)} s raw); ` +
      `load average at the end of the HTTP runs ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of [...children]) await stop(child);
  });
