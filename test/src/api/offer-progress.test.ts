import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { signedPath } from '../support/money';
import { type OffersStack, startOffersStack } from '../support/offers';
import { eventually } from '../support/stack';

let env: OffersStack;
beforeAll(async () => {
  env = await startOffersStack();
});
afterAll(() => env?.close());

const offerFor = async (idToken?: string) => {
  const request = env.stack.http.get('/api/offers/5011');
  return (await (idToken ? request.set('authorization', `Bearer ${idToken}`) : request).expect(200)).body.data.offer;
};

describe('offer detail: the member’s real progress (tasks completed x/y)', () => {
  it('counts credits whose task the catalogue does not name, never past the number of tasks, and drops reversed ones', async () => {
    const player = await registeredMember(env.stack, { label: 'progress' });
    const credit = (tx: string, taskName: string, amount = '0.10') =>
      env.stack.http.get(signedPath({ uid: player.uid, amount, tx, offerId: '5011', offerName: 'Dragon Clash', taskName })).expect(200);

    expect((await offerFor(player.idToken)).completed_tasks_count).toBe(0);
    // BitLabs' task id or name need not match the catalogue's event: still a completed task.
    await credit(`op-1-${player.uid}`, 'Reach level 3 (partner wording)');
    const one = await eventually(async () => {
      const offer = await offerFor(player.idToken);
      return offer.completed_tasks_count === 1 ? offer : undefined;
    });
    expect(one.events.length).toBe(4);

    for (let i = 2; i <= 6; i++) await credit(`op-${i}-${player.uid}`, `Partner task ${i}`);
    const capped = await eventually(async () => {
      const offer = await offerFor(player.idToken);
      return offer.completed_tasks_count === 4 ? offer : undefined;
    });
    expect(capped.completed_tasks_count).toBe(capped.events.length);

    // Visitors see no one's progress.
    expect((await offerFor()).completed_tasks_count).toBe(0);
  });

  it('a reversed credit is no progress', async () => {
    const player = await registeredMember(env.stack, { label: 'progress-rev' });
    const tx = `op-rev-${player.uid}`;
    await env.stack.http.get(signedPath({ uid: player.uid, amount: '0.20', tx, offerId: '5011', offerName: 'Dragon Clash', taskName: 'Some task' })).expect(200);
    await eventually(async () => ((await offerFor(player.idToken)).completed_tasks_count === 1 ? true : undefined));
    await env.stack.http
      .get(signedPath({ uid: player.uid, amount: '-0.20', tx: `${tx}-r`, state: 'RECONCILED', ref: tx, offerId: '5011', offerName: 'Dragon Clash' }))
      .expect(200);
    await eventually(async () => ((await offerFor(player.idToken)).completed_tasks_count === 0 ? true : undefined));
  });
});
