import { type EarningStatus } from '@playquid/contracts';
import { type EarningFacts, earningTotals } from '@playquid/domain';
import { createPool, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import fc from 'fast-check';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRowCache } from '../infra/member-row-cache';
import { WalletRepository } from './wallet.repository';

/**
 * The member's earning totals are computed twice: by the domain's `earningTotals` over the wallet's
 * own state, and by `WalletRepository.earningTotals` in SQL over the earnings read table (the pages
 * that show totals without loading the wallet). The two must agree on any mix of earnings.
 */
let database: TestDatabase;
let db: Kysely<DB>;
const noCache = { get: (_uid: string, _kind: string, read: () => Promise<unknown>) => read() } as unknown as MemberRowCache;

beforeAll(async () => {
  database = await createTestDatabase('earningtotals', { migrated: true });
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPool({ connectionString: database.url, max: 2 }) }) });
}, 30_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const earning: fc.Arbitrary<EarningFacts> = fc.record({
  amountPence: fc.integer({ min: 1, max: 50_000 }),
  status: fc.constantFrom<EarningStatus>('pending', 'approved', 'paid', 'rejected'),
  kind: fc.constantFrom<EarningFacts['kind']>('offer', 'bonus', 'referral'),
  payoutId: fc.option(fc.constant('payout-1'), { nil: null }),
});

describe('earning totals', () => {
  it('are the same from the domain rule and from the read model’s SQL', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(earning, { maxLength: 12 }), async (earnings) => {
        const uid = `member-${run++}`;
        if (earnings.length > 0)
          await db
            .insertInto('earnings')
            .values(
              earnings.map((e, i) => ({
                id: `${uid}-e${i}`,
                uid,
                amount_pence: e.amountPence,
                status: e.status,
                is_bonus: e.kind === 'bonus',
                kind: e.kind,
                callback_id: null,
                transaction_id: null,
                offer_id: null,
                offer_name: null,
                task_id: null,
                task_name: null,
                payout_id: e.payoutId,
                created_at: new Date(),
                updated_at: new Date(),
              })),
            )
            .execute();
        expect(await new WalletRepository(db, noCache).earningTotals(uid)).toEqual(earningTotals(earnings));
      }),
      { numRuns: 60 },
    );
  });
});
