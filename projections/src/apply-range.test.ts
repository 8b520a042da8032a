import type { StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyRange, OutOfOrderError, type ProjectionLanes } from './apply-range';
import { ALL_PROJECTIONS } from './registry';
import { migratedTestDatabase } from './testing/database';
import { asLog, sampleHistory } from './testing/events';
import { outcomes, projectionNames as allProjectionNames } from './testing/outcomes';
import { allRows } from './testing/spec';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
let db: Kysely<DB>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('apply');
  db = ctx.db;
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await db.deleteFrom(table).execute();
  await db.deleteFrom('projection_checkpoints').execute();
});

const projectionNames = allProjectionNames();

const log = asLog(sampleHistory());
const applyEvent = (message: StoredEventMessage) => applyRange(db, ALL_PROJECTIONS, [message]);
const applyAll = async (messages = log) => {
  for (const message of messages) await applyEvent(message);
};

describe('projecting the sample history', () => {
  it('produces the balances a member would expect, in pence', async () => {
    await applyAll();
    const balances = await db.selectFrom('balances').selectAll().orderBy('uid').execute();
    expect(balances.map(({ updated_at: _, ...b }) => b)).toEqual([
      // ana: bonus 200 + credit 125 (then reversed) + 300 pending; Total Earned counts the pending credit too
      {
        uid: 'ana',
        available_pence: 200,
        pending_pence: 300,
        reserved_pence: 0,
        paid_out_pence: 0,
        total_earned_pence: 500,
        total_transactions: 3,
        pending_transactions: 1,
        completed_offers: 0,
      },
      // ben: bonus 200 + 80 pending, later approved
      {
        uid: 'ben',
        available_pence: 280,
        pending_pence: 0,
        reserved_pence: 0,
        paid_out_pence: 0,
        total_earned_pence: 280,
        total_transactions: 2,
        pending_transactions: 0,
        completed_offers: 1,
      },
    ]);
  });

  it('keeps each earning with its current status', async () => {
    await applyAll();
    const earnings = await db.selectFrom('earnings').select(['id', 'uid', 'amount_pence', 'status', 'is_bonus']).orderBy('id').execute();
    expect(earnings).toEqual([
      { id: 'bonus-ana', uid: 'ana', amount_pence: 200, status: 'approved', is_bonus: true },
      { id: 'bonus-ben', uid: 'ben', amount_pence: 200, status: 'approved', is_bonus: true },
      { id: 'e-1', uid: 'ana', amount_pence: 125, status: 'rejected', is_bonus: false },
      { id: 'e-2', uid: 'ana', amount_pence: 300, status: 'pending', is_bonus: false },
      { id: 'e-3', uid: 'ben', amount_pence: 80, status: 'approved', is_bonus: false },
    ]);
  });

  it('projects users with verification, referral and role', async () => {
    await applyAll();
    const users = await db.selectFrom('users').select(['uid', 'is_verified', 'referred_by', 'role']).orderBy('uid').execute();
    expect(users).toEqual([
      { uid: 'ana', is_verified: true, referred_by: null, role: 'USER' },
      { uid: 'ben', is_verified: true, referred_by: 'ana', role: 'ADMIN' },
    ]);
  });

  it('projects callbacks with their processing state', async () => {
    await applyAll();
    const callbacks = await db
      .selectFrom('callbacks')
      .select(['id', 'is_processed', 'processing_error', 'reward_pence'])
      .orderBy('id')
      .execute();
    expect(callbacks).toEqual([
      { id: 'cb-1', is_processed: true, processing_error: null, reward_pence: 125 },
      { id: 'cb-2', is_processed: false, processing_error: null, reward_pence: 300 },
      { id: 'cb-3', is_processed: false, processing_error: null, reward_pence: 80 },
      { id: 'cb-6', is_processed: false, processing_error: 'Unknown member ghost', reward_pence: 50 },
    ]);
  });
});

describe('exactly once', () => {
  it('skips a redelivered event: no row changes, no total doubles', async () => {
    await applyAll();
    const before = await allRows(db, ALL_PROJECTIONS);
    for (const message of log) expect(await applyEvent(message)).toEqual(outcomes('skipped'));
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(before);
    expect(before.earnings).toHaveLength(5);
  });

  it('applying the same message twice in a row changes the rows once', async () => {
    await applyAll(log.slice(0, 1));
    expect(await applyEvent(log[1])).toEqual(outcomes('not-handled', { wallet: 'applied', statement: 'applied' }));
    const once = await allRows(db, ALL_PROJECTIONS);
    expect(await applyEvent(log[1])).toEqual(outcomes('skipped'));
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(once);
    expect(once.balances).toMatchObject([{ uid: 'ana', available_pence: 200, total_transactions: 1 }]);
  });

  it('moves every checkpoint, also of projections that do not handle the event, so the chain stays contiguous', async () => {
    await applyAll(log.slice(0, 1)); // UserRegistered: only users handles it
    const checkpoints = await db
      .selectFrom('projection_checkpoints')
      .select(['projection', 'commit_position', 'prepare_position'])
      .orderBy('projection')
      .execute();
    expect(checkpoints).toEqual(projectionNames.map((projection) => ({ projection, commit_position: '1', prepare_position: '1' })));
    // The wallet can therefore take the next event, whose previous position is the one it did not handle.
    expect(await applyEvent(log[1])).toMatchObject({ wallet: 'applied' });
  });

  it('moves the checkpoints of the projections that handle none of the events in one transaction; each one that does commits its own', async () => {
    await applyAll(log.slice(0, 1));
    // The welcome bonus: the wallet and the statement apply it, the six others only move on.
    expect(await applyEvent(log[1])).toEqual(outcomes('not-handled', { wallet: 'applied', statement: 'applied' }));
    const { rows } = await sql<{ projection: string; xmin: string }>`select projection, xmin::text from projection_checkpoints`.execute(db);
    const transactionOf = new Map(rows.map((r) => [r.projection, r.xmin]));
    const passing = projectionNames.filter((name) => name !== 'wallet' && name !== 'statement');
    expect(new Set(passing.map((name) => transactionOf.get(name))).size).toBe(1);
    expect(new Set([transactionOf.get('wallet'), transactionOf.get('statement'), transactionOf.get(passing[0])]).size).toBe(3);
  });

  it('refuses an event that arrives before its predecessor and writes nothing', async () => {
    await applyAll(log.slice(0, 2));
    const before = await allRows(db, ALL_PROJECTIONS);
    await expect(applyEvent(log[3])).rejects.toBeInstanceOf(OutOfOrderError);
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(before);
    const checkpoints = await db
      .selectFrom('projection_checkpoints')
      .select(['projection', 'prepare_position'])
      .orderBy('projection')
      .execute();
    expect(checkpoints.map((c) => c.prepare_position)).toEqual(projectionNames.map(() => '2'));
    // Once the missing event arrives, the retried one applies.
    await applyEvent(log[2]);
    await applyEvent(log[3]);
    expect(await db.selectFrom('users').select('uid').orderBy('uid').execute()).toEqual([{ uid: 'ana' }, { uid: 'ben' }]);
  });

  it('rolls back the rows and checkpoint of a projection whose handler fails; the others commit in transactions of their own', async () => {
    await applyAll(log.slice(0, 5));
    const broken = { ...log[5], data: { ...(log[5].data as object), callbackId: null } };
    await expect(applyEvent(broken)).rejects.toThrow();
    const checkpoints = await db
      .selectFrom('projection_checkpoints')
      .select(['projection', 'prepare_position'])
      .orderBy('projection')
      .execute();
    expect(checkpoints).toEqual(
      projectionNames.map((projection) => ({ projection, prepare_position: projection === 'callbacks' ? '5' : '6' })),
    );
    expect(await db.selectFrom('callbacks').selectAll().execute()).toEqual([]);
    // A retry applies the event where it was not applied, and only there.
    expect(await applyEvent(log[5])).toEqual(outcomes('skipped', { callbacks: 'applied' }));
  });
});

describe('ranges of the log', () => {
  it('applies a range in one batch per projection: the same rows as one event at a time', async () => {
    await applyAll();
    const oneByOne = await allRows(db, ALL_PROJECTIONS);
    for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await db.deleteFrom(table).execute();
    await db.deleteFrom('projection_checkpoints').execute();

    expect(await applyRange(db, ALL_PROJECTIONS, log)).toEqual(
      outcomes('applied', { payouts: 'not-handled', offers: 'not-handled', blogs: 'not-handled', claims: 'not-handled' }),
    );
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(oneByOne);
    const checkpoints = await db.selectFrom('projection_checkpoints').select('prepare_position').execute();
    expect(checkpoints.map((c) => c.prepare_position)).toEqual(projectionNames.map(() => String(log.length)));
  });

  it('skips the part of a range a checkpoint already covers and applies the rest once', async () => {
    await applyAll(log.slice(0, 8));
    expect(await applyRange(db, ALL_PROJECTIONS, log.slice(4))).toMatchObject({
      users: 'applied',
      wallet: 'applied',
      callbacks: 'applied',
    });
    const overlapped = await allRows(db, ALL_PROJECTIONS);
    expect(await applyRange(db, ALL_PROJECTIONS, log.slice(2, 12))).toEqual(outcomes('skipped'));
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(overlapped);
    expect(overlapped.balances).toMatchObject([
      { uid: 'ana', available_pence: 200, pending_pence: 300, total_transactions: 3 },
      { uid: 'ben', available_pence: 280, pending_pence: 0, total_transactions: 2 },
    ]);
  });

  it('with lanes, ranges handed over in log order before the ones before them have committed apply each projection in order', async () => {
    await applyAll();
    const oneByOne = await allRows(db, ALL_PROJECTIONS);
    for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) await db.deleteFrom(table).execute();
    await db.deleteFrom('projection_checkpoints').execute();

    const lanes: ProjectionLanes = new Map();
    const cuts = [log.slice(0, 3), log.slice(3, 4), log.slice(4, 9), log.slice(9)];
    // All handed over at once, as a worker holding several ranges does: none is refused as early.
    const results = await Promise.all(cuts.map((range) => applyRange(db, ALL_PROJECTIONS, range, lanes)));
    expect(results.flatMap((r) => Object.values(r)).every((outcome) => outcome !== 'skipped')).toBe(true);
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(oneByOne);
    expect(lanes.size).toBe(0);
  });

  it('refuses a range that starts after a gap, or has one inside, and writes nothing', async () => {
    await applyAll(log.slice(0, 3));
    const before = await allRows(db, ALL_PROJECTIONS);
    await expect(applyRange(db, ALL_PROJECTIONS, log.slice(4, 9))).rejects.toBeInstanceOf(OutOfOrderError);
    await expect(applyRange(db, ALL_PROJECTIONS, [...log.slice(3, 6), ...log.slice(7, 9)])).rejects.toThrow(
      'event 1/8 follows 1/7, but the range has 1/6 before it',
    );
    expect(await allRows(db, ALL_PROJECTIONS)).toEqual(before);
    const checkpoints = await db.selectFrom('projection_checkpoints').select('prepare_position').execute();
    expect(checkpoints.map((c) => c.prepare_position)).toEqual(projectionNames.map(() => '3'));
  });
});
