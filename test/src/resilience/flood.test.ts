import { WELCOME_BONUS_PENCE } from '@playquid/contracts';
import type { EmulatorUser } from '@playquid/scripts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, signedPath } from '../support/money';
import { eventCount, mapLimit, settled } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

/**
 * A bounded anonymous flood of bad-hash callbacks from one address: nothing of it may reach the
 * event log, and a genuine signed credit sent in the middle of it still lands at once.
 */
let stack: Stack;
let member: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  member = await registeredMember(stack, { label: 'flood' });
  // The balance the genuine credit adds to: the welcome bonus once projected (a quiet event log
  // alone does not mean the projections have caught up with it).
  await availableBecomes(stack, member, WELCOME_BONUS_PENCE);
});
afterAll(() => stack?.close());

const FLOOD = 2_000;
const IN_FLIGHT = 48;

describe('flood of unsigned callbacks', () => {
  it('leaves the event log unchanged while a genuine credit still reaches the balance', { timeout: 120_000 }, async () => {
    const before = await settled(stack);
    const forged = (i: number) => {
      const path = signedPath({ uid: member.uid, amount: '9.99', tx: `flood-${i}` });
      // Half tampered after signing, half with the hash missing altogether.
      return i % 2 ? path.replace('val=9.99', 'val=99.99') : path.replace(/&hash=[^&]*/, '');
    };

    let genuine: Promise<{ status: number; latencyMs: number }> | undefined;
    const statuses = await mapLimit(
      Array.from({ length: FLOOD }, (_, i) => i),
      IN_FLIGHT,
      async (i) => {
        if (i === FLOOD / 4) {
          genuine = (async () => {
            const started = Date.now();
            const response = await stack.http.get(signedPath({ uid: member.uid, amount: '1.25', tx: 'flood-genuine' }));
            await eventually(async () => {
              const available = (await balanceOf(stack, member)).available_pence;
              // Thrown, so a timeout says what the balance was.
              if (available !== WELCOME_BONUS_PENCE + 125) throw new Error(`available_pence is ${available}`);
              return true;
            }, 30_000);
            return { status: response.status, latencyMs: Date.now() - started };
          })();
        }
        const response = await stack.http.get(forged(i));
        if (!response.body?.message) throw new Error(`a refused callback must say why: ${response.status} ${response.text.slice(0, 200)}`);
        return response.status;
      },
    );
    const counts = statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});
    const credit = await genuine!;
    console.log(
      `flood: ${FLOOD} unsigned requests answered ${JSON.stringify(counts)}; the genuine credit reached the balance in ${credit.latencyMs} ms`,
    );

    expect(credit.status).toBe(200);
    expect(
      Object.keys(counts)
        .map(Number)
        .every((s) => s === 403 || s === 429),
    ).toBe(true);
    await settled(stack);
    const { rows } = await sql<{ stream_id: string; type: string }>`
      select stream_id, type from events order by transaction_id, sequence offset ${before}`.execute(stack.db);
    expect(rows.map((r) => r.stream_id).every((s) => s === 'callback-flood-genuine' || s === `wallet-${member.uid}`)).toBe(true);
    expect(rows.filter((r) => r.type === 'EarningCredited')).toHaveLength(1);
    expect(await eventCount(stack)).toBe(before + rows.length);
    expect(rows.length).toBeLessThanOrEqual(4);
  });
});
