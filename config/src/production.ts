import { ConfigError, type Env, parseEnv } from './env';

/**
 * What the API refuses to start without when NODE_ENV=production. Every value that decides where
 * real money goes, or who may sign in, must be explicit there: a forgotten base URL would silently
 * place sandbox orders for real members. (STATEMENT_SIGNING_KEY and PERSONAL_DATA_MASTER_KEY are
 * required where they are loaded, which the CLI shares: the server's statement-keys.ts and
 * read-db's personalDataMasterKeysFromEnv.)
 */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const name of ['BITLABS_SECRET', 'TREMENDOUS_BASE_URL', 'TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_SECRET'] as const) {
    if (env[name] === undefined) problems.push(`Missing configuration: ${name}`);
  }
  if (env.TREMENDOUS_CAMPAIGN_ID === undefined && env.TREMENDOUS_PRODUCTS.length === 0) {
    problems.push('Missing configuration: TREMENDOUS_CAMPAIGN_ID or TREMENDOUS_PRODUCTS');
  }
  // The Auth emulator accepts unsigned (alg:none) tokens for any uid, so with it configured anyone
  // can act as any member or admin: refuse to run production that way rather than trust forged tokens.
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the Auth emulator accepts unsigned tokens, ' +
        'so anyone could sign in as any member or admin. Unset FIREBASE_AUTH_EMULATOR_HOST (or NODE_ENV for local testing).',
    );
  }
  return problems;
}

/** The API's configuration: every variable valid, and in production everything production needs. */
export function serverEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnv(source);
  const problems = productionProblems(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}

/** The projections worker's: DATABASE_URL has no safe default there. */
export function workerEnv(source: NodeJS.ProcessEnv = process.env): Env & { DATABASE_URL: string } {
  const env = parseEnv(source);
  if (env.DATABASE_URL === undefined) throw new ConfigError(['DATABASE_URL is not set']);
  return { ...env, DATABASE_URL: env.DATABASE_URL };
}
