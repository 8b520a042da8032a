import type { ClaimEvent, ClaimTaskEvent, OfferTask } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { deciderSpec } from '../testing/decider-spec';
import { walletDecider } from '../wallet/wallet.decider';
import {
  addBusinessDays,
  CLAIM_ALREADY_APPROVED_MESSAGE,
  CLAIM_ALREADY_CREDITED_MESSAGE,
  CLAIM_ALREADY_DECLINED_MESSAGE,
  CLAIM_CREDITED_SINCE_MESSAGE,
  CLAIM_DUPLICATE_MESSAGE,
  CLAIM_EXISTS_MESSAGE,
  CLAIM_NO_REWARD_MESSAGE,
  CLAIM_NOT_APPROVED_MESSAGE,
  CLAIM_NOT_FOUND,
  CLAIM_NOT_OPEN_MESSAGE,
  CLAIM_NOT_STARTED_MESSAGE,
  CLAIM_UNKNOWN_TASK_MESSAGE,
  claimDecider,
  claimTaskDecider,
} from './claim.decider';

const STARTED = '2026-11-20T10:00:00.000Z';
const DAY_LATER = '2026-11-21T10:00:00.000Z';
const LATER = '2026-11-22T09:00:00.000Z';
const tasks: OfferTask[] = [
  { eventId: 'ev-1', name: 'Install', typeId: 1, rewardPence: 20, payoutUsd: null, ttcMinutes: 5 },
  { eventId: 'ev-2', name: 'Reach level 10', typeId: 2, rewardPence: 150, payoutUsd: null, ttcMinutes: 600 },
  { eventId: 'ev-0', name: 'Watch intro', typeId: 5, rewardPence: 0, payoutUsd: null, ttcMinutes: 1 },
];
const callbacks = [
  {
    transactionId: 'tx-1',
    taskId: 'ev-1',
    taskName: 'Install',
    state: 'COMPLETED',
    rewardPence: 20,
    receivedAt: '2026-11-20T10:05:00.000Z',
  },
];
const open = (overrides: Partial<Extract<Parameters<typeof claimDecider.decide>[0], { type: 'OpenClaim' }>> = {}) =>
  ({
    type: 'OpenClaim',
    claimId: 'c-1',
    uid: 'ana',
    offer: { offerId: 'o-1', apiId: '5011', title: 'Dragon Clash', tasks },
    taskId: 'ev-2',
    startedAt: STARTED,
    minAgeHours: 24,
    creditedTaskIds: ['ev-1'],
    callbacks,
    note: 'Reached level 10 on Tuesday',
    evidence: 'Order 1234',
    now: LATER,
    ...overrides,
  }) as const;
const opened: ClaimEvent = {
  type: 'ClaimOpened',
  data: {
    claimId: 'c-1',
    uid: 'ana',
    offerId: 'o-1',
    apiId: '5011',
    offerTitle: 'Dragon Clash',
    taskId: 'ev-2',
    taskName: 'Reach level 10',
    rewardPence: 150,
    startedAt: STARTED,
    callbacks,
    missing: 'No credit yet for: Reach level 10, Watch intro',
    note: 'Reached level 10 on Tuesday',
    evidence: 'Order 1234',
    openedAt: LATER,
  },
};
const admin = { by: 'admin@playquid.test', byUid: 'bob' };
const waiting: ClaimEvent = {
  type: 'ClaimMarkedWaiting',
  data: { claimId: 'c-1', uid: 'ana', ...admin, note: 'Asked BitLabs', markedAt: LATER },
};
const approved: ClaimEvent = {
  type: 'ClaimApproved',
  data: { claimId: 'c-1', uid: 'ana', earningId: 'claim-c-1', amountPence: 150, ...admin, reason: 'BitLabs confirmed', approvedAt: LATER },
};
const declined: ClaimEvent = {
  type: 'ClaimDeclined',
  data: { claimId: 'c-1', uid: 'ana', ...admin, reason: 'No install on record', declinedAt: LATER },
};
const mark = { type: 'MarkClaimWaiting', claimId: 'c-1', note: 'Asked BitLabs', now: LATER, ...admin } as const;
const approve = { type: 'ApproveClaim', claimId: 'c-1', reason: 'BitLabs confirmed', now: LATER, ...admin } as const;
const decline = { type: 'DeclineClaim', claimId: 'c-1', reason: 'No install on record', now: LATER, ...admin } as const;

const spec = deciderSpec(claimDecider);

describe('claim decider: opening', () => {
  it('opens a claim pre-filled from our log: start, callbacks received and what is missing', () => {
    spec.given([]).when(open()).then([opened]);
  });

  it('opens exactly when the waiting time after the start has passed', () => {
    spec
      .given([])
      .when(open({ now: DAY_LATER }))
      .then([{ ...opened, data: { ...opened.data, openedAt: DAY_LATER } } as ClaimEvent]);
  });

  it('refuses a claim before the waiting time, saying from when (UK time)', () => {
    spec
      .given([])
      .when(open({ now: '2026-11-21T09:59:59.000Z' }))
      .thenThrows(
        'Partners can take a while to report a completion, so you can report missing credit from Sat 21 Nov, 10:00 (UK time), 24 hours after you started this offer',
      );
  });

  it('refuses an offer the member never started, an unknown task, a task paying nothing, a task already credited, and a second open of one claim', () => {
    spec
      .given([])
      .when(open({ startedAt: null }))
      .thenThrows(CLAIM_NOT_STARTED_MESSAGE);
    spec
      .given([])
      .when(open({ taskId: 'ev-9' }))
      .thenThrows(CLAIM_UNKNOWN_TASK_MESSAGE);
    spec
      .given([])
      .when(open({ taskId: 'ev-0' }))
      .thenThrows(CLAIM_NO_REWARD_MESSAGE);
    spec
      .given([])
      .when(open({ taskId: 'ev-1' }))
      .thenThrows(CLAIM_ALREADY_CREDITED_MESSAGE);
    spec.given([opened]).when(open()).thenThrows(CLAIM_EXISTS_MESSAGE);
  });
});

describe('claim decider: an admin works the claim', () => {
  it('marks an open claim as waiting on the partner, once', () => {
    spec.given([opened]).when(mark).then([waiting]);
    spec.given([opened, waiting]).when(mark).then([]);
    spec.given([opened, declined]).when(mark).thenThrows(CLAIM_NOT_OPEN_MESSAGE);
    spec.given([opened, approved]).when(mark).thenThrows(CLAIM_NOT_OPEN_MESSAGE);
  });

  it("approves an open or waiting claim for the task's reward, with the admin and reason; a repeat changes nothing", () => {
    spec.given([opened]).when(approve).then([approved]);
    spec.given([opened, waiting]).when(approve).then([approved]);
    spec.given([opened, approved]).when(approve).then([]);
  });

  it('declines an open or waiting claim with a reason the member sees', () => {
    spec.given([opened]).when(decline).then([declined]);
    spec.given([opened, waiting]).when(decline).then([declined]);
  });

  it('refuses to approve a declined claim, to decline an approved or declined one', () => {
    spec.given([opened, declined]).when(approve).thenThrows(CLAIM_ALREADY_DECLINED_MESSAGE);
    spec.given([opened, approved]).when(decline).thenThrows(CLAIM_ALREADY_APPROVED_MESSAGE);
    spec.given([opened, declined]).when(decline).thenThrows(CLAIM_ALREADY_DECLINED_MESSAGE);
  });

  it('declines an approved claim whose credit the wallet refused, with the reason in words; once', () => {
    const withdraw = {
      type: 'WithdrawClaimApproval',
      claimId: 'c-1',
      refusal: CLAIM_CREDITED_SINCE_MESSAGE,
      now: LATER,
      ...admin,
    } as const;
    const withdrawn: ClaimEvent = {
      type: 'ClaimDeclined',
      data: {
        ...declined.data,
        reason: 'The partner credited this task while the claim was open, so the task is paid once, by the partner',
      },
    } as ClaimEvent;
    spec.given([opened, approved]).when(withdraw).then([withdrawn]);
    spec.given([opened, approved, withdrawn]).when(withdraw).then([]);
    spec.given([opened]).when(withdraw).thenThrows(CLAIM_NOT_APPROVED_MESSAGE);
    spec.given([opened, waiting]).when(withdraw).thenThrows(CLAIM_NOT_APPROVED_MESSAGE);
    expect(fold(claimDecider, [opened, approved, withdrawn]).status).toBe('declined');
  });

  it('refuses an admin acting on their own claim, and a claim that does not exist', () => {
    const own = { by: 'ana@playquid.test', byUid: 'ana' };
    for (const command of [mark, approve, decline]) {
      spec
        .given([opened])
        .when({ ...command, ...own })
        .thenThrows('Admins cannot act on their own money; another admin must do this');
      spec.given([]).when(command).thenThrows(CLAIM_NOT_FOUND);
    }
  });
});

describe('claim task: at most one open or approved claim per member, offer and task', () => {
  const taskSpec = deciderSpec(claimTaskDecider);
  const key = { uid: 'ana', offerId: 'o-1', taskId: 'ev-2' };
  const held = (claimId: string): ClaimTaskEvent => ({ type: 'ClaimTaskHeld', data: { ...key, claimId, heldAt: LATER } });
  const released = (claimId: string): ClaimTaskEvent => ({ type: 'ClaimTaskReleased', data: { ...key, claimId, releasedAt: LATER } });
  const hold = (claimId: string) => ({ type: 'HoldClaimTask', ...key, claimId, now: LATER }) as const;
  const release = (claimId: string) => ({ type: 'ReleaseClaimTask', ...key, claimId, now: LATER }) as const;

  it('holds the task for the first claim and refuses a second', () => {
    taskSpec
      .given([])
      .when(hold('c-1'))
      .then([held('c-1')]);
    taskSpec
      .given([held('c-1')])
      .when(hold('c-1'))
      .then([]);
    taskSpec
      .given([held('c-1')])
      .when(hold('c-2'))
      .thenThrows(CLAIM_DUPLICATE_MESSAGE);
  });

  it('a declined claim releases the task for a new claim', () => {
    taskSpec
      .given([held('c-1')])
      .when(release('c-1'))
      .then([released('c-1')]);
    taskSpec
      .given([held('c-1'), released('c-1')])
      .when(hold('c-2'))
      .then([held('c-2')]);
    taskSpec
      .given([held('c-2')])
      .when(release('c-1'))
      .then([]);
  });
});

describe('wallet: an approved claim is credited as an earning with source claim', () => {
  const credit = {
    type: 'CreditClaim',
    uid: 'ana',
    claimId: 'c-1',
    earningId: 'claim-c-1',
    offerId: '5011',
    offerName: 'Dragon Clash',
    taskId: 'ev-2',
    taskName: 'Reach level 10',
    amountPence: 150,
    by: 'admin@playquid.test',
    byUid: 'bob',
    reason: 'BitLabs confirmed',
    now: LATER,
  } as const;
  const walletSpec = deciderSpec(walletDecider);

  it('credits the approved amount once, with the admin and the reason, and the member qualifies', () => {
    const credited = walletDecider.decide(credit, walletDecider.initialState());
    expect(credited).toEqual([
      {
        type: 'EarningCredited',
        data: {
          uid: 'ana',
          earningId: 'claim-c-1',
          callbackId: 'claim-c-1',
          transactionId: 'claim-c-1',
          offerId: '5011',
          offerName: 'Dragon Clash',
          taskId: 'ev-2',
          taskName: 'Reach level 10',
          amountPence: 150,
          rawUsd: null,
          status: 'approved',
          source: 'claim',
          claimId: 'c-1',
          approvedBy: 'admin@playquid.test',
          approvedByUid: 'bob',
          reason: 'BitLabs confirmed',
          creditedAt: LATER,
        },
      },
      { type: 'MemberQualified', data: { uid: 'ana', sequence: 1, qualifiedAt: LATER } },
    ]);
    expect(fold(walletDecider, credited).availablePence).toBe(150);
    walletSpec.given(credited).when(credit).then([]);
  });

  it('refuses the admin crediting their own account and a credit of nothing', () => {
    walletSpec
      .given([])
      .when({ ...credit, byUid: 'ana' })
      .thenThrows('Admins cannot act on their own money; another admin must do this');
    walletSpec
      .given([])
      .when({ ...credit, amountPence: 0 })
      .thenThrows('A claim credit must be a positive amount');
  });
});

describe('service clock', () => {
  it('counts business days, skipping weekends', () => {
    expect(addBusinessDays('2026-11-27T12:00:00.000Z', 5)).toBe('2026-12-04T12:00:00.000Z'); // Friday to Friday
    expect(addBusinessDays('2026-11-28T12:00:00.000Z', 1)).toBe('2026-11-30T12:00:00.000Z'); // Saturday to Monday
  });
});
