import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from '@playquid/config';
import { loadConfig } from '@playquid/server';
import { describe, expect, it } from 'vitest';
import { DEFAULTS_FILE, env, resolveDefaults } from './env';

const defaults = readFileSync(DEFAULTS_FILE, 'utf8');

/** What bash makes of the file, sourced in a clean environment plus `environment`. */
function sourced(environment: Record<string, string>): Record<string, string> {
  const names = [...defaults.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  const script = `source "$1"; for name in ${names.join(' ')}; do printf '%s=%s\\n' "$name" "\${!name}"; done`;
  const output = execFileSync('bash', ['--norc', '-c', script, 'bash', DEFAULTS_FILE], {
    env: { PATH: process.env.PATH, ...environment },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return Object.fromEntries(output.trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describe('env.defaults.sh', () => {
  it('gives the CLI exactly what the shell scripts get from it', () => {
    expect(resolveDefaults(defaults, {})).toEqual(sourced({}));
    const overridden = { PORT: '4000', DATABASE_URL: 'postgres://elsewhere/db', PUBLIC_BASE_URL: '' };
    expect(resolveDefaults(defaults, overridden)).toEqual(sourced(overridden));
    expect(resolveDefaults(defaults, overridden)).toMatchObject({ DATABASE_URL: 'postgres://elsewhere/db', API_URL: 'http://127.0.0.1:4000', PUBLIC_BASE_URL: 'http://127.0.0.1:4000' });
  });

  it('refuses a line the CLI could not read the way the shell does', () => {
    expect(() => resolveDefaults('export PORT=3000', {})).toThrow('expected NAME="${NAME:-default}", found: export PORT=3000');
  });
});

describe('the dev defaults and the validated configuration', () => {
  it('pass the shared validation, and give the API what it falls back to by itself (the partner URLs aside: dev runs the stand-ins)', () => {
    const dev = resolveDefaults(defaults, {});
    expect(() => parseEnv(dev)).not.toThrow();
    const withDefaults = loadConfig(dev);
    const bare = loadConfig({});
    const same = (config: ReturnType<typeof loadConfig>) => ({
      port: config.port,
      host: config.host,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      bullPrefix: config.bullPrefix,
      firebaseProjectId: config.firebaseProjectId,
      bitlabs: config.bitlabs,
      offersToken: config.offers.apiToken,
      tremendous: { apiKey: config.tremendous.apiKey, webhookSecret: config.tremendous.webhookSecret },
    });
    expect(same(withDefaults)).toEqual(same(bare));
    expect(withDefaults.offers.apiUrl).toBe(`http://127.0.0.1:${dev.BITLABS_STANDIN_PORT}`);
    expect(withDefaults.tremendous.baseUrl).toBe(`http://127.0.0.1:${dev.TREMENDOUS_STANDIN_PORT}/api/v2`);
  });

  it('refuses a bad value in the CLI, naming the variable', () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'mysql://db/x';
    try {
      expect(() => env.databaseUrl).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});
