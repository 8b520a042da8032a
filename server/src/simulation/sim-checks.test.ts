import { streams, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { userDecider, walletDecider } from '@playquid/domain';
import { PersonalDataVault } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { checkRun, findOwner, type RunOutcome } from './sim-checks';

class FixedClock extends Clock {
  now() {
    return new Date('2026-11-22T10:00:00.000Z');
  }
}

/** Ana registered with her welcome bonus and nothing else. */
async function givenAna(): Promise<RunOutcome> {
  const store = new EncryptingEventStore(new InMemoryEventStore(), PersonalDataVault.inMemory());
  const clock = new FixedClock();
  await handleCommand(store, streams.user('ana'), userDecider, {
    type: 'RegisterUser',
    uid: 'ana',
    email: 'ana@sim.test',
    username: 'ana',
    gender: null,
    referredBy: null,
    emailVerified: true,
    now: clock.nowIso(),
  });
  await handleCommand(store, streams.wallet('ana'), walletDecider, { type: 'GrantWelcomeBonus', uid: 'ana', earningId: 'bonus-ana', now: clock.nowIso() });
  return { store, clock, uids: ['ana'], emails: new Map([['ana', 'ana@sim.test']]), referredBy: new Map([['ana', null]]), txs: [], sent: new Map(), payoutOwner: new Map() };
}

describe('checkRun', () => {
  it('passes a wallet that holds exactly what the history gave', async () => {
    expect(await checkRun(await givenAna())).toEqual([]);
  });

  it('names the member whose money differs from the history, with both figures', async () => {
    const run = await givenAna();
    const failures = await checkRun({ ...run, txs: [{ uid: 'ana', tx: 't-1', amountPence: 120, states: ['COMPLETED'] }] });
    expect(failures).toEqual([`ana: available+reserved+paid ${WELCOME_BONUS_PENCE} (expected ${WELCOME_BONUS_PENCE + 120}), pending 0 (expected 0)`]);
  });

  it('reports a reward delivered for a payout no wallet holds', async () => {
    const run = await givenAna();
    const failures = await checkRun({ ...run, sent: new Map([['p-9', { payoutId: 'p-9', amountPence: 500, rewardId: 'rw-1', bounced: false }]]) });
    expect(failures).toEqual(['payout p-9: 500p delivered for a payout of 0p']);
  });

  it('finds no owner for a payout nobody requested', async () => {
    const { store } = await givenAna();
    expect(await findOwner(store, 'p-9', ['ana'])).toBeUndefined();
  });
});
