import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Keyset anchors shared by the API's replicas through Redis (issue 19): an admin walking deep pages
 * behind a load balancer continues from wherever the previous page was served. Each replica is this
 * file's modules loaded afresh (its own per-process anchors), as another process would have them.
 */
let database: TestDatabase;
let db: Kysely<DB>;
let redis: Redis;
const prefix = `test:page-anchors:${process.pid}:${Date.now()}`;
const PAYOUTS = 11_400;
const PER_PAGE = 1_000;

/** One API process: its own modules (so its own anchors), sharing anchors through Redis or not. */
async function replica(shared: boolean) {
  vi.resetModules();
  const pages = await import('./list-pages');
  const { PayoutRepository } = await import('../payouts/payout.repository');
  if (shared) pages.shareAnchors(new pages.RedisAnchorStore(redis, prefix));
  return new PayoutRepository(db);
}

beforeAll(async () => {
  database = await createTestDatabase('pageanchors', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 2 });
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  // Some payouts share a request time, so the walk relies on the id as the tie-break.
  await sql`
    insert into payouts (id, uid, amount_pence, status, method, delivery_method, email, earning_count, requested_at, updated_at)
    select 'p' || lpad(i::text, 6, '0'), 'u' || (i % 97), 100 + i % 50, 'pending', 'tremendous_reward', 'email', '', 1,
           timestamptz '2026-01-01' + ((i / 3) * interval '1 minute'), now()
    from generate_series(1, ${PAYOUTS}) as i`.execute(db);
}, 60_000);
afterAll(async () => {
  const keys = await redis?.keys(`${prefix}:*`);
  if (keys?.length) await redis.del(...keys);
  redis?.disconnect();
  await db?.destroy();
  await database?.drop();
});

describe('keyset anchors shared by replicas', () => {
  it('a walk past the OFFSET cap continues on another replica, with the rows an OFFSET read gives', async () => {
    const a = await replica(true);
    for (let offset = 0; offset <= 10 * PER_PAGE; offset += PER_PAGE) await a.pageForAdmin(undefined, PER_PAGE, offset);

    // Replica B never served a page of this list: the anchor replica A left in Redis starts its read.
    const b = await replica(true);
    const deep = await b.pageForAdmin(undefined, PER_PAGE, 11 * PER_PAGE);
    const expected = await db
      .selectFrom('payouts')
      .select('id')
      .orderBy('requested_at', 'desc')
      .orderBy('id')
      .offset(11 * PER_PAGE)
      .limit(PER_PAGE)
      .execute();
    expect(deep.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(deep.rows).toHaveLength(PAYOUTS - 11 * PER_PAGE);

    // A page between two of A's anchors (a start A never served) starts from the nearest one before it.
    const between = await (await replica(true)).pageForAdmin(undefined, PER_PAGE, 10_500);
    const expectedBetween = await db
      .selectFrom('payouts')
      .select('id')
      .orderBy('requested_at', 'desc')
      .orderBy('id')
      .offset(10_500)
      .limit(PER_PAGE)
      .execute();
    expect(between.rows.map((r) => r.id)).toEqual(expectedBetween.map((r) => r.id));

    // The anchors in Redis expire: they serve a walk, not a history.
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys).toHaveLength(1);
    expect(await redis.ttl(keys[0])).toBeGreaterThan(0);
  });

  it('without the shared anchors another replica refuses the same page (the cap) with a clear 400', async () => {
    const c = await replica(false);
    await expect(c.pageForAdmin(undefined, PER_PAGE, 11 * PER_PAGE)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/too deep to open directly/),
    });
  });
});
