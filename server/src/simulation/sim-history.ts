import { REFERRAL_REWARD_PENCE, WELCOME_BONUS_PENCE } from '@playquid/contracts';

/** The seeded choices a simulation run makes, all drawn from one generator in one order. */
export interface Seeded {
  random: () => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  nextId: (prefix: string) => string;
}

/** Park-Miller LCG: small, fast, and the same sequence for the same seed everywhere. */
export function lcg(seed: number): () => number {
  let state = seed % 2_147_483_647;
  if (state <= 0) state += 2_147_483_646;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

export interface Tx {
  uid: string;
  tx: string;
  amountPence: number;
  /** The callbacks BitLabs sends for this transaction, in the order they are received. */
  states: Array<'PENDING' | 'COMPLETED' | 'RECONCILED' | 'REVERSAL_REF'>;
}

export type Received = { tx: Tx; state: Tx['states'][number] };

/** The BitLabs side of a history: `steps` transactions over the members, their callbacks shuffled. */
export function callbackHistory({ random, pick, chance, nextId }: Seeded, uids: readonly string[], steps: number): { txs: Tx[]; received: Received[] } {
  const txs: Tx[] = [];
  const received: Received[] = [];
  for (let i = 0; i < steps; i++) {
    const uid = pick(uids);
    const tx: Tx = { uid, tx: nextId('o'), amountPence: 1 + Math.floor(random() * 400), states: [] };
    // Stateful mode: PENDING then COMPLETED, sometimes RECONCILED; default mode: COMPLETED, sometimes an "or" reversal.
    if (chance(0.3)) tx.states.push('PENDING');
    if (chance(0.85)) tx.states.push('COMPLETED');
    if (chance(0.25)) tx.states.push(chance(0.5) ? 'RECONCILED' : 'REVERSAL_REF');
    if (tx.states.length === 0) tx.states.push('COMPLETED');
    txs.push(tx);
    for (const state of tx.states) received.push({ tx, state });
  }
  // BitLabs sends them in any order, some twice.
  for (let i = received.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [received[i], received[j]] = [received[j], received[i]];
  }
  return { txs, received };
}

/**
 * The expectation from the history alone (not from the events): a transaction counts unless
 * reversed; approved once any COMPLETED came; a referrer earns the referral reward once their friend
 * has an approved credit.
 */
export function expectedMoney(uids: readonly string[], txs: readonly Tx[], referredBy: ReadonlyMap<string, string | null>) {
  const expected = new Map(uids.map((uid) => [uid, { settled: WELCOME_BONUS_PENCE, pending: 0, qualified: false }]));
  for (const tx of txs) {
    const e = expected.get(tx.uid)!;
    const reversed = tx.states.includes('RECONCILED') || tx.states.includes('REVERSAL_REF');
    const credited = tx.states.includes('PENDING') || tx.states.includes('COMPLETED');
    if (reversed || !credited) continue;
    if (tx.states.includes('COMPLETED')) {
      e.settled += tx.amountPence;
      e.qualified = true;
    } else e.pending += tx.amountPence;
  }
  for (const [uid, referrer] of referredBy) if (referrer && expected.get(uid)!.qualified) expected.get(referrer)!.settled += REFERRAL_REWARD_PENCE;
  return expected;
}
