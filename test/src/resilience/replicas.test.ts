import { bullConnection } from '@playquid/config';
import { QUEUES } from '@playquid/contracts';
import { PROJECTIONS_QUEUE } from '@playquid/projections';
import type { EmulatorUser } from '@playquid/scripts';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { registeredMember } from '../support/members';
import { signedPath } from '../support/money';
import { ApiProcess, freePort, mapLimit, WorkerProcess } from '../support/resilience';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL } from '../support/stack';

/**
 * R6: production with more than one process. Two API replicas (`server/dist/main.js`, each with
 * its forwarder and callback worker) and projection workers (`projections/dist/worker.js`) share
 * one database and one Redis; this process only registers members and reads the database.
 * One cluster serves every test of the file.
 */
const MEMBERS = 8;
const WELCOME_BONUS_PENCE = 200;
const IN_FLIGHT = 12;

let stack: Stack | undefined;
let replicas: ApiProcess[] = [];
let workers: WorkerProcess[] = [];
let members: EmulatorUser[] = [];
const expected = new Map<string, number>();
const sentTx: string[] = [];
let redisUrl = '';

beforeAll(async () => {
  // Members are registered through this process's API (no forwarder or worker here).
  stack = await startStack({ projectionWorker: false, runWorkers: false });
  redisUrl = process.env.REDIS_URL!;
  const env = { ...process.env, RUN_WORKERS: 'true', PUBLIC_BASE_URL: TEST_PUBLIC_BASE_URL };
  replicas = [new ApiProcess('replica A', await freePort(), env), new ApiProcess('replica B', await freePort(), env)];
  workers = [new WorkerProcess({ LOG_LEVEL: 'warn' })];
  await Promise.all([...replicas.map((r) => r.start()), workers[0].start()]);
  members = await Promise.all(Array.from({ length: MEMBERS }, () => registeredMember(stack!, { label: 'r6' })));
  for (const m of members) expected.set(m.uid, WELCOME_BONUS_PENCE);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([...replicas.map((r) => r.terminate()), ...workers.map((w) => w.stop())]);
  await stack?.close();
});

interface Credit {
  uid: string;
  tx: string;
  pence: number;
}

function credits(label: string, count: number): Credit[] {
  return Array.from({ length: count }, (_, i) => ({ uid: members[i % MEMBERS].uid, tx: `${label}-${Date.now()}-${i}`, pence: 1 + ((i * 53) % 300) }));
}

/** Why requests to a replica failed without a status: ECONNREFUSED (not accepting), ECONNRESET or other (cut). */
const failures = new Map<string, number>();

/** One signed callback to a replica: its status, or 0 when the connection failed (refused or cut). */
async function send(replica: ApiProcess, c: Credit): Promise<number> {
  try {
    const response = await fetch(`${replica.url}${signedPath({ uid: c.uid, amount: (c.pence / 100).toFixed(2), tx: c.tx })}`);
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const code = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
    failures.set(code, (failures.get(code) ?? 0) + 1);
    return 0;
  }
}

/**
 * Sends the credits split across the replicas (IN_FLIGHT at once) and runs `disrupt` once `at` of
 * them were answered. A request refused or cut is sent again to a running replica, as BitLabs retries.
 */
async function burst(list: Credit[], at: number, disrupt: () => Promise<void>) {
  let answered = 0;
  let disrupted: Promise<void> | undefined;
  const retried: string[] = [];
  const statuses = await mapLimit(list, IN_FLIGHT, async (c, i) => {
    let status = await send(replicas[i % 2], c);
    for (let attempt = 0; status !== 200 && attempt < 20; attempt++) {
      retried.push(`${c.tx}: ${status}`);
      const running = replicas.find((r) => r.running);
      status = running ? await send(running, c) : 0;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    if (++answered === at) disrupted = disrupt();
    return status;
  });
  await disrupted;
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  for (const c of list) {
    expected.set(c.uid, expected.get(c.uid)! + c.pence);
    sentTx.push(c.tx);
  }
  return retried;
}

/** Every member's balance is exactly what was sent, and every callback credited once. */
async function assertLedger() {
  const s = stack!;
  await eventually(async () => {
    const rows = await s.db.selectFrom('balances').select(['uid', 'available_pence']).where('uid', 'in', [...expected.keys()]).execute();
    return rows.length === MEMBERS && rows.every((r) => r.available_pence === expected.get(r.uid)) ? true : undefined;
  }, 60_000).catch(async (error) => {
    const rows = await s.db.selectFrom('balances').select(['uid', 'available_pence']).where('uid', 'in', [...expected.keys()]).execute();
    const off = rows.filter((r) => r.available_pence !== expected.get(r.uid)).map((r) => `${r.uid}: ${r.available_pence} != ${expected.get(r.uid)}`);
    const unprocessed = await s.db.selectFrom('callbacks').select('transaction_id').where('is_processed', '=', false).execute();
    console.log(`R7 ledger not reached: ${off.join('; ')}; ${unprocessed.length} callbacks unprocessed`, replicas.map((r) => `${r.name}: ${r.log.slice(-1500)}`));
    throw error;
  });
  const { rows } = await sql<{ n: string; distinct_tx: string }>`
    select count(*) as n, count(distinct data->>'transactionId') as distinct_tx from events
     where type = 'EarningCredited' and data->>'transactionId' = any(${sentTx})`.execute(s.db);
  expect({ n: Number(rows[0].n), distinct: Number(rows[0].distinct_tx) }).toEqual({ n: sentTx.length, distinct: sentTx.length });
}

/** How many callback-processing jobs named each stored callback (every state BullMQ keeps). */
async function enqueuedPerCallback(): Promise<Map<string, number>> {
  const queue = new Queue(QUEUES.callbackProcessing, { connection: bullConnection(redisUrl), prefix: process.env.BULL_PREFIX });
  try {
    const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);
    const counts = new Map<string, number>();
    for (const job of jobs)
      for (const { callbackId } of (job.data as { callbacks?: { callbackId: string }[] }).callbacks ?? [])
        counts.set(callbackId, (counts.get(callbackId) ?? 0) + 1);
    return counts;
  } finally {
    await queue.close();
  }
}

const holder = () => replicas.find((r) => r.running && r.leaseTakenAt !== undefined);

describe('R7: two API replicas and projection workers on one database and Redis', () => {
  it('one forwarder at a time: the holder killed mid-burst, a standby takes over, balances exact, no callback queued twice', { timeout: 180_000 }, async () => {
    const leader = await eventually(async () => holder(), 20_000);
    const standby = replicas.find((r) => r !== leader)!;
    expect(standby.leaseTakenAt).toBeUndefined();
    const list = credits('r6-kill', 300);
    let killedAt = 0;
    // Whatever this test finds, the next ones get their two replicas back.
    onTestFinished(async () => {
      if (!leader.running) await leader.start();
    });
    const retried = await burst(list, 120, async () => {
      killedAt = Date.now();
      await leader.kill9();
    });
    await eventually(async () => (standby.leaseTakenAt !== undefined ? true : undefined), 30_000);
    console.log(
      `R7: ${leader.name} (forwarder lease holder) killed with SIGKILL after 120 of ${list.length} callbacks; ` +
        `${standby.name} took the lease over ${standby.leaseTakenAt! - killedAt} ms later; ${retried.length} requests sent again to the other replica`,
    );
    await assertLedger();

    const counts = await enqueuedPerCallback();
    const { rows } = await sql<{ id: string }>`select id from callbacks where transaction_id = any(${list.map((c) => c.tx)})`.execute(stack!.db);
    const twice = [...counts.entries()].filter(([, n]) => n > 1);
    console.log(`R7: ${rows.length} callbacks stored, ${counts.size} named by processing jobs, ${twice.length} queued more than once`);
    expect(twice).toEqual([]);
    for (const { id } of rows) expect(counts.get(id), `callback ${id} queued`).toBe(1);

  });

  it('SIGTERM under load: the replica exits within 10 s, every accepted callback is stored, each cut request succeeds on retry', { timeout: 120_000 }, async () => {
    const target = holder() ?? replicas[0];
    onTestFinished(async () => {
      if (!target.running) await target.start();
    });
    const list = credits('r6-term', 200);
    let termAt = 0;
    let exited: Promise<void> | undefined;
    failures.clear();
    const retried = await burst(list, 60, async () => {
      termAt = Date.now();
      exited = target.terminate();
    });
    await exited;
    const tookMs = target.exitedAt! - termAt;
    console.log(
      `R7: ${target.name} exited ${tookMs} ms after SIGTERM under load (code ${target.exitCode}, signal ${target.exitSignal}); ` +
        `${retried.length} requests refused or cut and sent again (by cause: ${JSON.stringify(Object.fromEntries(failures))})`,
    );
    expect(tookMs).toBeLessThan(10_000);
    // Stored = in the log (the read tables follow it).
    const { rows } = await sql<{ n: string }>`
      select count(distinct data->>'transactionId') as n from events
       where type = 'CallbackReceived' and data->>'transactionId' = any(${list.map((c) => c.tx)})`.execute(stack!.db);
    expect(Number(rows[0].n)).toBe(list.length);
    await assertLedger();
  });

  it('a burst with duplicates and fast reversals split across both replicas: every balance exact, whatever arrives first', { timeout: 120_000 }, async () => {
    const running = replicas.filter((r) => r.running);
    expect(running).toHaveLength(2);
    const list = credits('r7-rev', 120);
    // Each credit goes to one replica and its duplicate to the other; every third is reversed at
    // once (default mode: a new "or" transaction naming it) through the other replica, so the
    // reversal often overtakes its credit.
    const reversed = new Set(list.filter((_, i) => i % 3 === 0).map((c) => c.tx));
    const status = async (replica: ApiProcess, path: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await fetch(`${replica.url}${path}`).catch(() => undefined);
        if (response) {
          await response.arrayBuffer();
          if (response.status === 200) return 200;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return 0;
    };
    const statuses = await mapLimit(list, IN_FLIGHT, async (c, i) => {
      const credit = signedPath({ uid: c.uid, amount: (c.pence / 100).toFixed(2), tx: c.tx });
      const sends = [status(running[i % 2], credit), status(running[(i + 1) % 2], credit)];
      if (reversed.has(c.tx)) {
        const reversal = signedPath({ uid: c.uid, amount: (-c.pence / 100).toFixed(2), tx: `or-${c.tx}`, ref: c.tx, state: 'RECONCILED' });
        sends.unshift(status(running[(i + 1) % 2], reversal));
      }
      return Promise.all(sends);
    });
    expect(statuses.flat().filter((s) => s !== 200)).toEqual([]);
    for (const c of list) {
      if (!reversed.has(c.tx)) expected.set(c.uid, expected.get(c.uid)! + c.pence);
      sentTx.push(c.tx);
    }
    await assertLedger();
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from events where type = 'EarningReversed' and data->>'callbackId' in (
        select data->>'callbackId' from events where type = 'CallbackReceived' and data->>'transactionId' = any(${[...reversed].map((tx) => `or-${tx}`)}))`.execute(stack!.db);
    console.log(`R7: ${list.length} credits sent twice across both replicas, ${reversed.size} reversed at once: ${rows[0].n} reversals booked, none waiting`);
    expect(Number(rows[0].n)).toBe(reversed.size);
  });

  it("a killed projection worker's range is applied by another worker", { timeout: 120_000 }, async () => {
    const s = stack!;
    const second = new WorkerProcess({ LOG_LEVEL: 'warn' });
    workers.push(second);
    // Holds every projection's checkpoint write, so the first worker's range stays in its hands.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = s.db.transaction().execute(async (trx) => {
      await sql`lock table projection_checkpoints in share row exclusive mode`.execute(trx);
      locked();
      await released;
    });
    try {
      await isLocked;
      const [c] = credits('r6-worker', 1);
      expect(await send(replicas.find((r) => r.running)!, c)).toBe(200);
      expected.set(c.uid, expected.get(c.uid)! + c.pence);
      sentTx.push(c.tx);
      const queue = new Queue(PROJECTIONS_QUEUE, { connection: bullConnection(redisUrl), prefix: process.env.BULL_PREFIX });
      try {
        await eventually(async () => ((await queue.getActiveCount()) > 0 ? true : undefined), 20_000);
      } finally {
        await queue.close();
      }
      await second.start();
      const killedAt = Date.now();
      await workers[0].kill9();
      release();
      await holding;
      await eventually(() => s.db.selectFrom('earnings').select('id').where('transaction_id', '=', c.tx).executeTakeFirst(), 30_000);
      console.log(`R7: the range held by the killed worker was applied by the other worker ${Date.now() - killedAt} ms after the kill`);
    } finally {
      release();
      await holding.catch(() => undefined);
    }
    await assertLedger();
  });
});
