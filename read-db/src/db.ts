import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

const INT8_OID = 20;
/**
 * Every query here reads or writes a few rows by key (or a batch of keys): a parallel plan only
 * adds worker start-up, tens of milliseconds of CPU each time, and the planner picks one when its
 * row estimate is off (a list of keys into a table where a few keys own many rows).
 */
export const NO_PARALLEL_QUERY = '-c max_parallel_workers_per_gather=0';

export interface ReadDbOptions {
  connectionString: string;
  /** Postgres schema for every table (default `public`); `verify` rebuilds into a scratch schema. */
  schema?: string;
  max?: number;
}

/** A pg pool whose bigint columns come back as numbers (pence) and everything else as pg gives it. */
export function createPool({ connectionString, schema, max = 10 }: ReadDbOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: [NO_PARALLEL_QUERY, ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`read-db: idle connection lost: ${error.message}`));
  return pool;
}

export function createReadDb(options: ReadDbOptions): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPool(options) }) });
}
