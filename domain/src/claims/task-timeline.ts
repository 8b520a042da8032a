import type { ClaimStatus, OfferTask, TaskTimelineEntry, TaskTimelineState } from '@playquid/contracts';
import { claimableFrom } from './claim.decider';

/** A member's earning of the offer, as the read tables hold it. */
export interface TimelineEarning {
  id: string;
  taskId: string | null;
  taskName: string | null;
  status: string;
  amountPence: number;
  creditedAt: string;
  updatedAt: string;
  expectedClearAt: string | null;
  reversal: { at: string; reason: string } | null;
}

export interface TimelineClaim {
  id: string;
  taskId: string;
  status: ClaimStatus;
  openedAt: string;
}

export interface TimelineInput {
  tasks: readonly OfferTask[];
  startedAt: string | null;
  earnings: readonly TimelineEarning[];
  claims: readonly TimelineClaim[];
  minAgeHours: number;
  now: string;
}

const forTask = (task: OfferTask) => (e: { taskId: string | null; taskName: string | null }) =>
  e.taskId === task.eventId || e.taskName === task.name;
const newestFirst = <T>(items: T[], at: (item: T) => string) => [...items].sort((a, b) => Date.parse(at(b)) - Date.parse(at(a)));

/**
 * Each task's state from our own events: approved or pending while a credit stands; claimed while a
 * claim is open (or waiting on the partner); reversed when the last credit was taken back; started
 * once the member started the offer; not started otherwise. 'Report missing credit' is offered for
 * a started task with no standing credit and no open or approved claim.
 */
export function taskTimeline(input: TimelineInput): TaskTimelineEntry[] {
  return input.tasks.map((task) => {
    const earnings = newestFirst(input.earnings.filter(forTask(task)), (e) => e.creditedAt);
    const standing = earnings.find((e) => e.status !== 'rejected');
    const reversed = earnings.find((e) => e.status === 'rejected' && e.reversal);
    const claims = newestFirst(
      input.claims.filter((c) => c.taskId === task.eventId),
      (c) => c.openedAt,
    );
    const openClaim = claims.find((c) => c.status === 'open' || c.status === 'waiting_partner');
    const claim = openClaim ?? claims[0] ?? null;

    let state: TaskTimelineState = input.startedAt ? 'started' : 'not_started';
    if (standing) state = standing.status === 'pending' ? 'pending' : 'approved';
    else if (openClaim) state = 'claimed';
    else if (reversed) state = 'reversed';

    const shown = standing ?? reversed ?? null;
    const from = input.startedAt ? claimableFrom(input.startedAt, input.minAgeHours) : null;
    const blocked = !input.startedAt || Boolean(standing) || claims.some((c) => c.status !== 'declined') || task.rewardPence <= 0;
    return {
      task_id: task.eventId,
      task_name: task.name,
      reward_pence: task.rewardPence,
      state,
      started_at: input.startedAt,
      earning_id: shown?.id ?? null,
      credited_at: shown?.creditedAt ?? null,
      expected_clear_at: standing?.status === 'pending' ? standing.expectedClearAt : null,
      approved_at: standing && standing.status !== 'pending' ? standing.updatedAt : null,
      reversed_at: !standing && reversed ? reversed.reversal!.at : null,
      reversal_reason: !standing && reversed ? reversed.reversal!.reason : null,
      reversed_amount_pence: !standing && reversed ? reversed.amountPence : null,
      claim: claim ? { id: claim.id, status: claim.status, opened_at: claim.openedAt } : null,
      can_claim: !blocked && from !== null && Date.parse(input.now) >= Date.parse(from),
      claimable_from: blocked ? null : from,
    };
  });
}
