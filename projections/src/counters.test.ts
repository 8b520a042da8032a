import type { PlayQuidEvent, StoredEventMessage } from '@playquid/contracts';
import { backfillCounters, backfillStartCounters } from '@playquid/read-db';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange } from './apply-range';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog } from './testing/events';
import { historyOf, historySteps, seededSteps } from './testing/generated-history';

/**
 * The counters the projections keep are the same facts as their rows: after any history, applied
 * in ranges with one sent twice, or replayed by `rebuild`, every counter equals the aggregate of
 * the rows (the migration's backfill, which counts the rows afresh).
 */
const COUNTER_TABLES = ['user_counters', 'wallet_counters', 'callback_counters', 'offer_completions', 'callback_transactions'] as const;

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('counters');
});
afterAll(async () => ctx?.close());

async function empty(): Promise<void> {
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await ctx.db.deleteFrom(table).execute();
  await ctx.db.deleteFrom('projection_checkpoints').execute();
}

/** The rows where the counters the projections wrote differ from counting the rows again. */
async function countersDifferingFromRows(): Promise<unknown[]> {
  const differences: unknown[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const table of COUNTER_TABLES)
      await sql`create temp table ${sql.id(`kept_${table}`)} on commit drop as select * from ${sql.table(table)}`.execute(trx);
    for (const table of COUNTER_TABLES) await trx.deleteFrom(table).execute();
    await backfillCounters(trx);
    await backfillStartCounters(trx);
    for (const table of COUNTER_TABLES) {
      const kept = sql.table(`kept_${table}`);
      const { rows } = await sql`
        (select 'projected' as side, to_jsonb(k) as row from (select * from ${kept} except select * from ${sql.table(table)}) k)
        union all
        (select 'counted', to_jsonb(c) from (select * from ${sql.table(table)} except select * from ${kept}) c)`.execute(trx);
      differences.push(...rows.map((r) => ({ table, ...(r as object) })));
    }
    // Leave the projected counters as they were.
    for (const table of COUNTER_TABLES) await trx.deleteFrom(table).execute();
    for (const table of COUNTER_TABLES) await sql`insert into ${sql.table(table)} select * from ${sql.table(`kept_${table}`)}`.execute(trx);
  });
  return differences;
}

const cut = (log: StoredEventMessage[], cuts: number[]) => {
  const edges = [...new Set(cuts.map((c) => c % log.length).filter((c) => c > 0))].sort((a, b) => a - b);
  return [0, ...edges].map((start, i) => log.slice(start, edges[i] ?? log.length));
};

describe('counters kept by the projections', () => {
  it('equal the aggregates of the rows after any history, however it is cut into ranges and redelivered', async () => {
    await fc.assert(
      fc.asyncProperty(
        historySteps({ members: 5, maxLength: 150 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.nat(),
        async (steps, cuts, resent) => {
          const log = asLog(historyOf(steps));
          if (log.length === 0) return;
          await empty();
          const ranges = cut(log, cuts);
          for (const range of ranges) await applyRange(ctx.db, ALL_PROJECTIONS, range);
          await applyRange(ctx.db, ALL_PROJECTIONS, ranges[resent % ranges.length]);
          expect(await countersDifferingFromRows()).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('are rebuilt by a replay of a long history to the same figures, and the site figures read from them are not zero', async () => {
    await empty();
    const log = asLog(historyOf(seededSteps(3_000, { members: 12 })));
    await rebuildProjections(
      ctx.db,
      ALL_PROJECTIONS,
      (async function* () {
        for (let i = 0; i < log.length; i += 500) yield log.slice(i, i + 500);
      })(),
    );
    expect(await countersDifferingFromRows()).toEqual([]);
    const figures = Object.fromEntries(
      (
        await ctx.db
          .selectFrom('wallet_counters')
          .select(['key', 'n'])
          .where('key', 'in', ['total_earned_pence', 'offer_completions'])
          .execute()
      ).map((r) => [r.key, r.n]),
    );
    const earned = await ctx.db
      .selectFrom('balances')
      .select((eb) => eb.fn.sum<string>('total_earned_pence').as('s'))
      .executeTakeFirstOrThrow();
    expect(figures.total_earned_pence).toBe(Number(earned.s));
    expect(figures.offer_completions).toBeGreaterThan(0);
    const members = await ctx.db.selectFrom('user_counters').select('n').where('key', '=', 'members').executeTakeFirstOrThrow();
    const users = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .executeTakeFirstOrThrow();
    expect(members.n).toBe(Number(users.c));
  }, 60_000);

  /**
   * Offers started and credits confirmed in any order (two offers of one BitLabs id, a second start,
   * a credit reversed back to none): the conversion counters equal counting the started rows with a
   * confirmed credit, as the dashboard used to on each request.
   */
  it('count the started offers with a confirmed credit, whatever the order of starts and credits', async () => {
    const OFFERS = [
      { offerId: 'o1', apiId: '42' },
      { offerId: 'o2', apiId: '42' },
      { offerId: 'o3', apiId: '43' },
    ];
    const step = fc.record({ kind: fc.constantFrom('start', 'approved', 'pending', 'approve', 'reverse'), member: fc.nat(1), offer: fc.nat(2), pick: fc.nat() });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 5 }), fc.nat(), async (steps, cuts, resent) => {
        const at = '2026-11-22T10:00:00.000Z';
        const events: PlayQuidEvent[] = [];
        const earnings: Array<{ id: string; uid: string; status: 'pending' | 'approved' | 'rejected' }> = [];
        for (const [i, s] of steps.entries()) {
          const uid = `m${s.member}`;
          const { offerId, apiId } = OFFERS[s.offer];
          if (s.kind === 'start') events.push({ type: 'OfferStarted', data: { uid, offerId, apiId, offerTitle: offerId, startedAt: at } });
          else if (s.kind === 'approved' || s.kind === 'pending') {
            const earningId = `e${i}`;
            earnings.push({ id: earningId, uid, status: s.kind });
            events.push({
              type: 'EarningCredited',
              data: { uid, earningId, callbackId: `cb${i}`, transactionId: `tx${i}`, offerId: apiId, offerName: null, taskId: null, taskName: null, amountPence: 10, rawUsd: null, status: s.kind, creditedAt: at },
            });
          } else {
            const open = earnings.filter((e) => e.status === 'pending' || (s.kind === 'reverse' && e.status === 'approved'));
            if (open.length === 0) continue;
            const e = open[s.pick % open.length];
            if (s.kind === 'approve') events.push({ type: 'EarningApproved', data: { uid: e.uid, earningId: e.id, callbackId: `cb-a${i}`, approvedAt: at } });
            else events.push({ type: 'EarningReversed', data: { uid: e.uid, earningId: e.id, callbackId: `cb-r${i}`, amountPence: 10, fromStatus: e.status as 'pending' | 'approved', reason: 'Reversed', reversedAt: at } });
            e.status = s.kind === 'approve' ? 'approved' : 'rejected';
          }
        }
        const log = asLog(events);
        if (log.length === 0) return;
        await empty();
        const ranges = cut(log, cuts);
        for (const range of ranges) await applyRange(ctx.db, ALL_PROJECTIONS, range);
        await applyRange(ctx.db, ALL_PROJECTIONS, ranges[resent % ranges.length]);
        expect(await countersDifferingFromRows()).toEqual([]);
        const { rows } = await sql<{ starts: string; converted: string }>`
          select count(*) as starts, count(*) filter (where exists (
            select 1 from earnings e where e.kind = 'offer' and e.status in ('approved', 'paid') and e.offer_id = s.api_id and e.uid = s.uid)) as converted
          from offer_starts s`.execute(ctx.db);
        const counters = await ctx.db.selectFrom('wallet_counters').select(['key', 'n']).where('key', 'in', ['offer_starts', 'converted_starts']).execute();
        const figure = (key: string) => Number(counters.find((c) => c.key === key)?.n ?? 0);
        expect({ starts: figure('offer_starts'), converted: figure('converted_starts') }).toEqual({ starts: Number(rows[0].starts), converted: Number(rows[0].converted) });
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
