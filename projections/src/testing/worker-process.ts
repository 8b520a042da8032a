import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO = resolve(__dirname, '../../..');

/** The workspace packages the worker imports, resolved to their sources (as vitest.shared.mts does). */
const SOURCES = {
  '@playquid/contracts': resolve(REPO, 'contracts/src/index.ts'),
  '@playquid/domain': resolve(REPO, 'domain/src/index.ts'),
  '@playquid/read-db': resolve(REPO, 'read-db/src/index.ts'),
};

/** Runs a TypeScript entry with SWC compiling each file as Node loads it; no build needed. */
const LOADER = `
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const sources = JSON.parse(process.env.WORKER_SOURCES);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, sources[request] ?? request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
  module._compile(transformSync(readFileSync(filename, 'utf8'), options).code, filename);
};
require(process.env.WORKER_ENTRY);
`;

/**
 * `projections/src/worker.ts` as an OS process of its own, started from the sources, so a test can
 * kill it with SIGKILL in the middle of a transaction, as a crash or an OOM kill would.
 */
export class WorkerProcess {
  private child?: ChildProcess;
  private output = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['-e', LOADER], {
      cwd: REPO,
      env: {
        ...process.env,
        ...this.env,
        WORKER_SOURCES: JSON.stringify(SOURCES),
        WORKER_ENTRY: resolve(REPO, 'projections/src/worker.ts'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = '';
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the worker did not start: ${this.output}`)), 30_000);
      const onData = (chunk: Buffer) => {
        this.output = (this.output + chunk.toString()).slice(-4_000);
        if (this.output.includes('projection worker started')) {
          clearTimeout(timer);
          done();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`the worker exited (${code ?? signal}) before it was ready: ${this.output}`));
      });
    });
  }

  /** What the process printed last (for a failing test's message). */
  get log(): string {
    return this.output;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    await exited;
  }
}
