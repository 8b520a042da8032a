import { type Env, parseEnv } from '@playquid/config';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** scripts/env.defaults.sh (beside src/ and dist/): the dev defaults the shell scripts source too. */
export const DEFAULTS_FILE = resolve(__dirname, '../env.defaults.sh');

const DEFAULT_LINE = /^([A-Z][A-Z0-9_]*)="\$\{\1:-(.*)\}"$/;
const REFERENCE = /\$\{?([A-Z][A-Z0-9_]*)\}?/g;

/**
 * The settings a defaults file gives, resolved as the shell does when it sources the file: a value
 * set (non-empty) in `environment` wins, and a default may use the settings of the lines above.
 */
export function resolveDefaults(text: string, environment: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const match = DEFAULT_LINE.exec(line);
    if (!match) throw new Error(`${DEFAULTS_FILE}: expected NAME="\${NAME:-default}", found: ${line}`);
    const [, name, fallback] = match;
    settings[name] = environment[name] || fallback.replace(REFERENCE, (_, reference: string) => settings[reference] ?? environment[reference] ?? '');
  }
  return settings;
}

let defaultsText: string | undefined;

/**
 * The CLI's environment: the process's, the defaults file filling what it leaves unset (the file is
 * absent from the production image), validated by @playquid/config like the API's and the worker's.
 */
function cliEnv(): Env {
  defaultsText ??= existsSync(DEFAULTS_FILE) ? readFileSync(DEFAULTS_FILE, 'utf8') : '';
  return parseEnv({ ...process.env, ...resolveDefaults(defaultsText, process.env) });
}

function required<T>(name: keyof Env, value: T | undefined): T {
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Read on each use, so tests can point them elsewhere. */
export const env = {
  get databaseUrl() {
    return required('DATABASE_URL', cliEnv().DATABASE_URL);
  },
  get apiUrl() {
    return trimSlash(required('API_URL', cliEnv().API_URL));
  },
  get publicBaseUrl() {
    return trimSlash(required('PUBLIC_BASE_URL', cliEnv().PUBLIC_BASE_URL));
  },
  get bitlabsSecret() {
    return required('BITLABS_SECRET', cliEnv().BITLABS_SECRET);
  },
  get eventStoreConnectionString() {
    return cliEnv().EVENTSTORE_CONNECTION_STRING;
  },
  get firebaseProjectId() {
    return cliEnv().FIREBASE_PROJECT_ID;
  },
  get firebaseEmulatorHost() {
    return required('FIREBASE_AUTH_EMULATOR_HOST', cliEnv().FIREBASE_AUTH_EMULATOR_HOST);
  },
  /** Where `checkpoint` appends the file copy of every checkpoint (one JSON line each); keep it off the database host. */
  get logCheckpointFile() {
    return cliEnv().LOG_CHECKPOINT_FILE ?? resolve(__dirname, '../../.data/log-checkpoints.jsonl');
  },
};
