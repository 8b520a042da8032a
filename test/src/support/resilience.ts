import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { freePort, type Stack } from './stack';

export const REPO_ROOT = resolve(__dirname, '../../..');

/** Rows in the event log (every append, of any stream), read straight from the Postgres store. */
export async function eventCount(stack: Stack): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(stack.db);
  return Number(rows[0].n);
}

/** How many events of each type the log holds. */
export async function eventTypeCounts(stack: Stack): Promise<Record<string, number>> {
  const { rows } = await sql<{ type: string; n: string }>`select type, count(*) as n from events group by type`.execute(stack.db);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/**
 * Waits until nothing more is appended for `quietMs` (follow-up work such as callback processing
 * or reward orders runs after the response), so a later count belongs to later requests only.
 */
export async function settled(stack: Stack, quietMs = 400, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = await eventCount(stack);
  for (;;) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = await eventCount(stack);
    if (now === last) return now;
    if (Date.now() > deadline) throw new Error(`the event log kept growing (${last} -> ${now})`);
    last = now;
  }
}

/** Runs `task` over `items` with at most `limit` in flight (supertest opens a socket per request). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i], i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export { freePort };

function waitForOutput(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`${what} did not start: ${output.slice(-2000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (pattern.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`${what} exited (${code ?? signal}) before it was ready: ${output.slice(-2000)}`));
    });
  });
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
}

/**
 * A Redis of the test's own, without persistence: a restart loses every queued job, the worst case
 * the forwarder and workers must recover from. The shared Redis of the other test files is never touched.
 */
export class OwnRedis {
  private child?: ChildProcess;
  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    const binary = process.env.REDIS_SERVER_PATH ?? 'redis-server';
    this.child = spawn(
      binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    await waitForOutput(this.child, /Ready to accept connections/, `redis-server on port ${this.port}`);
  }

  /** kill -9 and start again on the same port, empty. */
  async restart(): Promise<void> {
    await stopChild(this.child, 'SIGKILL');
    await this.launch();
  }

  async stop(): Promise<void> {
    await stopChild(this.child, 'SIGKILL');
  }
}

/** `node projections/dist/worker.js` as its own OS process, so a test can kill -9 it mid-transaction. */
export class WorkerProcess {
  private child?: ChildProcess;
  /** Every start of the process, for the report. */
  starts = 0;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  static readonly ENTRY = resolve(REPO_ROOT, 'projections/dist/worker.js');

  async start(): Promise<void> {
    if (!existsSync(WorkerProcess.ENTRY))
      throw new Error(`${WorkerProcess.ENTRY} is missing: build the projections package first (npm test builds it)`);
    this.child = spawn(process.execPath, [WorkerProcess.ENTRY], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts++;
    await waitForOutput(this.child, /projection worker started/, 'the projection worker');
  }

  async kill9(): Promise<void> {
    await stopChild(this.child, 'SIGKILL');
  }

  async stop(): Promise<void> {
    await stopChild(this.child, 'SIGTERM');
  }
}

/**
 * `node server/dist/main.js` as its own OS process (an API replica with its forwarder and callback
 * worker), on the environment a test's stack set up, so a test can kill -9 or SIGTERM it.
 */
export class ApiProcess {
  private child?: ChildProcess;
  private lines = '';
  /** When this process last took the forwarder lease (Date.now()), if it did. */
  leaseTakenAt?: number;
  exitedAt?: number;
  exitCode?: number | null;
  exitSignal?: NodeJS.Signals | null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  static readonly ENTRY = resolve(REPO_ROOT, 'server/dist/main.js');

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it answers /api/health/live. */
  async start(): Promise<void> {
    if (!existsSync(ApiProcess.ENTRY))
      throw new Error(`${ApiProcess.ENTRY} is missing: build the server package first (npm test builds it)`);
    this.leaseTakenAt = this.exitedAt = undefined;
    const child = spawn(process.execPath, [ApiProcess.ENTRY], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const onData = (chunk: Buffer) => {
      this.lines = (this.lines + chunk.toString()).slice(-20_000);
      if (/forwarder:lease[^\n]*taken/.test(chunk.toString()) && this.leaseTakenAt === undefined) this.leaseTakenAt = Date.now();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      this.exitedAt = Date.now();
      this.exitCode = code;
      this.exitSignal = signal;
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited before it was ready: ${this.log}`);
      const live = await fetch(`${this.url}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (live) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not start: ${this.log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get log(): string {
    return this.lines.slice(-3000);
  }

  async kill9(): Promise<void> {
    await stopChild(this.child, 'SIGKILL');
  }

  /** Sends SIGTERM and resolves once the process has exited. */
  async terminate(): Promise<void> {
    await stopChild(this.child, 'SIGTERM');
  }
}
