import { type ProjectionRangeJob, projectionRangeJobId, type WalletEvent } from '@playquid/contracts';
import { addMoneyChange, NO_MONEY_CHANGE, walletMoneyChange, type WalletMoneyChange } from '@playquid/domain';
import { eventually as waitFor } from '@playquid/domain/testing';
import { createReadDb, type DB, migrateToLatest } from '@playquid/read-db';
import { Queue } from 'bullmq';
import { type Kysely, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange } from './apply-range';
import { PROJECTIONS_QUEUE } from './queues';
import { rebuildProjections } from './rebuild';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog } from './testing/events';
import { historyOf, seededSteps, STEP_KINDS } from './testing/generated-history';
import { WorkerProcess } from './testing/worker-process';
import { diffReadModels } from './verify';

/**
 * A worker killed with SIGKILL while a large range is inside its transactions: after a restart the
 * range is applied exactly once, whatever each projection had committed before the kill.
 */
const connection = { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: null };
const prefix = `pc${randomBytes(4).toString('hex')}`;
// Mostly callbacks, as in production, over enough members that a range touches many rows.
const log = asLog(historyOf(seededSteps(4_000, { members: 40, kinds: [...STEP_KINDS, ...Array<'callback'>(12).fill('callback')] })));
const applied = log.slice(0, 500);
const range = log.slice(500);

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let queue: Queue<ProjectionRangeJob>;
let worker: WorkerProcess;
let blocker: pg.Client;

beforeAll(async () => {
  ctx = await migratedTestDatabase('crash');
  queue = new Queue(PROJECTIONS_QUEUE, { connection, prefix });
  worker = new WorkerProcess({ DATABASE_URL: ctx.database.url, REDIS_URL: 'redis://127.0.0.1:6379', BULL_PREFIX: prefix });
  blocker = new pg.Client({ connectionString: ctx.database.url });
  await blocker.connect();
});
afterAll(async () => {
  await worker?.kill();
  await blocker?.end();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await ctx?.close();
});

const eventually = <T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000) =>
  waitFor(check, { timeoutMs, what: () => `${what}; worker said: ${worker.log}` });

const checkpoints = async () => {
  const rows = await ctx.db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
  return Object.fromEntries(rows.map((r) => [r.projection, `${r.commit_position}/${r.prepare_position}`]));
};

/** Every member's money folded straight from the log with walletMoneyChange: the ledger. */
function ledger(): Map<string, WalletMoneyChange> {
  const amounts = new Map<string, number>();
  const members = new Map<string, WalletMoneyChange>();
  for (const message of log) {
    const event = { type: message.type, data: message.data } as WalletEvent;
    if (!message.streamId.startsWith('wallet-')) continue;
    if (event.type === 'EarningCredited' || event.type === 'WelcomeBonusGranted' || event.type === 'ReferralRewardGranted') {
      amounts.set(event.data.earningId, event.data.amountPence);
    }
    const change = walletMoneyChange(event, (earningId) => amounts.get(earningId)!);
    if (change) members.set(event.data.uid, addMoneyChange(members.get(event.data.uid) ?? { ...NO_MONEY_CHANGE }, change));
  }
  return members;
}

describe('a worker killed in the middle of a range', () => {
  it(
    'applies the range exactly once after a restart: balances equal the ledger, every checkpoint at its end',
    { timeout: 120_000 },
    async () => {
      await applyRange(ctx.db, ALL_PROJECTIONS, applied);
      const credited = new Set(range.filter((m) => m.type === 'EarningCredited').map((m) => (m.data as { uid: string }).uid));
      const held = (await ctx.db.selectFrom('balances').select('uid').execute()).find((row) => credited.has(row.uid))!.uid;

      // Hold the balances row of a member the range credits: the wallet's transaction stops at its
      // upsert, after the checkpoint lock and the earnings statements, until the worker is killed.
      await blocker.query('begin');
      await blocker.query('select * from balances where uid = $1 for update', [held]);
      await worker.start();
      await queue.add(
        'range',
        { events: range },
        { jobId: projectionRangeJobId(range), attempts: 1_000, backoff: { type: 'fixed', delay: 200 } },
      );
      await eventually(async () => {
        const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into balances%'`.execute(ctx.db);
        return rows[0].n > 0 ? true : undefined;
      }, 'the wallet to wait on the held row');
      await worker.kill('SIGKILL');
      await blocker.query('rollback');

      // Whatever else had committed, the wallet's rows and checkpoint are as before the range.
      const end = range.at(-1)!.position;
      expect((await checkpoints()).wallet).toBe(applied.at(-1)!.position);
      const earningsBefore = applied.filter((m) =>
        ['EarningCredited', 'WelcomeBonusGranted', 'ReferralRewardGranted'].includes(m.type),
      ).length;
      expect(
        await ctx.db
          .selectFrom('earnings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ).toEqual({ n: earningsBefore });

      // The restarted worker takes the job over once its lock has lapsed, and finishes it.
      await worker.start();
      await eventually(async () => {
        const positions = await checkpoints();
        return ALL_PROJECTIONS.every((p) => positions[p.name] === end) ? true : undefined;
      }, 'every checkpoint to reach the end of the range');
      await eventually(async () => ((await queue.getJobCounts('completed')).completed === 1 ? true : undefined), 'the job to complete');

      const expected = ledger();
      const byUid = <T extends { uid: string }>(rows: T[]) => rows.sort((a, b) => (a.uid < b.uid ? -1 : 1));
      const balances = await ctx.db.selectFrom('balances').selectAll().execute();
      expect(byUid(balances.map(({ updated_at: _, ...row }) => row))).toEqual(
        byUid(
          [...expected].map(([uid, m]) => ({
            uid,
            available_pence: m.availablePence,
            pending_pence: m.pendingPence,
            reserved_pence: m.reservedPence,
            paid_out_pence: m.paidOutPence,
            total_earned_pence: m.totalEarnedPence,
            total_transactions: m.transactions,
            pending_transactions: m.pendingTransactions,
            completed_offers: m.completedOffers,
          })),
        ),
      );
      // And every other table equals a replay of the log.
      await sql`create schema replay`.execute(ctx.db);
      const replay: Kysely<DB> = createReadDb({ connectionString: ctx.database.url, schema: 'replay', max: 2 });
      try {
        await migrateToLatest(replay, 'replay');
        await rebuildProjections(
          replay,
          ALL_PROJECTIONS,
          (async function* () {
            yield log;
          })(),
        );
        expect(await diffReadModels(ctx.db, 'public', 'replay')).toEqual([]);
      } finally {
        await replay.destroy();
      }
    },
  );
});
