import { type OfferTask, streams } from '@playquid/contracts';
import {
  CLAIM_ALREADY_DECLINED_MESSAGE,
  CLAIM_CREDITED_SINCE_MESSAGE,
  type ClaimCommand,
  claimDecider,
  claimTaskDecider,
} from '@playquid/domain';
import { earningCredited } from '@playquid/domain/testing';
import { PersonalDataVault } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/auth.types';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { ClaimDecisions } from './claim-decisions';
import type { ClaimsRepository } from './claims.repository';

const STARTED = '2026-11-20T10:00:00.000Z';
const LATER = '2026-11-22T09:00:00.000Z';
const tasks: OfferTask[] = [
  { eventId: 'ev-1', name: 'Install', typeId: 1, rewardPence: 20, payoutUsd: null, ttcMinutes: 5 },
  { eventId: 'ev-2', name: 'Reach level 10', typeId: 2, rewardPence: 150, payoutUsd: null, ttcMinutes: 600 },
];
const admin = { uid: 'bob', email: 'admin@playquid.test' } as AuthUser;

class FixedClock extends Clock {
  now() {
    return new Date(LATER);
  }
}

type Earning = Awaited<ReturnType<ClaimsRepository['memberOfferEarnings']>>[number];

/** Ana's open claim for 'Reach level 10', opened as ClaimsService.open writes it. */
async function givenOpenClaim(partnerEarnings: Partial<Earning>[] = []) {
  const store = new EncryptingEventStore(new InMemoryEventStore(), PersonalDataVault.inMemory());
  const command: ClaimCommand = {
    type: 'OpenClaim',
    claimId: 'c-1',
    uid: 'ana',
    offer: { offerId: 'o-1', apiId: '5011', title: 'Dragon Clash', tasks },
    taskId: 'ev-2',
    startedAt: STARTED,
    minAgeHours: 24,
    creditedTaskIds: ['ev-1'],
    callbacks: [],
    note: 'Reached level 10 on Tuesday',
    evidence: null,
    now: LATER,
  };
  await handleCommand(store, streams.claimTask('ana', 'o-1', 'ev-2'), claimTaskDecider, {
    type: 'HoldClaimTask',
    uid: 'ana',
    offerId: 'o-1',
    taskId: 'ev-2',
    claimId: 'c-1',
    now: LATER,
  });
  await handleCommand(store, streams.claim('c-1'), claimDecider, command, { expectNewStream: true });
  const repository = { memberOfferEarnings: async () => partnerEarnings as Earning[] } as unknown as ClaimsRepository;
  return { store, decisions: new ClaimDecisions(store, new FixedClock(), repository) };
}

describe('ClaimDecisions', () => {
  it("approving credits the task's reward to the member's wallet once, even when the approval is retried", async () => {
    const { store, decisions } = await givenOpenClaim();
    const first = await decisions.approve(admin, 'c-1', { reason: 'BitLabs confirmed' });
    expect(first).toMatchObject({ id: 'c-1', status: 'approved', amount: 1.5, amount_pence: 150, credited: true });
    const credited = (await store.readStream(streams.wallet('ana'))).map((e) => e.type);
    expect(credited.length).toBeGreaterThan(0);
    const again = await decisions.approve(admin, 'c-1', { reason: 'BitLabs confirmed' });
    expect(again).toMatchObject({ status: 'approved', credited: false });
    expect((await store.readStream(streams.wallet('ana'))).map((e) => e.type)).toEqual(credited);
  });

  it('refuses to approve a claim whose task the partner credited since (409), writing nothing', async () => {
    const { store, decisions } = await givenOpenClaim([{ id: 'e-9', status: 'pending', task_id: 'ev-2', task_name: 'Reach level 10' }]);
    await expect(decisions.approve(admin, 'c-1', { reason: 'BitLabs confirmed' })).rejects.toMatchObject({
      message: CLAIM_CREDITED_SINCE_MESSAGE,
    });
    expect((await store.readStream(streams.claim('c-1'))).map((e) => e.type)).toEqual(['ClaimOpened']);
    expect(await store.readStream(streams.wallet('ana'))).toHaveLength(0);
  });

  it('declines, frees the task and credits nothing when the partner paid the task after the read-model check (409)', async () => {
    // The read model has not seen the partner's credit yet; the wallet stream has.
    const { store, decisions } = await givenOpenClaim();
    await store.appendToStream(streams.wallet('ana'), [
      earningCredited({ uid: 'ana', earningId: 'e-9', offerId: '5011', taskId: 'ev-2', taskName: 'Reach level 10', amountPence: 150 }),
    ]);
    await expect(decisions.approve(admin, 'c-1', { reason: 'BitLabs confirmed' })).rejects.toMatchObject({
      message:
        'The partner credited this task while the claim was open, so the task is paid once, by the partner. The claim is declined and nothing was credited.',
    });
    const claim = await store.readStream(streams.claim('c-1'));
    expect(claim.map((e) => e.type)).toEqual(['ClaimOpened', 'ClaimApproved', 'ClaimDeclined']);
    expect((await store.readStream(streams.claimTask('ana', 'o-1', 'ev-2'))).map((e) => e.type)).toEqual([
      'ClaimTaskHeld',
      'ClaimTaskReleased',
    ]);
    expect((await store.readStream(streams.wallet('ana'))).map((e) => e.type)).toEqual(['EarningCredited']);
    // Approving again is refused: the claim is declined.
    await expect(decisions.approve(admin, 'c-1', { reason: 'BitLabs confirmed' })).rejects.toMatchObject({
      message: CLAIM_ALREADY_DECLINED_MESSAGE,
    });
  });

  it('declining gives the member the reason and frees the task for a new claim', async () => {
    const { store, decisions } = await givenOpenClaim();
    expect(await decisions.decline(admin, 'c-1', { reason: 'No level 10 on record' })).toEqual({
      id: 'c-1',
      status: 'declined',
      reason: 'No level 10 on record',
    });
    const task = await store.readStream(streams.claimTask('ana', 'o-1', 'ev-2'));
    expect(task.map((e) => e.type)).toEqual(['ClaimTaskHeld', 'ClaimTaskReleased']);
  });

  it('marks an open claim as waiting on the partner', async () => {
    const { decisions } = await givenOpenClaim();
    expect(await decisions.markWaiting(admin, 'c-1', { note: 'Asked BitLabs' })).toEqual({ id: 'c-1', status: 'waiting_partner' });
  });
});
