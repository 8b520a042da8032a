import { audit, type EmulatorUser, verify } from '@playquid/scripts';
import { bullConnection } from '@playquid/config';
import { PROJECTIONS_QUEUE } from '@playquid/projections';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { signedPath } from '../support/money';
import { mapLimit, OwnRedis, WorkerProcess } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

/**
 * R3: the projection worker is killed with SIGKILL several times (mid-transaction, mid-job) and
 * Redis is restarted empty while callbacks keep arriving. Once things are back, the read model must
 * hold every credit exactly once: `verify` (rebuild and diff) and `audit` (chains and balances) pass.
 */
let redis: OwnRedis | undefined;
let stack: Stack | undefined;
let worker: WorkerProcess | undefined;
beforeAll(async () => {
  redis = await OwnRedis.start();
  stack = await startStack({ redisUrl: redis.url, projectionWorker: false });
  worker = new WorkerProcess({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: redis.url,
    BULL_PREFIX: process.env.BULL_PREFIX,
    LOG_LEVEL: 'warn',
  });
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await stack?.close();
  await redis?.stop();
});

const MEMBERS = 6;
const CREDITS_PER_PHASE = 200;
const WELCOME_BONUS_PENCE = 200;

let members: EmulatorUser[] = [];
const expected: number[] = [];
const sentTx: string[] = [];

/** Sends signed credits (6 in flight) and runs `disrupt` with a way to wait until `n` were sent. */
async function flowWhile(label: string, disrupt: (reached: (n: number) => Promise<unknown>) => Promise<void>) {
  const s = stack!;
  const credits = Array.from({ length: CREDITS_PER_PHASE }, (_, i) => ({
    member: i % MEMBERS,
    tx: `${label}-${Date.now()}-${i}`,
    pence: 1 + ((i * 37) % 250),
  }));
  let sent = 0;
  const flowing = mapLimit(credits, 6, async (c) => {
    const response = await s.http.get(signedPath({ uid: members[c.member].uid, amount: (c.pence / 100).toFixed(2), tx: c.tx }));
    sent++;
    return response.status;
  });
  await disrupt((n) => eventually(async () => (sent >= n ? true : undefined), 120_000));
  expect((await flowing).filter((status) => status !== 200)).toEqual([]);
  for (const c of credits) {
    expected[c.member] += c.pence;
    sentTx.push(c.tx);
  }
}

/** Every credit sent so far is in the read model exactly once, then the operations checks agree. */
async function assertRecovered() {
  const s = stack!;
  // A job held by a killed worker is only handed out again once BullMQ sees it stalled: its 30 s
  // lock must expire and two stalled checks (30 s apart) pass, so recovery may take a minute or more.
  await eventually(async () => {
    const rows = await s.db
      .selectFrom('balances')
      .select(['uid', 'available_pence'])
      .where(
        'uid',
        'in',
        members.map((m) => m.uid),
      )
      .execute();
    const byUid = new Map(rows.map((r) => [r.uid, r.available_pence]));
    return members.every((m, i) => byUid.get(m.uid) === expected[i]) ? true : undefined;
  }, 120_000).catch(async (error) => {
    const { rows } = await sql`select projection, commit_position, prepare_position from projection_checkpoints`.execute(s.db);
    const { rows: types } = await sql`select type, count(*) as n, max(transaction_id) as last_commit from events group by type`.execute(
      s.db,
    );
    const queue = new Queue(PROJECTIONS_QUEUE, { connection: bullConnection(redis!.url), prefix: process.env.BULL_PREFIX });
    const counts = await queue.getJobCounts();
    const failed = (await queue.getFailed(0, 4)).map((job) => `${job.id}: ${job.failedReason}`);
    await queue.close();
    console.log(
      'R3 did not catch up; checkpoints',
      JSON.stringify(rows),
      'log',
      JSON.stringify(types),
      'queue',
      JSON.stringify(counts),
      'failed',
      failed,
    );
    throw error;
  });
  const { rows: credited } = await sql<{ n: string | number; distinct_tx: string | number }>`
    select count(*) as n, count(distinct data->>'transactionId') as distinct_tx from events
    where type = 'EarningCredited' and data->>'transactionId' = any(${sentTx})`.execute(s.db);
  expect({ n: Number(credited[0].n), distinct: Number(credited[0].distinct_tx) }).toEqual({ n: sentTx.length, distinct: sentTx.length });
  const earnings = await s.db
    .selectFrom('earnings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('transaction_id', 'in', sentTx)
    .executeTakeFirstOrThrow();
  expect(Number(earnings.n)).toBe(sentTx.length);

  expect(await verify()).toEqual([]);
  const report = await audit();
  expect(report.problems).toEqual([]);
  expect(report.members).toBeGreaterThanOrEqual(MEMBERS);
}

describe('R3: crashes and a Redis restart while events flow', () => {
  it('kill -9 of the projection worker three times: verify and audit pass, every credit once', { timeout: 240_000 }, async () => {
    members = await Promise.all(Array.from({ length: MEMBERS }, () => registeredMember(stack!, { label: 'r3' })));
    expected.push(...members.map(() => WELCOME_BONUS_PENCE));
    const kills: number[] = [];
    await flowWhile('r3-kill', async (reached) => {
      for (const share of [0.2, 0.45, 0.7]) {
        await reached(CREDITS_PER_PHASE * share);
        await worker!.kill9();
        kills.push(Math.round(share * 100));
        await worker!.start();
      }
    });
    console.log(`R3: worker killed with SIGKILL at ${kills.join('%, ')}% of ${CREDITS_PER_PHASE} credits; ${worker!.starts} starts`);
    await assertRecovered();
  });

  it(
    'Redis restarted empty (queued jobs lost) while callbacks arrive: verify and audit pass, every credit once',
    { timeout: 240_000 },
    async () => {
      expect(members).toHaveLength(MEMBERS);
      await flowWhile('r3-redis', async (reached) => {
        // With the worker down, jobs pile up in Redis, so the restart really loses some.
        await reached(CREDITS_PER_PHASE * 0.3);
        await worker!.kill9();
        await reached(CREDITS_PER_PHASE * 0.5);
        await redis!.restart();
        await worker!.start();
      });
      await assertRecovered();
    },
  );
});
