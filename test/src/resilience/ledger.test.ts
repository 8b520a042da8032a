import type { EmulatorUser } from '@playquid/scripts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { balanceOf, signedPath } from '../support/money';
import { mapLimit } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

/**
 * R1: thousands of signed callbacks, ~30% of them sent twice, all at once, then reversals racing
 * more duplicates. The expected ledger is computed here from what was sent, never from the
 * server's own fold, so a double credit or a lost one shows up as a wrong balance.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const MEMBERS = 20;
const CREDITS = 1_400;
const DUPLICATES = 600;
const REVERSALS = 100;
const WELCOME_BONUS_PENCE = 200;
const IN_FLIGHT = 32;

interface Credit {
  member: number;
  tx: string;
  pence: number;
  state: 'COMPLETED' | 'PENDING';
}

/** A seeded generator, so a failing run can be replayed exactly. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

describe('R1: concurrent signed callbacks with duplicates and reversals', () => {
  it('ends with exactly the ledger computed from what was sent: no double credit, nothing lost', { timeout: 420_000 }, async () => {
    const seed = Number(process.env.R1_SEED ?? Date.now() % 1_000_000);
    console.log(`R1 seed ${seed} (R1_SEED=${seed} replays it)`);
    const random = lcg(seed);
    const members: EmulatorUser[] = await Promise.all(Array.from({ length: MEMBERS }, () => registeredMember(stack, { label: 'r1' })));
    const run = `r1${seed}`;

    const credits: Credit[] = Array.from({ length: CREDITS }, (_, i) => ({
      member: Math.floor(random() * MEMBERS),
      tx: `${run}-${i}`,
      pence: 1 + Math.floor(random() * 500),
      state: random() < 0.2 ? 'PENDING' : 'COMPLETED',
    }));
    const creditPath = (c: Credit) => signedPath({ uid: members[c.member].uid, amount: pounds(c.pence), tx: c.tx, state: c.state });
    const pick = () => credits[Math.floor(random() * credits.length)];
    const firstDuplicates = Array.from({ length: DUPLICATES / 2 }, pick);
    const shuffled = [...credits, ...firstDuplicates]
      .map((c) => ({ c, k: random() }))
      .sort((a, b) => a.k - b.k)
      .map(({ c }) => c);

    const first = await mapLimit(shuffled, IN_FLIGHT, async (c) => {
      const response = await stack.http.get(creditPath(c));
      return { tx: c.tx, status: response.status, duplicate: response.body?.data?.duplicate as boolean | undefined };
    });
    expect(first.filter((r) => r.status !== 200)).toEqual([]);

    // Reversals only for credits the wallet has booked; they race the second half of the duplicates.
    await eventually(async () => {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from events where type = 'EarningCredited' and data->>'transactionId' like ${`${run}-%`}`.execute(stack.db);
      return Number(rows[0].n) >= CREDITS ? true : undefined;
    }, 240_000);
    const reversed = new Set<Credit>();
    while (reversed.size < REVERSALS) reversed.add(pick());
    const reversalPath = (c: Credit) =>
      signedPath({ uid: members[c.member].uid, amount: `-${pounds(c.pence)}`, tx: `${c.tx}-r`, ref: c.tx, state: 'RECONCILED' });
    const secondDuplicates = Array.from({ length: DUPLICATES / 2 }, pick);
    const repeatedReversals = [...reversed].slice(0, 10);
    const secondWave = [
      ...[...reversed, ...repeatedReversals].map((c) => () => stack.http.get(reversalPath(c))),
      ...secondDuplicates.map((c) => () => stack.http.get(creditPath(c))),
    ]
      .map((send) => ({ send, k: random() }))
      .sort((a, b) => a.k - b.k);
    const second = await mapLimit(secondWave, IN_FLIGHT, async ({ send }) => (await send()).status);
    expect(second.filter((s) => s !== 200)).toEqual([]);

    // Each transaction was accepted as new exactly once, however many copies raced.
    const accepted = new Map<string, number>();
    for (const r of first) if (r.duplicate === false) accepted.set(r.tx, (accepted.get(r.tx) ?? 0) + 1);
    expect(accepted.size).toBe(CREDITS);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);

    const expected = members.map(() => ({ available: WELCOME_BONUS_PENCE, pending: 0 }));
    for (const c of credits) {
      if (reversed.has(c)) continue;
      if (c.state === 'PENDING') expected[c.member].pending += c.pence;
      else expected[c.member].available += c.pence;
    }

    const balances = await eventually(async () => {
      const rows = await stack.db
        .selectFrom('balances')
        .select(['uid', 'available_pence', 'pending_pence'])
        .where(
          'uid',
          'in',
          members.map((m) => m.uid),
        )
        .execute();
      const byUid = new Map(rows.map((r) => [r.uid, r]));
      const actual = members.map((m) => ({ available: byUid.get(m.uid)?.available_pence, pending: byUid.get(m.uid)?.pending_pence }));
      return JSON.stringify(actual) === JSON.stringify(expected) ? actual : undefined;
    }, 150_000).catch(async (error) => {
      const rows = await stack.db
        .selectFrom('balances')
        .select(['uid', 'available_pence', 'pending_pence'])
        .where(
          'uid',
          'in',
          members.map((m) => m.uid),
        )
        .execute();
      console.log('R1 expected', JSON.stringify(expected), 'read model', JSON.stringify(rows));
      throw error;
    });
    expect(balances).toEqual(expected);

    for (const [i, member] of members.entries()) {
      expect(await balanceOf(stack, member)).toMatchObject({ available_pence: expected[i].available, pending_pence: expected[i].pending });
    }

    const { rows: credited } = await sql<{ tx: string; n: string }>`
      select data->>'transactionId' as tx, count(*) as n from events
      where type = 'EarningCredited' and data->>'transactionId' like ${`${run}-%`} group by 1`.execute(stack.db);
    expect(credited.length).toBe(CREDITS);
    expect(credited.filter((r) => Number(r.n) !== 1)).toEqual([]);
    const { rows: reversals } = await sql<{ earning: string; n: string }>`
      select data->>'earningId' as earning, count(*) as n from events where type = 'EarningReversed' group by 1`.execute(stack.db);
    expect(reversals.length).toBe(REVERSALS);
    expect(reversals.filter((r) => Number(r.n) !== 1)).toEqual([]);

    const earnings = await stack.db
      .selectFrom('earnings')
      .select(['transaction_id', 'status', 'amount_pence'])
      .where('transaction_id', 'like', `${run}-%`)
      .execute();
    expect(earnings).toHaveLength(CREDITS);
    const reversedTx = new Set([...reversed].map((c) => c.tx));
    const byTx = new Map(credits.map((c) => [c.tx, c]));
    // The read model shows a reversed earning as rejected.
    const wrongRows = earnings.filter(
      (row) =>
        row.amount_pence !== byTx.get(row.transaction_id!)!.pence || (row.status === 'rejected') !== reversedTx.has(row.transaction_id!),
    );
    expect(wrongRows).toEqual([]);
    console.log(
      `R1: ${CREDITS} credits + ${DUPLICATES} duplicates + ${REVERSALS} reversals (+${repeatedReversals.length} repeated) over ${MEMBERS} members`,
    );
  });
});
