import type { ClaimOpened } from '@playquid/contracts';
import type { ClaimRow } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import { ClaimViews, filtersOf } from './claim-views';
import type { AdminClaimsQueryDto } from './claims.dto';
import type { AdminClaimRow } from './claims.repository';

// Friday 27 November 2026: two business days later is Tuesday 1 December.
const OPENED = '2026-11-27T09:00:00.000Z';
const views = new ClaimViews(2);

const opened: ClaimOpened = {
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
    startedAt: '2026-11-25T10:00:00.000Z',
    callbacks: [],
    missing: 'No credit yet for: Reach level 10',
    note: 'Reached level 10 on Tuesday',
    evidence: null,
    openedAt: OPENED,
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
  status: 'declined',
  started_at: new Date('2026-11-25T10:00:00.000Z'),
  callbacks: [],
  missing: 'No credit yet for: Reach level 10',
  note: 'Reached level 10 on Tuesday',
  evidence: null,
  opened_at: new Date(OPENED),
  waiting_at: null,
  decided_at: new Date('2026-11-30T12:00:00.000Z'),
  decision_reason: 'No level 10 on record',
  earning_id: null,
} as unknown as ClaimRow;

describe('ClaimViews', () => {
  it('shows a claim just opened as open, in pounds and pence, answered within the business days configured', () => {
    expect(views.claimOfEvent(opened)).toMatchObject({
      id: 'c-1',
      status: 'open',
      amount: 1.5,
      amount_pence: 150,
      opened_at: OPENED,
      decided_at: null,
      answer_by: expect.stringMatching(/^2026-12-01/),
    });
  });

  it('shows a stored claim with its dates as ISO text and the decision the member sees', () => {
    expect(views.toClaim(row)).toMatchObject({
      status: 'declined',
      started_at: '2026-11-25T10:00:00.000Z',
      opened_at: OPENED,
      waiting_at: null,
      decided_at: '2026-11-30T12:00:00.000Z',
      decision_reason: 'No level 10 on record',
      answer_by: expect.stringMatching(/^2026-12-01/),
    });
  });

  it('adds who the member is and who decided for the admin', () => {
    const admin = views.toAdminClaim({ ...row, user_email: 'ana@example.test', username: 'ana', decided_by: 'admin@playquid.test' } as AdminClaimRow);
    expect(admin).toMatchObject({ id: 'c-1', user_email: 'ana@example.test', username: 'ana', decided_by: 'admin@playquid.test' });
  });

  it("maps the admin list's query to the repository's filters", () => {
    const query = { status: 'open', user_id: 'ana', offer_id: 'o-1', search: 'dragon', page: 1, per_page: 20 } as AdminClaimsQueryDto;
    expect(filtersOf(query)).toEqual({ status: 'open', uid: 'ana', offerId: 'o-1', search: 'dragon' });
  });
});
