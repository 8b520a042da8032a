export { ConfigError, ENV_SCHEMA, type Env, parseEnv } from './env';
export { productionProblems, serverEnv, workerEnv } from './production';
export { bullConnection } from './redis';
