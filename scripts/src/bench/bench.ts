import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { buildCallbackUrl } from '../commands/send-callback';
import { signUp, verifyEmail } from '../firebase-emulator';

/**
 * `npm run bench`: callbacks accepted per second and p99 latency at 32 connections next to a bare
 * Fastify INSERT route (same machine, same run), then callback-to-balance freshness p50/p99.
 * Prints figures; asserts nothing.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const FRESHNESS_SAMPLES = Number(process.env.BENCH_FRESHNESS_SAMPLES ?? 200);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
/** BENCH_PIPELINE=off measures intake alone (no forwarder, processing or projections running). */
const PIPELINE = process.env.BENCH_PIPELINE !== 'off';
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'playquid_bench';
const API_PORT = 3901;
const BARE_PORT = 3902;
const SECRET = 'bench-secret';
const root = resolve(__dirname, '../../..');

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Paths are prepared before a run so the load generator spends no CPU signing during it. */
function prepared(count: number, make: (i: number) => string): () => string {
  const paths = Array.from({ length: count }, (_, i) => make(i));
  let next = 0;
  return () => paths[next++ % paths.length];
}

async function run(url: string, pathFor: () => string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, total: result.requests.total };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB_NAME}`;
  const databaseUrl = dbUrl.toString();
  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  const env = {
    DATABASE_URL: databaseUrl,
    BITLABS_SECRET: SECRET,
    PUBLIC_BASE_URL: apiUrl,
    PORT: String(API_PORT),
    BULL_PREFIX: `bench${Date.now()}`,
    LOG_LEVEL: 'warn',
    API_URL: apiUrl,
    RUN_WORKERS: String(PIPELINE),
  };
  Object.assign(process.env, env);

  const migrate = spawn(process.execPath, [resolve(root, 'scripts/dist/cli.js'), 'migrate'], { env: { ...process.env }, stdio: 'inherit' });
  await new Promise((r) => migrate.on('exit', r));
  start('server/dist/main.js', env);
  if (PIPELINE) start('projections/dist/worker.js', env);
  start('scripts/dist/bench/bare-server.js', { DATABASE_URL: databaseUrl, PORT: String(BARE_PORT) });
  await Promise.all([waitFor(`${apiUrl}/api/health`), waitFor(`http://127.0.0.1:${BARE_PORT}/insert?tx=warmup`)]);

  // Callbacks are spread over several members, as real traffic is.
  const members: Array<{ uid: string; idToken: string }> = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = `bench-${Date.now()}-${i}@playquid.test`;
    await signUp(email, 'bench-password');
    const member = await verifyEmail(email, 'bench-password');
    const register = await fetch(`${apiUrl}/api/auth/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (!register.ok) throw new Error(`register: ${register.status}`);
    members.push(member);
  }
  const member = members[0];

  let n = 0;
  const signedPath = (uid = members[n % members.length].uid) =>
    buildCallbackUrl({ uid, amount: '0.10', tx: `bench-${process.pid}-${n++}`, baseUrl: apiUrl, secret: SECRET }).slice(apiUrl.length);

  console.log(`\nPlayQuid bench: ${CONNECTIONS} connections, ${DURATION_S}s per run, ${process.platform} ${cpus().length} cores\n`);
  // Warm both paths so JIT and pools are comparable.
  await run(`http://127.0.0.1:${BARE_PORT}`, () => `/insert?tx=w${n++}`).catch(() => undefined);
  const budget = 6_000 * DURATION_S;
  const bare = await run(`http://127.0.0.1:${BARE_PORT}`, prepared(budget, (i) => `/insert?tx=b${i}&uid=${member.uid}&val=0.10`));
  const callbacks = await run(apiUrl, prepared(budget, () => signedPath()));

  const ratio = callbacks.rps / bare.rps;
  console.log('run                      req/s     p99 ms   non-2xx  errors');
  console.log(`bare INSERT route   ${bare.rps.toFixed(0).padStart(10)} ${String(bare.p99).padStart(10)} ${String(bare.non2xx).padStart(9)} ${String(bare.errors).padStart(7)}`);
  console.log(`callback intake     ${callbacks.rps.toFixed(0).padStart(10)} ${String(callbacks.p99).padStart(10)} ${String(callbacks.non2xx).padStart(9)} ${String(callbacks.errors).padStart(7)}`);
  console.log(`ratio callback/bare: ${ratio.toFixed(2)} (goal >= 0.60)${PIPELINE ? '' : ' [intake only: pipeline off]'}`);
  if (!PIPELINE) return;

  // Let the pipeline drain, then measure freshness one callback at a time.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const count = async () => Number((await db.query('select sum(total_transactions) as n from balances')).rows[0]?.n ?? 0);
  const drainStart = Date.now();
  let last = -1;
  for (;;) {
    const current = await count();
    if (current === last) break;
    last = current;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  console.log(`pipeline drained ${last} credited transactions in ${((Date.now() - drainStart) / 1000).toFixed(1)}s after the load`);

  const samples: number[] = [];
  for (let i = 0; i < FRESHNESS_SAMPLES; i++) {
    const before = await count();
    const started = performance.now();
    const response = await fetch(`${apiUrl}${signedPath(member.uid)}`);
    if (!response.ok) throw new Error(`callback: ${response.status}`);
    while ((await count()) === before) await new Promise((r) => setTimeout(r, 2));
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`callback-to-balance freshness over ${samples.length} callbacks: p50 ${percentile(samples, 50).toFixed(0)} ms, p99 ${percentile(samples, 99).toFixed(0)} ms (goal p99 <= 500 ms)`);
  await db.end();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
