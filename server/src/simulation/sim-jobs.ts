import { type StoredEventMessage, START_POSITION } from '@playquid/contracts';
import { callbackProcessingJobs, callbacksIn } from '../callbacks/callback-jobs';
import { ProcessMemberCallbacksCommand, type ProcessMemberCallbacksHandler } from '../callbacks/process-callback.command';
import type { EventStore } from '../event-store/event-store';
import { toMessage } from '../forwarder/forwarder-reactions';
import { PlaceRewardOrderCommand, type PlaceRewardOrderHandler } from '../rewards/reward-order.command';
import { approvedPayoutsIn, rewardOrderJobs } from '../rewards/reward-order.jobs';
import { TremendousError } from '../rewards/tremendous.client';
import { SettleReferralCommand, type SettleReferralHandler } from '../wallet/referral-settlement.command';
import { referralSettlementJobs } from '../wallet/referral-settlement.jobs';
import type { Seeded } from './sim-history';

export type Job = { kind: 'callbacks'; data: { userId: string; callbacks: Array<{ transactionId: string; callbackId: string }> } } | { kind: 'order'; data: { uid: string; payoutId: string; attempt?: number }; attempts: number } | { kind: 'settle'; friendUid: string };

/**
 * The simulation's forwarder and queue: `forward` reads the log after its cursor and queues the jobs
 * the real job builders ask for; `work` runs up to `parallel` of them at once, in a seeded order, on
 * the real handlers. A job that throws a retryable error (contention, a retryable Tremendous error)
 * is queued again as BullMQ would; any other error is a failure. A seeded share of done jobs is
 * delivered again (at least once).
 */
export function simJobs(
  store: EventStore,
  { random, pick, chance }: Pick<Seeded, 'random' | 'pick' | 'chance'>,
  { processes, settlement, orders }: { processes: ProcessMemberCallbacksHandler[]; settlement: SettleReferralHandler; orders: PlaceRewardOrderHandler },
) {
  const queue: Job[] = [];
  let cursor = START_POSITION;
  let previous = START_POSITION;
  /** The forwarder: what the log asks for, through the real job builders. */
  const forward = async () => {
    const page = await store.readAll({ after: cursor });
    if (page.length === 0) return;
    const messages: StoredEventMessage[] = page.map((event) => {
      const message = toMessage(event, previous);
      previous = event.position;
      return message;
    });
    cursor = page[page.length - 1].position;
    for (const job of callbackProcessingJobs(callbacksIn(messages))) queue.push({ kind: 'callbacks', data: job.data });
    for (const job of rewardOrderJobs(approvedPayoutsIn(messages))) queue.push({ kind: 'order', data: job.data, attempts: 0 });
    for (const job of referralSettlementJobs(messages)) queue.push({ kind: 'settle', friendUid: job.data.friendUid });
  };

  let jobsRun = 0;
  let redelivered = 0;
  const failures: string[] = [];
  const runJob = async (job: Job): Promise<void> => {
    jobsRun++;
    try {
      if (job.kind === 'callbacks') await pick(processes).execute(new ProcessMemberCallbacksCommand(job.data.userId, job.data.callbacks));
      else if (job.kind === 'settle') await settlement.execute(new SettleReferralCommand(job.friendUid));
      else {
        job.attempts++;
        await orders.execute(new PlaceRewardOrderCommand(job.data, job.attempts >= 4));
      }
    } catch (error) {
      // BullMQ retries a thrown job (contention, a retryable Tremendous error) until its attempts run out.
      const retryable = error instanceof TremendousError || (error instanceof Error && /revision|kept changing/i.test(`${error.name} ${error.message}`));
      if (!retryable) failures.push(`job ${job.kind} threw: ${error instanceof Error ? error.stack : String(error)}`);
      else queue.push(job);
      return;
    }
    // At least once: a worker may die after doing the work and before the ack.
    if (chance(0.1)) {
      redelivered++;
      queue.push(job.kind === 'order' ? { ...job } : job);
    }
  };
  /** Runs up to `parallel` queued jobs at once, in a seeded order. */
  const work = async (parallel: number) => {
    const batch: Job[] = [];
    while (queue.length > 0 && batch.length < parallel) batch.push(queue.splice(Math.floor(random() * queue.length), 1)[0]);
    await Promise.all(batch.map(runJob));
  };
  return { queue, forward, work, failures, counts: () => ({ jobsRun, redelivered }) };
}
