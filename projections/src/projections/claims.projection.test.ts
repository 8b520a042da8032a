import type { PlayQuidEvent } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { claimsProjection } from './claims.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('claims');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, claimsProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-23T10:00:00.000Z';
const T2 = '2026-11-24T10:00:00.000Z';
const callbacks = [{ transactionId: 'tx-1', taskId: null, taskName: 'Install', state: 'COMPLETED', rewardPence: 20, receivedAt: T0 }];
const opened: PlayQuidEvent = {
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
    startedAt: T0,
    callbacks,
    missing: 'No credit yet for: Reach level 10',
    note: 'Done on Tuesday',
    evidence: null,
    openedAt: T1,
  },
};
const row = {
  id: 'c-1',
  uid: 'ana',
  offer_id: 'o-1',
  api_id: '5011',
  offer_title: 'Dragon Clash',
  task_id: 'ev-2',
  task_name: 'Reach level 10',
  reward_pence: 150,
  status: 'open',
  started_at: new Date(T0),
  callbacks,
  missing: 'No credit yet for: Reach level 10',
  note: 'Done on Tuesday',
  evidence: null,
  opened_at: new Date(T1),
  waiting_at: null,
  decided_at: null,
  decided_by: null,
  decision_reason: null,
  earning_id: null,
  updated_at: new Date(T1),
};
const admin = { by: 'admin@playquid.test', byUid: 'bob' };

describe('claims projection', () => {
  it('an opened claim is an open row with the evidence it was sent with', () => spec.given(opened).then({ claims: [row] }));

  it('waiting on the partner, then approved with the earning it credited', () =>
    spec
      .given(
        opened,
        { type: 'ClaimMarkedWaiting', data: { claimId: 'c-1', uid: 'ana', ...admin, note: null, markedAt: T2 } },
        {
          type: 'ClaimApproved',
          data: { claimId: 'c-1', uid: 'ana', earningId: 'claim-c-1', amountPence: 150, ...admin, reason: 'Confirmed', approvedAt: T2 },
        },
      )
      .then({
        claims: [
          {
            ...row,
            status: 'approved',
            waiting_at: new Date(T2),
            decided_at: new Date(T2),
            decided_by: 'admin@playquid.test',
            decision_reason: 'Confirmed',
            earning_id: 'claim-c-1',
            updated_at: new Date(T2),
          },
        ],
      }));

  it('declined with the reason the member sees', () =>
    spec
      .given(opened, {
        type: 'ClaimDeclined',
        data: { claimId: 'c-1', uid: 'ana', ...admin, reason: 'No install on record', declinedAt: T2 },
      })
      .then({
        claims: [
          {
            ...row,
            status: 'declined',
            decided_at: new Date(T2),
            decided_by: 'admin@playquid.test',
            decision_reason: 'No install on record',
            updated_at: new Date(T2),
          },
        ],
      }));

  it('an approval whose credit the wallet refused, declined after it: no earning left on the row', () =>
    spec
      .given(
        opened,
        {
          type: 'ClaimApproved',
          data: { claimId: 'c-1', uid: 'ana', earningId: 'claim-c-1', amountPence: 150, ...admin, reason: 'Confirmed', approvedAt: T2 },
        },
        { type: 'ClaimDeclined', data: { claimId: 'c-1', uid: 'ana', ...admin, reason: 'Paid by the partner', declinedAt: T2 } },
      )
      .then({
        claims: [
          {
            ...row,
            status: 'declined',
            decided_at: new Date(T2),
            decided_by: 'admin@playquid.test',
            decision_reason: 'Paid by the partner',
            earning_id: null,
            updated_at: new Date(T2),
          },
        ],
      }));
});
