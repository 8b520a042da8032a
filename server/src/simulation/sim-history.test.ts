import { REFERRAL_REWARD_PENCE, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { callbackHistory, expectedMoney, lcg, type Seeded, type Tx } from './sim-history';

function seeded(seed: number): Seeded {
  const random = lcg(seed);
  let id = 0;
  return { random, pick: (items) => items[Math.floor(random() * items.length)], chance: (p) => random() < p, nextId: (prefix) => `${prefix}-${++id}` };
}

describe('lcg', () => {
  it('gives the same sequence for the same seed, in [0, 1)', () => {
    const [a, b] = [lcg(42), lcg(42)];
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(lcg(43)()).not.toBe(xs[0]);
  });
});

describe('callbackHistory', () => {
  it('gives every transaction at least one callback, all of them received once in a seeded order', () => {
    const { txs, received } = callbackHistory(seeded(5), ['m0', 'm1'], 30);
    expect(txs).toHaveLength(30);
    expect(txs.every((tx) => tx.states.length > 0 && ['m0', 'm1'].includes(tx.uid))).toBe(true);
    expect(received).toHaveLength(txs.reduce((n, tx) => n + tx.states.length, 0));
    expect(callbackHistory(seeded(5), ['m0', 'm1'], 30)).toEqual({ txs, received });
  });
});

describe('expectedMoney', () => {
  const tx = (uid: string, amountPence: number, states: Tx['states']): Tx => ({ uid, tx: `t-${uid}-${amountPence}`, amountPence, states });

  it('settles completed credits, keeps pending-only ones pending and drops reversed ones', () => {
    const expected = expectedMoney(['ana'], [tx('ana', 100, ['COMPLETED']), tx('ana', 30, ['PENDING']), tx('ana', 50, ['PENDING', 'COMPLETED', 'RECONCILED']), tx('ana', 70, ['COMPLETED', 'REVERSAL_REF'])], new Map());
    expect(expected.get('ana')).toEqual({ settled: WELCOME_BONUS_PENCE + 100, pending: 30, qualified: true });
  });

  it('pays the referrer once their friend has an approved credit, not for a pending one', () => {
    const referredBy = new Map([['bea', 'ana'], ['cal', 'ana']]);
    const expected = expectedMoney(['ana', 'bea', 'cal'], [tx('bea', 10, ['COMPLETED']), tx('cal', 10, ['PENDING'])], referredBy);
    expect(expected.get('ana')!.settled).toBe(WELCOME_BONUS_PENCE + REFERRAL_REWARD_PENCE);
  });
});
