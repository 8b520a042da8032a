import { formatPosition, type GlobalPosition, type PlayQuidEventType, QUEUES, type StoredEventMessage } from '@playquid/contracts';
import type { Queue } from 'bullmq';
import { callbackProcessingJobs, callbacksIn } from '../callbacks/callback-jobs';
import type { RecordedEvent } from '../event-store/event-store';
import { approvedPayoutsIn, rewardOrderJobs } from '../rewards/reward-order.jobs';
import { referralSettlementJobs } from '../wallet/referral-settlement.jobs';

export type BulkJobs = Parameters<Queue['addBulk']>[0];

export interface Reaction {
  queue: string;
  /** The jobs a page of the log asks for (the page holds at least one event of the reaction's type). */
  jobs(page: readonly StoredEventMessage[]): BulkJobs;
}

/** What an event asks for besides the projections: event type -> the queue it feeds and the jobs. */
export const REACTIONS: { readonly [T in PlayQuidEventType]?: Reaction } = {
  CallbackReceived: { queue: QUEUES.callbackProcessing, jobs: (page) => callbackProcessingJobs(callbacksIn(page)) },
  PayoutApproved: { queue: QUEUES.rewardOrders, jobs: (page) => rewardOrderJobs(approvedPayoutsIn(page)) },
  PayoutRewardResendRequested: { queue: QUEUES.rewardOrders, jobs: (page) => rewardOrderJobs(approvedPayoutsIn(page)) },
  MemberQualified: { queue: QUEUES.referralSettlements, jobs: (page) => referralSettlementJobs(page) },
  MemberQualificationLost: { queue: QUEUES.referralSettlements, jobs: (page) => referralSettlementJobs(page) },
};

/** The reactions a page of the log asks for: one per reaction whose event type the page holds. */
export function reactionsTo(page: readonly StoredEventMessage[]): Reaction[] {
  const types = new Set(page.map((m) => m.type));
  return Object.entries(REACTIONS)
    .filter(([type]) => types.has(type))
    .map(([, reaction]) => reaction);
}

export function toMessage(event: RecordedEvent, previous: GlobalPosition): StoredEventMessage {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    position: formatPosition(event.position),
    previousPosition: formatPosition(previous),
    createdAt: event.createdAt.toISOString(),
  };
}
