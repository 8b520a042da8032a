import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { DEMO_MEMBER, DEMO_PASSWORD } from '../commands/seed';
import { buildCallbackUrl } from '../commands/send-callback';
import { env } from '../env';
import { type EmulatorUser, signUp, verifyEmail } from '../firebase-emulator';
import type { LoadOptions } from './load';

/**
 * `npm run bench:web`: what a phone gets from the web client, on the running stack in its production
 * shape (an API process serving the built client, a workers process, the projection worker, BitLabs
 * and Tremendous stand-ins, demo data from `seed`). Prints figures; asserts nothing.
 *
 * Pages  /, /offers, /blog and the demo member's /dashboard (signed in) at 390 px in Debian Chromium, cold (new browser context) and warm (the
 *        same context, loaded again): JS requests, JS bytes on the wire and decoded, total bytes on
 *        the wire, LCP and CLS, from the page's Performance API (resource timing,
 *        largest-contentful-paint, layout-shift), read once the network is idle.
 * LH     Lighthouse 12.2.3 (npx) mobile on the same three pages: the four category scores, LCP, TBT, CLS.
 * P2     freshness through the member's event stream under half load: a signed callback accepted ->
 *        the `wallet` event on the member's open GET /api/users/events, while another process sends
 *        half the intake rate measured just before (autocannon, the pipeline running), evenly spaced
 *        (load.ts).
 */
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4150);
/** The BitLabs and Tremendous stand-ins (processes, as scripts/dev.sh starts them) on the next two ports. */
const BITLABS_PORT = PORT + 1;
const TREMENDOUS_PORT = PORT + 2;
/** The workers process (the server with RUN_WORKERS; its port answers only the health check). */
const WORKERS_PORT = PORT + 3;
const DB_NAME = process.env.BENCH_WEB_DB ?? 'playquid_bench_web';
const SECRET = 'bench-web-secret';
const SAMPLES = Number(process.env.BENCH_WEB_SAMPLES ?? 100);
const CONNECTIONS = 32;
const PAGES = ['/', '/offers', '/blog'] as const;
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== 'false';
const FRESHNESS = process.env.BENCH_WEB_P2 !== 'false';
const PAGE_FIGURES = process.env.BENCH_WEB_PAGES !== 'false';
const root = resolve(__dirname, '../../..');
const apiUrl = `http://127.0.0.1:${PORT}`;
const children = new Set<ChildProcess>();

function start(script: string, environment: Record<string, string>, args: string[] = [], output = false): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, script), ...args], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', output ? 'pipe' : process.stderr, 'inherit'],
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

async function freshDatabase(): Promise<string> {
  const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? env.databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const url = new URL(env.databaseUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

interface PageFigures {
  jsRequests: number;
  /** JS requests that reached the network (not answered from the cache). */
  jsFetched: number;
  jsWire: number;
  jsDecoded: number;
  /** JS bytes as the build's gzip copies weigh them (the budget's unit), for the files fetched. */
  jsGzip: number;
  totalWire: number;
  lcp: number;
  cls: number;
}

const gzipSizes = new Map<string, number>();
async function gzipSizeOf(url: string): Promise<number> {
  const path = new URL(url).pathname;
  if (!gzipSizes.has(path)) {
    const file = join(root, 'client/dist', path);
    const size = await readFile(`${file}.gz`)
      .then((content) => content.length)
      .catch(async () => (await readFile(file)).length);
    gzipSizes.set(path, size);
  }
  return gzipSizes.get(path)!;
}

interface InPage {
  js: Array<{ name: string; transfer: number; decoded: number }>;
  totalWire: number;
  lcp: number;
  cls: number;
}

/** Run in the page (a string: this package has no DOM types): resource timing, LCP and layout shifts. */
const IN_PAGE = `(async () => {
  const resources = performance.getEntriesByType('resource');
  const navigation = performance.getEntriesByType('navigation')[0];
  const js = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  const observed = (type) => new Promise((done) => {
    const entries = [];
    new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({ type, buffered: true });
    setTimeout(() => done(entries), 100);
  });
  const lcp = (await observed('largest-contentful-paint')).at(-1)?.startTime ?? 0;
  const shifts = await observed('layout-shift');
  return {
    js: js.map((r) => ({ name: r.name, transfer: r.transferSize, decoded: r.decodedBodySize })),
    totalWire: resources.reduce((sum, r) => sum + r.transferSize, 0) + (navigation ? navigation.transferSize : 0),
    lcp,
    cls: shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
  };
})()`;

/** The page's own account of what it loaded, once the network has been quiet. */
async function measure(page: import('playwright-core').Page, path: string, streaming = false): Promise<PageFigures> {
  // A member page keeps its event stream open: the network is never idle there.
  await page.goto(`${apiUrl}${path}`, { waitUntil: streaming ? 'load' : 'networkidle' });
  await sleep(streaming ? 3_000 : 1_000);
  const figures = (await page.evaluate(IN_PAGE)) as InPage;
  const fetched = figures.js.filter((r) => r.transfer > 0);
  let jsGzip = 0;
  for (const r of fetched) jsGzip += await gzipSizeOf(r.name);
  return {
    jsRequests: figures.js.length,
    jsFetched: fetched.length,
    jsWire: fetched.reduce((sum, r) => sum + r.transfer, 0),
    jsDecoded: figures.js.reduce((sum, r) => sum + r.decoded, 0),
    jsGzip,
    totalWire: figures.totalWire,
    lcp: figures.lcp,
    cls: figures.cls,
  };
}

async function pages(browser: Browser): Promise<Array<{ path: string; cold: PageFigures; warm: PageFigures }>> {
  const results: Array<{ path: string; cold: PageFigures; warm: PageFigures }> = [];
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cold = await measure(page, path);
    const warm = await measure(page, path);
    await context.close();
    results.push({ path, cold, warm });
  }
  // The demo member's dashboard: signed in once, then opened in a fresh context (cold cache) that
  // carries the stored sign-in (Firebase keeps it in IndexedDB), and again in it (warm).
  const signIn = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const login = await signIn.newPage();
  await login.goto(`${apiUrl}/login`);
  await login.getByTestId('login-email').fill(DEMO_MEMBER);
  await login.getByTestId('login-password').fill(DEMO_PASSWORD);
  await login.getByTestId('login-submit').click();
  await login.waitForURL(/\/dashboard$/, { timeout: 30_000 });
  const storageState = await signIn.storageState({ indexedDB: true });
  await signIn.close();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, storageState });
  const page = await context.newPage();
  const cold = await measure(page, '/dashboard', true);
  const warm = await measure(page, '/dashboard', true);
  await context.close();
  results.push({ path: '/dashboard (signed in)', cold, warm });
  return results;
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouse(path: string): Promise<LighthouseFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'lh-'));
  const output = join(dir, 'report.json');
  try {
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        'lighthouse@12.2.3',
        `${apiUrl}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
    );
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue: number }>;
    };
    const score = (id: string) => Math.round(report.categories[id].score * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: report.audits['largest-contentful-paint'].numericValue,
      tbt: report.audits['total-blocking-time'].numericValue,
      cls: report.audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function registeredMember(label: string): Promise<EmulatorUser> {
  const email = `bench-web-${label}-${Date.now()}@playquid.test`;
  await signUp(email, 'bench-password');
  const member = await verifyEmail(email, 'bench-password');
  const response = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`register: ${response.status}`);
  return member;
}

/** Arrival times (performance.now()) of the `wallet` events on a member's open stream, read as they come. */
function walletArrivals(response: Response): { ready: Promise<void>; after(time: number): Promise<number> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const arrivals: number[] = [];
  let wake: (() => void) | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const name = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (name === 'ready') markReady();
        if (name === 'wallet') {
          arrivals.push(performance.now());
          wake?.();
        }
      }
    }
  })();
  return {
    ready,
    /** The first wallet event that arrived after `time`. */
    async after(time: number) {
      for (;;) {
        const found = arrivals.find((at) => at > time);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

async function freshness(): Promise<{ samples: number[]; steadyRate: number; fullRate: number; steady: { rps: number; failed: number } }> {
  const members = await Promise.all(Array.from({ length: 11 }, (_, i) => registeredMember(`m${i}`)));
  const [probe, ...loaded] = members;
  const uids = loaded.map((m) => m.uid);
  // Full intake rate with the pipeline running, measured here (5 s), then half of it as the steady load.
  const paths = Array.from({ length: 60_000 }, (_, i) =>
    buildCallbackUrl({ uid: uids[i % uids.length], amount: '0.10', tx: `full-${process.pid}-${i}`, baseUrl: apiUrl, secret: SECRET }).slice(apiUrl.length),
  );
  let next = 0;
  const full = await autocannon({
    url: apiUrl,
    connections: CONNECTIONS,
    duration: 5,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const fullRate = full.requests.average;
  const steadyRate = Math.max(1, Math.round(fullRate / 2));
  // Let the burst drain before the steady load starts.
  await sleep(5_000);
  const options: LoadOptions = { apiUrl, secret: SECRET, uids, rate: steadyRate, connections: CONNECTIONS };
  const load = start('scripts/dist/bench/load.js', {}, [JSON.stringify(options)], true);
  let loadOutput = '';
  load.stdout!.on('data', (chunk: Buffer) => (loadOutput += chunk.toString()));
  while (!loadOutput.startsWith('ready\n')) await sleep(50);
  await sleep(3_000);

  const abort = new AbortController();
  const response = await fetch(`${apiUrl}/api/users/events`, {
    headers: { authorization: `Bearer ${probe.idToken}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const stream = walletArrivals(response);
  await stream.ready;
  const samples: number[] = [];
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const url = buildCallbackUrl({ uid: probe.uid, amount: '0.10', tx: `probe-${process.pid}-${i}`, baseUrl: apiUrl, secret: SECRET });
      // The probe has nothing else going on: the first wallet event after the send is this credit's.
      const sent = performance.now();
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`callback: ${answer.status}`);
      const accepted = performance.now();
      samples.push(Math.max(0, (await stream.after(sent)) - accepted));
      // The credit's other commits announce it again: let them pass before the next one.
      await sleep(300);
    }
  } finally {
    abort.abort();
    await stop(load);
  }
  const steady = JSON.parse(loadOutput.slice('ready\n'.length)) as { rps: number; failed: number };
  return { samples: samples.sort((a, b) => a - b), steadyRate, fullRate, steady };
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const databaseUrl = await freshDatabase();
  const standinEnv = {
    API_URL: apiUrl,
    BITLABS_API_TOKEN: 'bench-web-token',
    BITLABS_STANDIN_PORT: String(BITLABS_PORT),
    TREMENDOUS_STANDIN_PORT: String(TREMENDOUS_PORT),
    TREMENDOUS_WEBHOOK_SECRET: 'bench-web-webhook',
  };
  start('standins/dist/bitlabs/main.js', standinEnv, [], true);
  start('standins/dist/tremendous/main.js', standinEnv, [], true);
  await Promise.all([waitFor(`http://127.0.0.1:${BITLABS_PORT}/_standin/health`), waitFor(`http://127.0.0.1:${TREMENDOUS_PORT}/_standin/health`)]);
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    API_URL: apiUrl,
    PORT: String(PORT),
    PUBLIC_BASE_URL: apiUrl,
    BITLABS_SECRET: SECRET,
    BITLABS_API_URL: `http://127.0.0.1:${BITLABS_PORT}`,
    BITLABS_API_TOKEN: 'bench-web-token',
    OFFER_SYNC: 'true',
    TREMENDOUS_BASE_URL: `http://127.0.0.1:${TREMENDOUS_PORT}/api/v2`,
    TREMENDOUS_WEBHOOK_SECRET: 'bench-web-webhook',
    CLIENT_DIST: join(root, 'client/dist'),
    BULL_PREFIX: `benchweb${Date.now()}`,
    LOG_LEVEL: 'warn',
    RUN_WORKERS: 'true',
  };
  Object.assign(process.env, serverEnv);
  const migrate = start('scripts/dist/cli.js', serverEnv, ['migrate']);
  const [migrated] = await once(migrate, 'exit');
  if (migrated !== 0) throw new Error('migrate failed');
  // The production shape (docker-compose.yml): an API process, a workers process, the projections worker.
  start('server/dist/main.js', { ...serverEnv, RUN_WORKERS: 'false' });
  start('server/dist/main.js', { ...serverEnv, PORT: String(WORKERS_PORT) });
  start('projections/dist/worker.js', serverEnv);
  await Promise.all([waitFor(`${apiUrl}/api/health`), waitFor(`http://127.0.0.1:${WORKERS_PORT}/api/health`)]);
  const seed = start('scripts/dist/cli.js', serverEnv, ['seed'], true);
  const [seeded] = await once(seed, 'exit');
  if (seeded !== 0) throw new Error('seed failed');

  if (process.env.BENCH_WEB_SERVE === 'true') {
    // For looking into a figure by hand: the seeded stack stays up until interrupted.
    console.log(`serving ${apiUrl} (seeded); Ctrl-C ends it`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    return;
  }
  console.log(`\nPlayQuid web bench: ${process.platform} ${cpus().length} cores, load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const pageFigures = PAGE_FIGURES ? await pages(browser) : [];
  await browser.close();
  console.log('\nPages at 390 px (cold: new context; warm: loaded again in it). Goal: / <= 130 KB gzip JS in <= 8 requests, /offers and /blog <= 150 KB; warm fetches no JS');
  console.log('| page | load | JS requests (fetched) | JS gzip (budget unit) | JS on the wire (br) | JS decoded | all bytes on the wire | LCP | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { path, cold, warm } of pageFigures) {
    for (const [label, f] of [['cold', cold], ['warm', warm]] as const) {
      console.log(
        `| ${path} | ${label} | ${f.jsRequests} (${f.jsFetched}) | ${kb(f.jsGzip)} | ${kb(f.jsWire)} | ${kb(f.jsDecoded)} | ${kb(f.totalWire)} | ${ms(f.lcp)} | ${f.cls.toFixed(3)} |`,
      );
    }
  }

  if (LIGHTHOUSE) {
    console.log('\nLighthouse 12.2.3 mobile (simulated throttling), Debian Chromium. Goals: Performance >= 90, Accessibility 100, SEO 100');
    console.log('| page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const path of PAGES) {
      const lh = await lighthouse(path);
      console.log(`| ${path} | ${lh.performance} | ${lh.accessibility} | ${lh.bestPractices} | ${lh.seo} | ${ms(lh.lcp)} | ${ms(lh.tbt)} | ${lh.cls.toFixed(3)} |`);
    }
  }

  if (!FRESHNESS) return;
  console.log('\nP2 through the stream: callback accepted -> wallet event on the member\'s open stream, under half load ...');
  const p2 = await freshness();
  console.log(
    `P2 via SSE: p50 ${ms(percentile(p2.samples, 50))}, p90 ${ms(percentile(p2.samples, 90))}, p99 ${ms(percentile(p2.samples, 99))} over ${p2.samples.length} callbacks ` +
      `under a steady ${p2.steadyRate} callbacks/s (half of ${Math.round(p2.fullRate)} measured at full speed; ` +
      `${Math.round(p2.steady.rps)}/s answered, ${p2.steady.failed} failed). Goal: p99 <= 250 ms`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all([...children].map((child) => stop(child)));
    process.exit();
  });
