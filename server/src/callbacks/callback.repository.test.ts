import type { DB } from '@playquid/read-db';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { likeContains } from '../common/like-pattern';
import { type CallbackFilters, matchesFilters } from './callback.repository';

/** Compiles without a database: the filters' SQL and parameters are what is checked here. */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compile = (filters: CallbackFilters) => db.selectFrom('callback_log').select('id').where(matchesFilters(filters)).compile();

describe('callback filters', () => {
  it('applies nothing when no filter is given', () => {
    const { sql, parameters } = compile({});
    expect(parameters).toEqual([]);
    expect(sql).not.toMatch(/offer_state|is_processed|user_id|ilike/);
  });

  it('combines every given filter with AND', () => {
    const { sql, parameters } = compile({ state: 'COMPLETED', processed: false, userId: 'u1', offerId: '42', search: 'Drag' });
    expect(sql).toContain('"offer_state" = $1');
    expect(sql).toContain('"is_processed" = $2');
    expect(sql).toContain('"user_id" = $3');
    expect(sql).toContain('"offer_id" = $4');
    expect(sql).toMatch(/"transaction_id" ilike \$5 or "user_id" ilike \$6 or "offer_name" ilike \$7/);
    expect(parameters).toEqual(['COMPLETED', false, 'u1', '42', '%Drag%', '%Drag%', '%Drag%']);
  });

  it('lists the credits under review by their review status', () => {
    const { sql, parameters } = compile({ review: 'held' });
    expect(sql).toContain('"review_status" = $1');
    expect(parameters).toEqual(['held']);
  });

  it('lets NONE match callbacks that came without a state', () => {
    expect(compile({ state: 'NONE' }).sql).toMatch(/"offer_state" = \$1 or "offer_state" is null/);
  });

  it('treats LIKE wildcards in a search as literal characters', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
