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

/** A setting from the environment, else from the defaults file (absent from the production image). */
function setting(name: string): string {
  defaultsText ??= existsSync(DEFAULTS_FILE) ? readFileSync(DEFAULTS_FILE, 'utf8') : '';
  const value = resolveDefaults(defaultsText, process.env)[name] ?? process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Read on each use, so tests can point them elsewhere. */
export const env = {
  get databaseUrl() {
    return setting('DATABASE_URL');
  },
  get apiUrl() {
    return trimSlash(setting('API_URL'));
  },
  get publicBaseUrl() {
    return trimSlash(setting('PUBLIC_BASE_URL'));
  },
  get bitlabsSecret() {
    return setting('BITLABS_SECRET');
  },
  get eventStoreConnectionString() {
    return process.env.EVENTSTORE_CONNECTION_STRING || undefined;
  },
  get firebaseProjectId() {
    return setting('FIREBASE_PROJECT_ID');
  },
  get firebaseEmulatorHost() {
    return setting('FIREBASE_AUTH_EMULATOR_HOST');
  },
};
