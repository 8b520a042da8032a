import type { OfferTask } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { type TimelineEarning, taskTimeline } from './task-timeline';

const task = (eventId: string, name: string): OfferTask => ({
  eventId,
  name,
  typeId: 2,
  rewardPence: 100,
  payoutUsd: null,
  ttcMinutes: null,
});
const tasks = ['a', 'b', 'c', 'd', 'e'].map((id) => task(id, `Task ${id}`));
const STARTED = '2026-11-20T10:00:00.000Z';
const NOW = '2026-11-22T10:00:00.000Z';
const earning = (id: string, taskId: string, status: string, reversal: TimelineEarning['reversal'] = null): TimelineEarning => ({
  id,
  taskId,
  taskName: null,
  status,
  amountPence: 100,
  creditedAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-21T11:00:00.000Z',
  expectedClearAt: status === 'pending' ? '2026-12-20T11:00:00.000Z' : null,
  reversal,
});

describe('task timeline', () => {
  it('reads each task from our own events', () => {
    const timeline = taskTimeline({
      tasks,
      startedAt: STARTED,
      earnings: [
        earning('e-a', 'a', 'approved'),
        earning('e-b', 'b', 'pending'),
        earning('e-c', 'c', 'rejected', { at: '2026-11-21T12:00:00.000Z', reason: 'Reversed by BitLabs' }),
      ],
      claims: [{ id: 'k-d', taskId: 'd', status: 'open', openedAt: NOW }],
      minAgeHours: 24,
      now: NOW,
    });
    expect(timeline.map((t) => [t.task_id, t.state, t.can_claim])).toEqual([
      ['a', 'approved', false],
      ['b', 'pending', false],
      ['c', 'reversed', true],
      ['d', 'claimed', false],
      ['e', 'started', true],
    ]);
    expect(timeline[1].expected_clear_at).toBe('2026-12-20T11:00:00.000Z');
    expect(timeline[2]).toMatchObject({ reversal_reason: 'Reversed by BitLabs', reversed_amount_pence: 100, earning_id: 'e-c' });
  });

  it('offers no claim before the start or before the waiting time, and says from when', () => {
    expect(taskTimeline({ tasks, startedAt: null, earnings: [], claims: [], minAgeHours: 24, now: NOW })[0]).toMatchObject({
      state: 'not_started',
      can_claim: false,
    });
    expect(taskTimeline({ tasks, startedAt: STARTED, earnings: [], claims: [], minAgeHours: 72, now: NOW })[0]).toMatchObject({
      state: 'started',
      can_claim: false,
      claimable_from: '2026-11-23T10:00:00.000Z',
    });
  });
});
